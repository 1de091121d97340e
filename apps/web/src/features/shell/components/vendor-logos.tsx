import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { toSafeUrl } from '@/lib/customer-service';

/** The row of game-provider logos (spec §2 Footer). Sized up front and lazy: they sit below the fold. */
export function VendorLogos() {
  const { t } = useTranslation();
  const logos = useConfig().brand.footerVendorLogos.flatMap((logo) => {
    const src = toSafeUrl(logo.imageUrl);
    return src ? [{ ...logo, src }] : [];
  });
  if (logos.length === 0) return null;
  return (
    <ul className="vendor-logos" aria-label={t('footer.providers')}>
      {logos.map((logo) => (
        <li key={logo.code}>
          <img src={logo.src} alt={logo.name} width="96" height="32" loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
