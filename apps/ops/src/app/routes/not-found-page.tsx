import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="status-panel" data-testid="not-found-page">
      <p className="status-panel__code">404</p>
      <h1 className="page-header__title">{t('pages.notFoundTitle')}</h1>
      <p className="muted">{t('pages.notFoundText')}</p>
      <Link to="/" className="button button--ghost">
        {t('pages.backToDashboard')}
      </Link>
    </section>
  );
}
