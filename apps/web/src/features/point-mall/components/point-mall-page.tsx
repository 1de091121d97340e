import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';

/** Points mall (/pointMall, login required): rewards arrive with the points feature. */
export function PointMallPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <EmptyState title={t('pointMall.empty')} />
    </PageFrame>
  );
}
