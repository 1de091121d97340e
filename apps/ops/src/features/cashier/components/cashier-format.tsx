import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OpsMemberContext } from '@platform/contracts';
import { Money } from '@/components/money';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { currentLocale } from '@/lib/i18n';

/** An instant in the staff member's language, or a dash. */
export const formatTime = (iso: string | null): string =>
  iso === null ? '—' : new Date(iso).toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

const TONES: Record<string, BadgeTone> = {
  PENDING: 'warning',
  PAID: 'success',
  APPROVED: 'success',
  APPLIED: 'success',
  REJECTED: 'danger',
  FAILED: 'danger',
  EXPIRED: 'neutral',
  ACTIVE: 'success',
  LOCKED: 'warning',
  CLOSED: 'danger',
};

/** An order's, an adjustment's or an account's status as a badge with its translated label. */
export function CashierStatus({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONES[status] ?? 'neutral'} label={t(`cashier.status.${status}`)} testId={testId} />;
}

/** The spec's user types (0 member, 1/2/41/42 agents) in words. */
export const userTypeText = (t: TFunction, userType: number): string =>
  t(`cashier.userTypes.${userType}`, { defaultValue: String(userType) });

/**
 * Who the member behind the selected order is (issue 7): account status and type, registration, balance now, what
 * they deposited and withdrew in all, and how many orders today. Read with the queue page, so it costs no extra call.
 */
export function MemberContextPanel({ member }: { member: OpsMemberContext }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode, string][] = [
    [t('cashier.member.username'), member.username, 'username'],
    [t('cashier.member.level'), userTypeText(t, member.userType), 'level'],
    [t('cashier.member.status'), <CashierStatus key="s" status={member.status} />, 'status'],
    [t('cashier.member.registeredAt'), formatTime(member.registeredAt), 'registered'],
    [t('cashier.member.balance'), <Money key="b" amount={member.balance} />, 'balance'],
    [t('cashier.member.frozen'), <Money key="f" amount={member.frozen} />, 'frozen'],
    [t('cashier.member.depositTotal'), <Money key="d" amount={member.depositTotal} />, 'deposit-total'],
    [t('cashier.member.withdrawalTotal'), <Money key="w" amount={member.withdrawalTotal} />, 'withdrawal-total'],
    [t('cashier.member.depositsToday'), member.depositsToday, 'deposits-today'],
    [t('cashier.member.withdrawalsToday'), member.withdrawalsToday, 'withdrawals-today'],
  ];
  return (
    <section className="cashier-panel__section" aria-label={t('cashier.member.title')} data-testid="member-context">
      <h2 className="cashier-panel__title">{t('cashier.member.title')}</h2>
      <dl className="cashier-facts">
        {rows.map(([label, value, id]) => (
          <div key={id} className="cashier-facts__row">
            <dt>{label}</dt>
            <dd data-testid={`member-context-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
