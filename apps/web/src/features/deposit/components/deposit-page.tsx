import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useSession } from '@/lib/session';
import { DepositForm } from './deposit-form';
import { OrderList } from './order-list';
import { ReturnedOrder } from './returned-order';

const ORDER_NO = /^D[A-Z0-9]{8,40}$/;

/** Member centre `depositv2` (spec §2): the returned gateway order, the deposit form, and the member's orders. */
export function DepositPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const returned = params.get('order');
  if (session.isTrial) {
    return (
      <EmptyState title={t('deposit.trialTitle')}>
        <p className="muted" data-testid="deposit-trial">
          {t('deposit.trialMessage')}
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="deposit-page" data-testid="deposit-page">
      {returned !== null && ORDER_NO.test(returned) && <ReturnedOrder orderNo={returned} />}
      <section className="member-section">
        <DepositForm />
      </section>
      <section className="member-section">
        <h3 className="member-centre__subheading">{t('deposit.orders')}</h3>
        <OrderList />
      </section>
    </div>
  );
}
