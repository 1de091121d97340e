import { useTranslation } from 'react-i18next';
import type { Contract, ContractTier, ContractWindow } from '@platform/contracts';
import { TierTable, tierLabels } from '@platform/ui';
import { dateTimeFormat, useLocale } from '@/lib/i18n/use-locale';
import { amountText } from './report-parts';

/** "1.50" → "1.5%": a wire rate as people read it. */
export const percentText = (rate: string): string => `${rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')}%`;

/** A contract's tiers, lowest first, the reached one marked (packages/ui TierTable with this app's words). */
export function ContractTiers({
  tiers,
  reached = null,
  testId,
}: {
  tiers: readonly ContractTier[];
  reached?: number | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TierTable
      testId={testId}
      reached={reached}
      labels={tierLabels((key) => t(`contracts.tiers.${key}`))}
      tiers={tiers.map((tier) => ({
        minValidBet: amountText(tier.minValidBet),
        minActive: tier.minActiveMembers,
        rate: percentText(tier.rate),
      }))}
    />
  );
}

/** The type, how and when it pays, and (dividend) its period: the terms above a contract's tiers. */
export function ContractTerms({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const dividend = contract.type === 'DIVIDEND';
  return (
    <dl className="contract-terms" data-testid="contract-terms">
      <div>
        <dt>{t('contracts.modal.type')}</dt>
        <dd>{t(`contracts.types.${contract.type}`)}</dd>
      </div>
      <div>
        <dt>{t('contracts.modal.period')}</dt>
        <dd>
          {dividend && contract.period ? `${t(`contracts.periods.${contract.period}`)}. ` : ''}
          {t(`contracts.paidWhen.${contract.type}`)}
        </dd>
      </div>
      <div>
        <dt>{t('contracts.modal.base')}</dt>
        <dd>{t(dividend ? 'contracts.modal.baseDividend' : 'contracts.modal.baseSalary')}</dd>
      </div>
    </dl>
  );
}

/** A settlement window as its time span: the day for daily windows and periods, the clock times for shorter ones. */
export function WindowText({ window }: { window: ContractWindow }) {
  const locale = useLocale();
  const start = new Date(window.start);
  const end = new Date(window.end);
  const hours = (end.getTime() - start.getTime()) / 3_600_000;
  if (hours >= 24) {
    return (
      <span>{window.firstDay === window.lastDay ? window.firstDay : `${window.firstDay} – ${window.lastDay}`}</span>
    );
  }
  const time = dateTimeFormat(locale, { timeStyle: 'short' });
  return (
    <time dateTime={window.start}>
      {window.firstDay} {time.format(start)}–{time.format(end)}
    </time>
  );
}
