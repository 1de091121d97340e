import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Reward } from '@platform/contracts';
import { SectionState } from '@/components/section-state';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { groupDigits } from '@/lib/wallet';
import { apiLanguage, claimReward, fetchRewards, REWARDS_QUERY_ROOT, rewardsQueryKey } from '../api/rewards-api';
import './rewards.css';

const CLAIMED_TEXT = {
  BONUS: 'rewards.claimedBonus',
  CASH: 'rewards.claimedCash',
  POINTS: 'rewards.claimedPoints',
} as const;

function RewardCard({ reward }: { reward: Reward }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimReward(reward.id),
    onSuccess: async (claimed) => {
      showToast(
        t(CLAIMED_TEXT[claimed.payAs], {
          amount: groupDigits(claimed.amount),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: [REWARDS_QUERY_ROOT] });
      await queryClient.invalidateQueries({ queryKey: ['bonus'] });
    },
    onError: async (error) => {
      showToast(errorText(t, error));
      await queryClient.invalidateQueries({ queryKey: [REWARDS_QUERY_ROOT] });
    },
  });
  // A level, a week (from/to), a day, a year (birthday) or a promotion's title.
  const period =
    reward.kind === 'VIP_UPGRADE' ? t('rewards.level', { level: reward.period }) : reward.period.replace('/', ' – ');
  return (
    <li className="rewards__card" data-testid="reward" data-status={reward.status} data-kind={reward.kind}>
      <div className="rewards__head">
        <h3>{t(`rewards.kind.${reward.kind}`)}</h3>
        <span className={`rewards__status rewards__status--${reward.status.toLowerCase()}`}>
          {t(`rewards.status.${reward.status}`)}
        </span>
      </div>
      <p className="rewards__amount" data-testid="reward-amount">
        {reward.payAs === 'POINTS'
          ? t('rewards.points', { points: groupDigits(reward.amount) })
          : groupDigits(reward.amount)}
      </p>
      <p className="muted">
        {period}
        {' · '}
        {reward.payAs === 'BONUS'
          ? t('rewards.payBonus', { multiple: reward.turnoverMultiple })
          : t(reward.payAs === 'POINTS' ? 'rewards.payPoints' : 'rewards.payCash')}
      </p>
      {reward.status === 'PENDING' ? (
        <div className="rewards__actions">
          <span className="muted">
            {t('rewards.expires', { date: new Date(reward.expiresAt).toLocaleDateString() })}
          </span>
          <button
            type="button"
            className="button button--primary"
            data-testid="reward-claim"
            disabled={claim.isPending}
            onClick={() => claim.mutate()}
          >
            {t('rewards.claim')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** Member centre rewardCenter (spec §2): rebates and bonuses to claim, with their expiry, and those claimed. */
export function RewardCentre() {
  const { t, i18n } = useTranslation();
  const language = apiLanguage(i18n.language);
  const query = useQuery({
    queryKey: rewardsQueryKey(language),
    queryFn: ({ signal }) => fetchRewards(language, signal),
  });
  return (
    <section className="member-section rewards" data-testid="reward-centre">
      <SectionState
        query={query}
        errorTestId="rewards-error"
        emptyText={t('rewards.empty')}
        emptyTestId="rewards-empty"
        isEmpty={(value) => value.list.length === 0}
      >
        {({ list, pendingCount }) => (
          <>
            <p className="muted" data-testid="rewards-pending">
              {t('rewards.pending', { count: pendingCount })}
            </p>
            <ul className="rewards__list">
              {list.map((reward) => (
                <RewardCard key={reward.id} reward={reward} />
              ))}
            </ul>
          </>
        )}
      </SectionState>
    </section>
  );
}
