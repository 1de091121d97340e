import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';

/**
 * The banner area of the default layout. The operator's banner carousel arrives with the lobby; until
 * then a brand hero, with a fixed height so nothing shifts when the carousel replaces it.
 */
export function Banner() {
  const { t } = useTranslation();
  const { brand } = useConfig();
  return (
    <section className="banner" data-testid="app-banner" aria-label={t('banner.label')}>
      <p className="banner__title">{brand.name}</p>
      <p className="banner__tagline">{t('banner.tagline')}</p>
    </section>
  );
}
