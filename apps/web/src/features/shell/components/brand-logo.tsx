import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { useConfig } from '@/lib/config';

/** The first letter of the brand, its mark on a phone when it has no logo picture. */
export const brandInitialOf = (name: string): string => [...name.trim()][0]?.toUpperCase() ?? '';

/**
 * The operator's logo (fixed box, so a late image never moves the header), or its name as text. On a phone the header
 * keeps only the logo's mark (its left square; the first letter for a text brand), never squeezed by the actions.
 */
export function BrandLogo() {
  const { t } = useTranslation();
  const { brand } = useConfig();
  return (
    <Link
      to={ROUTES.home}
      className="brand-logo"
      aria-label={t('header.home', { brand: brand.name })}
      data-testid="brand-logo"
    >
      {brand.logoUrl ? (
        <img src={brand.logoUrl} alt="" width="140" height="36" className="brand-logo__image" />
      ) : (
        <>
          <span className="brand-logo__name">{brand.name}</span>
          <span className="brand-logo__mark" aria-hidden="true">
            {brandInitialOf(brand.name)}
          </span>
        </>
      )}
    </Link>
  );
}
