import { groupDigits } from '@/lib/wallet';
import type { DepositOrder, DepositOrderStatus } from '@platform/contracts';
import { useTranslation } from 'react-i18next';

/** The order's status, translated (deposit.status.*). */
export function OrderStatusBadge({ status }: { status: DepositOrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`deposit-status deposit-status--${status.toLowerCase()}`} data-testid="deposit-order-status">
      {t(`deposit.status.${status}`)}
    </span>
  );
}

/** Where a manual bank transfer goes, with the amount and the order number to quote. */
export function BankDetails({ order }: { order: DepositOrder }) {
  const { t } = useTranslation();
  if (order.bank === null) return null;
  return (
    <dl className="deposit-bank" data-testid="deposit-bank-details">
      <dt>{t('deposit.bankName')}</dt>
      <dd>{order.bank.bankName}</dd>
      <dt>{t('deposit.accountName')}</dt>
      <dd>{order.bank.accountName}</dd>
      <dt>{t('deposit.accountNumber')}</dt>
      <dd>{order.bank.accountNumber}</dd>
      <dt>{t('deposit.amount')}</dt>
      <dd>{groupDigits(order.amount)}</dd>
      <dt>{t('deposit.orderNo')}</dt>
      <dd>{order.orderNo}</dd>
    </dl>
  );
}
