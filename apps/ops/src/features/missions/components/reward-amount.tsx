import { useTranslation } from 'react-i18next';
import type { MissionPayAs } from '@platform/contracts';
import { Money } from '@/components/money';

/** A mission's reward or a race's prize: money, or "500 points" when paid in points (never shown as money). */
export function RewardAmount({ amount, payAs }: { amount: string; payAs: MissionPayAs }) {
  const { t } = useTranslation();
  if (payAs !== 'POINTS') return <Money amount={amount} />;
  return <span className="money">{t('missions.points', { points: amount })}</span>;
}
