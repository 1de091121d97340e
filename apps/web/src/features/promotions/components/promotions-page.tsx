import { PageFrame } from '@/components/page-frame';
import { PromotionsList } from './promotions-list';

/** Promotions (/promotions, spec §1): the same list as the member centre's promotions key. */
export function PromotionsPage({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <PromotionsList />
    </PageFrame>
  );
}
