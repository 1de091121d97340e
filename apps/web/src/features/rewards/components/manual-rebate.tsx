import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { SectionState } from '@/components/section-state';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { groupDigits } from '@/lib/wallet';
import { claimManualRebate, fetchManualRebate, manualRebateQueryKey, REWARDS_QUERY_ROOT } from '../api/rewards-api';
import './rewards.css';

/**
 * Member centre manualRebate (spec §2, site flag MANPLAYREB3): today's rebate so far by game type at the member's VIP
 * rates, claimed into cash with one button, once per day.
 */
export function ManualRebate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: manualRebateQueryKey, queryFn: ({ signal }) => fetchManualRebate(signal) });
  const claim = useMutation({
    mutationFn: claimManualRebate,
    onSuccess: async (claimed) => {
      showToast(t('rebate.claimed', { amount: groupDigits(claimed.amount) }));
      await queryClient.invalidateQueries({ queryKey: [REWARDS_QUERY_ROOT] });
    },
    onError: async (error) => {
      showToast(errorText(t, error));
      await queryClient.invalidateQueries({ queryKey: [REWARDS_QUERY_ROOT] });
    },
  });
  return (
    <section className="member-section rewards" data-testid="manual-rebate">
      <SectionState query={query} errorTestId="rebate-error">
        {(rebate) =>
          !rebate.enabled ? (
            <EmptyState title={t('rebate.disabled')} />
          ) : (
            <>
              <div className="rewards__card rewards__summary">
                <p className="muted">{t('rebate.window', { day: rebate.window })}</p>
                <p className="rewards__amount" data-testid="rebate-claimable">
                  {groupDigits(rebate.claimable)}
                </p>
                <div className="rewards__actions">
                  <span className="muted" data-testid="rebate-state">
                    {rebate.claimed
                      ? t('rebate.claimedToday', { amount: groupDigits(rebate.claimedAmount ?? '0') })
                      : t('rebate.once')}
                  </span>
                  <button
                    type="button"
                    className="button button--primary"
                    data-testid="rebate-claim"
                    disabled={rebate.claimed || Number(rebate.claimable) <= 0 || claim.isPending}
                    onClick={() => claim.mutate()}
                  >
                    {t('rebate.claim')}
                  </button>
                </div>
              </div>
              {rebate.lines.length === 0 ? (
                <EmptyState title={t('rebate.noPlay')} />
              ) : (
                <div className="stack-table-scroll">
                  <table className="stack-table" data-testid="rebate-lines">
                    <thead>
                      <tr>
                        <th scope="col">{t('rebate.gameType')}</th>
                        <th scope="col">{t('rebate.validBet')}</th>
                        <th scope="col">{t('rebate.rate')}</th>
                        <th scope="col">{t('rebate.amount')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rebate.lines.map((line) => (
                        <tr key={line.gameType} data-testid="rebate-line">
                          <td data-label={t('rebate.gameType')}>{t(`rebate.types.${line.gameType}`, line.gameType)}</td>
                          <td data-label={t('rebate.validBet')}>{groupDigits(line.validBet)}</td>
                          <td data-label={t('rebate.rate')}>{line.rate}%</td>
                          <td data-label={t('rebate.amount')}>{groupDigits(line.rebate)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          )
        }
      </SectionState>
    </section>
  );
}
