import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { useSession } from '@/lib/session';
import { PromotionsList } from './promotions-list';

/**
 * Promotions (/promotions, spec §1): the same list as the member centre's promotions key. The list is each member's
 * own (audience, claims), so a guest is asked to log in rather than sent to the members' call.
 */
export function PromotionsPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const { isLogin } = useSession();
  return (
    <PageFrame title={title}>
      {isLogin ? <PromotionsList /> : <EmptyState title={t('promotions.loginToSee')} />}
    </PageFrame>
  );
}
