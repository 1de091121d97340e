import { useTranslation } from 'react-i18next';
import type { MemberBalance } from '@platform/contracts';
import { DataTable } from '@/components/data-table';
import { Money } from '@/components/money';

/** Every ledger account of the member (cash, held by withdrawals, play money, vendor wallets). */
export function MemberBalances({ balances }: { balances: readonly MemberBalance[] }) {
  const { t } = useTranslation();
  const purposeLabel = (purpose: string) =>
    purpose.startsWith('VENDOR:')
      ? t('members.purposes.VENDOR', { vendor: purpose.slice('VENDOR:'.length) })
      : t(`members.purposes.${purpose}`, { defaultValue: purpose });
  return (
    <DataTable
      query={{ data: balances, isPending: false, isError: false, error: null, refetch: () => undefined }}
      rows={(list) => list}
      rowKey={(b) => `${b.purpose}:${b.currency}`}
      caption={t('members.tabs.balances')}
      emptyTitle={t('members.noBalances')}
      testId="member-balances"
      columns={[
        { key: 'purpose', header: t('members.fields.account'), cell: (b) => purposeLabel(b.purpose) },
        { key: 'currency', header: t('members.fields.currency'), cell: (b) => b.currency },
        {
          key: 'balance',
          header: t('members.fields.balance'),
          align: 'end',
          cell: (b) => <Money amount={b.balance} />,
        },
      ]}
    />
  );
}
