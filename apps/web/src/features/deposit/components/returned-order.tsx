import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { BALANCE_QUERY_KEY, DEPOSIT_QUERY_ROOT, getOrder, orderQueryKey } from '../api/deposit-api';
import { OrderStatusBadge } from './order-status';

/** The gateway's notification usually lands before the browser returns; a pending order is polled this long. */
const POLL_INTERVAL_MS = 2_000;
const POLL_ATTEMPTS = 15;

/**
 * Back from the payment gateway (`?page=depositv2&order=<no>`): the order's status, polled briefly while it is still
 * PENDING; once paid, the balance and the list are refreshed.
 */
export function ReturnedOrder({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: orderQueryKey(orderNo),
    queryFn: ({ signal }) => getOrder(orderNo, signal),
    refetchInterval: (q) =>
      q.state.data?.status === 'PENDING' && q.state.dataUpdateCount < POLL_ATTEMPTS ? POLL_INTERVAL_MS : false,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'PAID' || status === 'APPROVED') {
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [DEPOSIT_QUERY_ROOT, 'orders'] });
    }
  }, [status, queryClient]);

  return (
    <section className="deposit-returned" role="status" aria-live="polite" data-testid="deposit-returned-order">
      {query.isPending && <p className="muted">{t('common.loading')}</p>}
      {query.isError && <p className="inline-error">{errorText(t, query.error)}</p>}
      {query.data && (
        <>
          <p>
            {t('deposit.returnedOrder', { orderNo: query.data.orderNo, amount: query.data.amount })}{' '}
            <OrderStatusBadge status={query.data.status} />
          </p>
          <p className="muted">{t(`deposit.returnedHint.${query.data.status}`)}</p>
        </>
      )}
    </section>
  );
}
