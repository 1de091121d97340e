import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@platform/contracts';
import { ExternalLink } from '@/components/external-link';
import { toSafeUrl } from '@/lib/customer-service';

/** A configured menu entry: in-app routes go through the router, anything else opens a new tab. */
export function MenuLink({ entry, className }: { entry: MenuEntry; className?: string }) {
  const { t } = useTranslation();
  // Labels are keys of our packs; an unknown key shows the menu id rather than a raw key path.
  const label = t(entry.nameKey, { defaultValue: entry.menuId });
  if (entry.route.startsWith('/') && !entry.route.startsWith('//')) {
    return (
      <Link to={entry.route} className={className}>
        {label}
      </Link>
    );
  }
  const href = toSafeUrl(entry.route);
  return href ? (
    <ExternalLink href={href} className={className}>
      {label}
    </ExternalLink>
  ) : null;
}
