import type { BannerGroup } from '@platform/contracts';
import { useBanners } from '../hooks/use-banners';
import { BannerImage, BannerLink } from './banner-link';

/**
 * The banner of a dialog or of the side menu (spec §2: w_reg on registration, w_forget on forgot password, and
 * w_leftmenu): shown only when the group has one, nothing while it loads or when the call fails.
 */
export function GroupBanner({ group }: { group: Exclude<BannerGroup, 'w_home'> }) {
  const query = useBanners(group);
  const banner = query.data?.[0];
  if (!banner) return null;
  return (
    <div className={`group-banner group-banner--${group}`} data-testid={`banner-${group}`}>
      <BannerLink banner={banner} className="group-banner__link">
        <BannerImage banner={banner} lazy />
      </BannerLink>
    </div>
  );
}
