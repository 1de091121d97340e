import { groupDigits } from '@/lib/wallet';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, useLocale } from '@/lib/i18n/use-locale';
import { SectionState } from '@/components/section-state';
import { getOrders, ordersQueryKey } from '../api/deposit-api';
import { OrderStatusBadge } from './order-status';
import { TableHead } from '@platform/ui';

const PAGE_SIZE = 10;

/** The member's deposit orders, newest first, a page at a time. */
export function OrderList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ordersQueryKey(pageNo),
    queryFn: ({ signal }) => getOrders(pageNo, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <SectionState query={query} emptyText={t('deposit.noOrders')} isEmpty={(page) => page.list.length === 0}>
      {({ list, totalPages }) => (
        <>
          <div className="table-scroll">
            <table className="deposit-orders" data-testid="deposit-orders">
              <TableHead
                headers={[
                  t('deposit.time'),
                  t('deposit.orderNo'),
                  t('deposit.channel'),
                  t('deposit.amount'),
                  t('deposit.statusLabel'),
                ]}
              />
              <tbody>
                {list.map((order) => (
                  <tr key={order.orderNo} data-testid={`deposit-order-${order.orderNo}`}>
                    <td>{time.format(new Date(order.createdAt))}</td>
                    <td>{order.orderNo}</td>
                    <td>{order.channelName}</td>
                    <td className="deposit-orders__amount">{groupDigits(order.amount)}</td>
                    <td>
                      <OrderStatusBadge status={order.status} />
                      {order.reason && <span className="muted"> {order.reason}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {totalPages > 1 && (
            <div className="deposit-pager">
              <button
                type="button"
                className="button button--ghost"
                disabled={pageNo <= 1}
                onClick={() => setPageNo((n) => n - 1)}
              >
                {t('deposit.previous')}
              </button>
              <span>{t('deposit.pageOf', { pageNo, totalPages })}</span>
              <button
                type="button"
                className="button button--ghost"
                disabled={pageNo >= totalPages}
                onClick={() => setPageNo((n) => n + 1)}
              >
                {t('deposit.next')}
              </button>
            </div>
          )}
        </>
      )}
    </SectionState>
  );
}
