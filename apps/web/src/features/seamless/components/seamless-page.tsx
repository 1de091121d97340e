import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';

/** /seamless hosts a launched vendor game; game launch arrives with the catalogue. */
export function SeamlessPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <EmptyState title={t('seamless.empty')}>
        <Link to={ROUTES.home} className="button button--ghost">
          {t('common.backHome')}
        </Link>
      </EmptyState>
    </PageFrame>
  );
}
