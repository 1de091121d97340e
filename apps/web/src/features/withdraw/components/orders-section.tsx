import { groupDigits } from '@/lib/wallet';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLocale } from '@/lib/i18n/use-locale';
import type { WithdrawOrder } from '@platform/contracts';
import { SectionState } from '@/components/section-state';
import { getOrders, ordersQueryKey, ORDERS_PAGE_SIZE } from '../api/withdraw-api';
import { ConfirmReceiptDialog } from './confirm-receipt-dialog';
import { Pager, Button } from '@platform/ui';

/** The member's withdrawal orders, newest first, with their translated status and receipt state. */
export function OrdersSection({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<WithdrawOrder | null>(null);
  const orders = useQuery({ queryKey: ordersQueryKey(page), queryFn: ({ signal }) => getOrders(page, signal) });
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / ORDERS_PAGE_SIZE));

  return (
    <section className="member-section" aria-labelledby="withdraw-orders-heading">
      <h3 id="withdraw-orders-heading" className="member-centre__subheading">
        {t('withdraw.orders')}
      </h3>
      <SectionState query={orders}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="muted" data-testid="withdraw-no-orders">
              {t('withdraw.noOrders')}
            </p>
          ) : (
            <ul className="withdraw-orders" data-testid="withdraw-orders">
              {data.list.map((order) => (
                <li
                  key={order.orderNo}
                  className="withdraw-order"
                  data-testid="withdraw-order"
                  data-order-no={order.orderNo}
                >
                  <div>
                    <strong>
                      {currencySymbol}
                      {groupDigits(order.amount)}
                    </strong>{' '}
                    <span className={`badge badge--${order.status.toLowerCase()}`} data-testid="withdraw-order-status">
                      {t(`withdraw.status.${order.status}`)}
                    </span>
                    {order.receiptState !== 'NONE' && (
                      <span className="badge" data-testid="withdraw-order-receipt">
                        {t(`withdraw.receipt.${order.receiptState}`)}
                      </span>
                    )}
                  </div>
                  <div className="muted">
                    {formatDateTime(order.createdAt, locale)} · {order.bankName} {order.accountNumber} · {order.orderNo}
                  </div>
                  {order.rejectReason && (
                    <div className="muted">{t('withdraw.rejectReason', { reason: order.rejectReason })}</div>
                  )}
                  {order.canConfirm && (
                    <Button tone="primary" small testId="withdraw-confirm-open" onClick={() => setConfirming(order)}>
                      {t('withdraw.confirmReceipt')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </SectionState>
      <Pager
        pageNo={page}
        totalPages={pages}
        onPage={setPage}
        labels={{
          name: t('withdraw.orders'),
          previous: t('withdraw.previous'),
          next: t('withdraw.next'),
          page: t('withdraw.pageOf', { page, pages }),
        }}
      />
      {confirming && <ConfirmReceiptDialog order={confirming} onClose={() => setConfirming(null)} />}
    </section>
  );
}
