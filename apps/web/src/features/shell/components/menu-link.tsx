import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@platform/contracts';
import { ExternalLink } from '@/components/external-link';
import { toSafeUrl } from '@/lib/customer-service';
import { helpAnchorOf, openHelpModal } from '@/lib/site-modals';

/**
 * A configured menu entry: in-app routes go through the router, anything else opens a new tab. With `helpInModal` a
 * help-centre address opens its topic in the helpModal over the page (a click with a modifier key still opens the page).
 */
export function MenuLink({
  entry,
  className,
  helpInModal = false,
}: {
  entry: MenuEntry;
  className?: string;
  helpInModal?: boolean;
}) {
  const { t } = useTranslation();
  // Labels are keys of our packs; an unknown key shows the menu id rather than a raw key path.
  const label = t(entry.nameKey, { defaultValue: entry.menuId });
  const helpAnchor = helpInModal ? helpAnchorOf(entry.route) : undefined;
  if (entry.route.startsWith('/') && !entry.route.startsWith('//')) {
    return (
      <Link
        to={entry.route}
        className={className}
        onClick={(event) => {
          if (helpAnchor === undefined || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          openHelpModal(helpAnchor);
        }}
      >
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
