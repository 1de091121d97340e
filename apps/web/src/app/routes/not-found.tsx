import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { PageFrame } from '@/components/page-frame';

/** Any path outside the route table, inside the default layout (spec §2). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.notFound')} testId="not-found-page">
      <p>{t('notFound.message')}</p>
      <Link to={ROUTES.home} className="button button--primary">
        {t('common.backHome')}
      </Link>
    </PageFrame>
  );
}
