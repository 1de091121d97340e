import { useTranslation } from 'react-i18next';
import type { ContractTier } from '@platform/contracts';
import { TierTable } from '@platform/ui';
import { Money } from '@/components/money';

/** A contract's tiers with the back office's words and money format (packages/ui TierTable). */
export function ContractTiers({ tiers, testId }: { tiers: readonly ContractTier[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <TierTable
      testId={testId}
      labels={{
        caption: t('contracts.tiers.caption'),
        tier: t('contracts.tiers.tier'),
        minValidBet: t('contracts.tiers.minValidBet'),
        minActive: t('contracts.tiers.minActive'),
        rate: t('contracts.tiers.rate'),
        reached: t('contracts.tiers.reached'),
      }}
      tiers={tiers.map((tier) => ({
        minValidBet: <Money amount={tier.minValidBet} />,
        minActive: tier.minActiveMembers,
        rate: `${tier.rate}%`,
      }))}
    />
  );
}
