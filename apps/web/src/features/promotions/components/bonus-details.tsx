import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BonusGrant } from '@platform/contracts';
import { SectionState } from '@/components/section-state';
import { groupDigits } from '@/lib/wallet';
import { fetchBonusDetails } from '../api/fetch-bonus-details';
import './promotions.css';

export const BONUS_QUERY_KEY = ['bonus', 'details'] as const;

/** Turnover done as a whole percentage of the requirement (decimal strings of one scale; 100 once met). */
const progressOf = (grant: BonusGrant): number => {
  const required = Number(grant.turnoverRequired);
  if (required <= 0) return 100;
  return Math.min(100, Math.floor((Number(grant.turnoverDone) / required) * 100));
};

function ActiveGrant({ grant }: { grant: BonusGrant }) {
  const { t } = useTranslation();
  const progress = progressOf(grant);
  return (
    <div className="promotions__card" data-testid="bonus-active">
      <h3>{t('bonus.active')}</h3>
      <dl className="promotions__facts">
        <dt>{t('bonus.balance')}</dt>
        <dd data-testid="bonus-balance">{groupDigits(grant.balance)}</dd>
        <dt>{t('bonus.turnover')}</dt>
        <dd data-testid="bonus-turnover">
          {groupDigits(grant.turnoverDone)} / {groupDigits(grant.turnoverRequired)}
        </dd>
        <dt>{t('bonus.maxBet')}</dt>
        <dd>{grant.maxBet === null ? t('bonus.noLimit') : groupDigits(grant.maxBet)}</dd>
        <dt>{t('bonus.expires')}</dt>
        <dd>{new Date(grant.expiresAt).toLocaleString()}</dd>
      </dl>
      <progress className="promotions__progress" max={100} value={progress} aria-label={t('bonus.turnover')}>
        {progress}%
      </progress>
      <p className="muted" data-testid="bonus-withdraw-rule">
        {t(grant.onWithdraw === 'FORFEIT' ? 'bonus.withdrawForfeits' : 'bonus.withdrawRefused')}
      </p>
    </div>
  );
}

/** Member centre bonusDetails (spec §2 "bonus"): the bonus being wagered with its progress, and the latest grants. */
export function BonusDetails() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: BONUS_QUERY_KEY, queryFn: ({ signal }) => fetchBonusDetails(signal) });
  return (
    <section className="member-section promotions" data-testid="bonus-details">
      <SectionState
        query={query}
        errorTestId="bonus-error"
        emptyText={t('bonus.empty')}
        emptyTestId="bonus-empty"
        isEmpty={(value) => value.history.length === 0}
      >
        {({ active, history }) => (
          <>
            {active === null ? null : <ActiveGrant grant={active} />}
            <table className="stack-table" data-testid="bonus-history">
              <thead>
                <tr>
                  <th scope="col">{t('bonus.granted')}</th>
                  <th scope="col">{t('bonus.amount')}</th>
                  <th scope="col">{t('bonus.statusTitle')}</th>
                  <th scope="col">{t('bonus.converted')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((grant) => (
                  <tr key={grant.id} data-testid="bonus-row" data-status={grant.status}>
                    <td data-label={t('bonus.granted')}>{new Date(grant.createdAt).toLocaleDateString()}</td>
                    <td data-label={t('bonus.amount')}>{groupDigits(grant.amount)}</td>
                    <td data-label={t('bonus.statusTitle')}>{t(`bonus.status.${grant.status}`)}</td>
                    <td data-label={t('bonus.converted')}>{groupDigits(grant.converted)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </SectionState>
    </section>
  );
}
