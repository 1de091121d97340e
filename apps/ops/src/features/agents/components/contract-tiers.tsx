import { useTranslation } from 'react-i18next';
import type { ContractTier } from '@platform/contracts';
import { TierTable, tierLabels } from '@platform/ui';
import { Money } from '@/components/money';

/** A contract's tiers with the back office's words and money format (packages/ui TierTable). */
export function ContractTiers({ tiers, testId }: { tiers: readonly ContractTier[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <TierTable
      testId={testId}
      labels={tierLabels((key) => t(`contracts.tiers.${key}`))}
      tiers={tiers.map((tier) => ({
        minValidBet: <Money amount={tier.minValidBet} />,
        minActive: tier.minActiveMembers,
        rate: `${tier.rate}%`,
      }))}
    />
  );
}
