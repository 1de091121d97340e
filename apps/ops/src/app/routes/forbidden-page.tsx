import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** 403: the role does not hold the page's permission (the API would refuse it too). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <section className="status-panel" data-testid="forbidden-page">
      <p className="status-panel__code">403</p>
      <h1 className="page-header__title">{t('pages.forbiddenTitle')}</h1>
      <p className="muted">{t('pages.forbiddenText')}</p>
      <Link to="/" className="button button--ghost">
        {t('pages.backToDashboard')}
      </Link>
    </section>
  );
}
