import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QR_CODE_SIZE, type ReferralFriend, type ReferralState, type Reward } from '@platform/contracts';
import { SectionState } from '@/components/section-state';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { groupDigits } from '@/lib/wallet';
import { claimReferralReward, fetchReferral, referralQueryKey } from '../api/referral-api';
import './referral.css';

function ClaimButton({ reward }: { reward: Reward }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimReferralReward(reward.id),
    onSuccess: async (claimed) => {
      showToast(t('referral.claimed', { amount: groupDigits(claimed.amount) }));
      await queryClient.invalidateQueries({ queryKey: ['rewards'] });
    },
    onError: async (error) => {
      showToast(errorText(t, error));
      await queryClient.invalidateQueries({ queryKey: ['rewards'] });
    },
  });
  if (reward.status === 'CLAIMED') return <span className="referral__paid">{t('referral.paid')}</span>;
  if (reward.status === 'EXPIRED') return <span className="muted">{t('rewards.status.EXPIRED')}</span>;
  return (
    <button
      type="button"
      className="button button--primary"
      data-testid="referral-claim"
      disabled={claim.isPending}
      onClick={() => claim.mutate()}
    >
      {t('referral.claim', { amount: groupDigits(reward.amount) })}
    </button>
  );
}

function LinkCard({ state }: { state: ReferralState }) {
  const { t } = useTranslation();
  const [copyError, setCopyError] = useState<string | null>(null);
  const url = `${window.location.origin}${state.linkPath ?? ''}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyError(null);
      showToast(t('referral.copied'));
    } catch {
      setCopyError(t('referral.copyFailed'));
    }
  };
  const s = state.settings;
  return (
    <div className="referral__card referral__link">
      <QRCodeSVG
        value={url}
        size={QR_CODE_SIZE}
        marginSize={2}
        bgColor="#ffffff"
        fgColor="#000000"
        title={t('referral.qr')}
      />
      <div className="referral__link-body">
        <p>
          {t('referral.code')}: <strong data-testid="referral-code">{state.code}</strong>
        </p>
        <label className="field">
          <span className="field__label">{t('referral.link')}</span>
          <input className="field__control" readOnly value={url} data-testid="referral-link" />
        </label>
        <button type="button" className="button button--ghost" data-testid="referral-copy" onClick={() => void copy()}>
          {t('referral.copy')}
        </button>
        {copyError && <p role="alert">{copyError}</p>}
        <p className="muted" data-testid="referral-terms">
          {t('referral.terms', {
            deposit: groupDigits(s.minDeposit),
            validBet: groupDigits(s.minValidBet),
            days: s.windowDays,
            reward: groupDigits(s.reward),
            share: s.sharePercent,
          })}
        </p>
      </div>
    </div>
  );
}

function FriendRow({ friend }: { friend: ReferralFriend }) {
  const { t } = useTranslation();
  return (
    <li className="referral__friend" data-testid="referral-friend" data-qualified={friend.qualified}>
      <div className="referral__friend-head">
        <strong>{friend.username}</strong>
        <span className={`referral__status referral__status--${friend.qualified ? 'ok' : 'wait'}`}>
          {t(friend.qualified ? 'referral.qualified' : 'referral.notYet')}
        </span>
      </div>
      <p className="muted">
        {t('referral.registered', { date: new Date(friend.registeredAt).toLocaleDateString() })} ·{' '}
        {t('referral.deposit')} {groupDigits(friend.deposit)} · {t('referral.validBet')} {groupDigits(friend.validBet)}
      </p>
      {friend.reward && <ClaimButton reward={friend.reward} />}
    </li>
  );
}

/** Member centre `referral` (spec §2 invite friends): the link and its QR code, the friends and their rewards. */
export function ReferralPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: referralQueryKey, queryFn: ({ signal }) => fetchReferral(signal) });
  return (
    <section className="member-section referral" data-testid="referral-page">
      <SectionState query={query} errorTestId="referral-error">
        {(state) =>
          !state.enabled ? (
            <p data-testid="referral-off">{t('referral.off')}</p>
          ) : (
            <>
              <LinkCard state={state} />
              <h3>{t('referral.friends', { count: state.friends.length })}</h3>
              <p className="muted" data-testid="referral-summary">
                {t('referral.summary', { qualified: state.qualifiedCount, pending: state.pendingCount })}
              </p>
              {state.friends.length === 0 ? (
                <p className="muted" data-testid="referral-empty">
                  {t('referral.noFriends')}
                </p>
              ) : (
                <ul className="referral__list">
                  {state.friends.map((friend) => (
                    <FriendRow key={`${friend.username}-${friend.registeredAt}`} friend={friend} />
                  ))}
                </ul>
              )}
              {state.shares.length > 0 && (
                <>
                  <h3>{t('referral.shares')}</h3>
                  <ul className="referral__list">
                    {state.shares.map((share) => (
                      <li key={share.id} className="referral__friend" data-testid="referral-share">
                        <span>
                          {share.period} · {groupDigits(share.amount)}
                        </span>
                        <ClaimButton reward={share} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )
        }
      </SectionState>
    </section>
  );
}
