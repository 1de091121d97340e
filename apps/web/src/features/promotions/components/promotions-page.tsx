import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';

/** Promotions (/promotions): the list arrives with the promotions feature. */
export function PromotionsPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <EmptyState title={t('promotions.empty')} />
    </PageFrame>
  );
}
