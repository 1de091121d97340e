import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BannerGroup } from '@platform/contracts';
import { useConfig } from '@/lib/config';
import { useLanguage } from '@/lib/i18n/i18n';
import { getBanners, noticesQueryKeys, takePrefetchedBanners } from '../api/notices-api';

/** The banners of one group in the current language (spec §3 banner: w_home, w_reg, w_forget, w_leftmenu). */
export function useBanners(group: BannerGroup) {
  const { code: language } = useLanguage();
  const defaultLanguage = useConfig().language.default;
  return useQuery({
    queryKey: noticesQueryKeys.banners(group, language),
    queryFn: ({ signal }) =>
      (group === 'w_home' ? takePrefetchedBanners(language, defaultLanguage) : null) ??
      getBanners(group, language, signal),
    staleTime: 5 * 60_000,
    // A language change keeps the banners on screen until the new ones arrive: no placeholder flash.
    placeholderData: keepPreviousData,
  });
}
