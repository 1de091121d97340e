import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '@/components/external-link';
import { resourcesOf, useConfig } from '@/lib/config';
import { toSafeUrl } from '@/lib/customer-service';

// Radix Dialog is only needed once someone opens the licence.
const LegalLicenseDialog = lazy(() =>
  import('./legal-license-dialog').then((m) => ({ default: m.LegalLicenseDialog })),
);

/** Legal entry (spec §2): the licence image in the legalLicense modal, and any licence links. */
export function LegalLicense() {
  const { t } = useTranslation();
  const headingId = useId();
  const config = useConfig();
  const [open, setOpen] = useState(false);
  const imageUrl = config.brand.licenseImageUrl ? toSafeUrl(config.brand.licenseImageUrl) : null;
  // A licence link is configured with an English label only (labelNameEn): shown in the player's language instead,
  // numbered when there are several.
  const safeLinks = resourcesOf(config, 'LICENSE').flatMap((entry) => {
    const href = toSafeUrl(entry.url);
    return href ? [href] : [];
  });
  const links = safeLinks.map((href, index) => ({
    href,
    label: safeLinks.length > 1 ? `${t('legal.viewLicence')} ${index + 1}` : t('legal.viewLicence'),
  }));
  if (!imageUrl && links.length === 0) return null;
  return (
    <section className="side-menu__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="side-menu__heading">
        {t('legal.heading')}
      </h2>
      <ul className="side-menu__list">
        {imageUrl && (
          <li>
            <button type="button" className="side-menu__link" onClick={() => setOpen(true)}>
              {t('legal.viewLicence')}
            </button>
          </li>
        )}
        {links.map((link) => (
          <li key={link.href}>
            <ExternalLink href={link.href} className="side-menu__link">
              {link.label}
            </ExternalLink>
          </li>
        ))}
      </ul>
      {open && imageUrl && (
        <Suspense fallback={null}>
          <LegalLicenseDialog imageUrl={imageUrl} brand={config.brand.name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
