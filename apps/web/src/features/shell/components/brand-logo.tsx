import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { useConfig } from '@/lib/config';

/** The operator's logo (fixed box, so a late image never moves the header), or its name as text. */
export function BrandLogo() {
  const { t } = useTranslation();
  const { brand } = useConfig();
  return (
    <Link to={ROUTES.home} className="brand-logo" aria-label={t('header.home', { brand: brand.name })}>
      {brand.logoUrl ? (
        <img src={brand.logoUrl} alt="" width="140" height="36" className="brand-logo__image" />
      ) : (
        <span className="brand-logo__name">{brand.name}</span>
      )}
    </Link>
  );
}
