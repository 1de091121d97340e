import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@platform/contracts';
import { useConfig } from '@/lib/config';
import { MenuLink } from './menu-link';
import { SocialLinks, useHasSocialLinks } from './social-links';
import { VendorLogos } from './vendor-logos';

function LinkColumn({
  title,
  entries,
  help = false,
}: {
  title: string;
  entries: readonly MenuEntry[];
  help?: boolean;
}) {
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <nav className="app-footer__column" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-footer__heading">
        {title}
      </h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry.menuId}>
            <MenuLink entry={entry} className="app-footer__link" helpInModal={help} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Footer (spec §2): help links, product links, follow-us, vendor logos. */
export function Footer() {
  const { t } = useTranslation();
  const socialId = useId();
  const { menu, brand } = useConfig();
  const hasSocial = useHasSocialLinks();
  return (
    <footer className="app-footer" data-testid="app-footer">
      <div className="app-footer__columns">
        <LinkColumn title={t('footer.help')} entries={menu.filter((entry) => entry.placement === 'footer-help')} help />
        <LinkColumn
          title={t('footer.products')}
          entries={menu.filter((entry) => entry.placement === 'footer-product')}
        />
        {hasSocial && (
          <section className="app-footer__column" aria-labelledby={socialId}>
            <h2 id={socialId} className="app-footer__heading">
              {t('footer.followUs')}
            </h2>
            <SocialLinks />
          </section>
        )}
      </div>
      <VendorLogos />
      <p className="app-footer__legal">
        {t('footer.responsible')} © {new Date().getFullYear()} {brand.name}
      </p>
    </footer>
  );
}
