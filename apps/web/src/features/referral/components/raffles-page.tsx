import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REFERRAL_API, type Raffle } from '@platform/contracts';
import { PageFrame } from '@/components/page-frame';
import { SectionState } from '@/components/section-state';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { groupDigits } from '@/lib/wallet';
import { claimRaffle, fetchRaffles, rafflesQueryKey } from '../api/referral-api';
import './referral.css';

const when = (iso: string) => new Date(iso).toLocaleString();

function ClaimPrize({ raffle }: { raffle: Raffle }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimRaffle(raffle.id),
    onSuccess: async ({ claimed }) => {
      const total = claimed.reduce((sum, r) => sum + Number(r.amount), 0);
      showToast(t('raffles.claimed', { amount: groupDigits(total.toFixed(2)) }));
      await queryClient.invalidateQueries({ queryKey: ['rewards'] });
    },
    onError: (error) => showToast(errorText(t, error)),
  });
  const open = raffle.winners.some((w) => w.mine && !w.claimed);
  if (!open) return null;
  return (
    <button
      type="button"
      className="button button--primary"
      data-testid="raffle-claim"
      disabled={claim.isPending}
      onClick={() => claim.mutate()}
    >
      {t('raffles.claim')}
    </button>
  );
}

function RaffleCard({ raffle }: { raffle: Raffle }) {
  const { t } = useTranslation();
  const { isLogin } = useSession();
  return (
    <li className="referral__card" data-testid="raffle" data-status={raffle.status}>
      <div className="referral__friend-head">
        <h2 className="rewards__title">{raffle.title}</h2>
        <span className="referral__status">{t(`raffles.status.${raffle.status}`)}</span>
      </div>
      <p className="muted">
        {t(`raffles.basis.${raffle.basis}`, { unit: groupDigits(raffle.ticketUnit), max: raffle.maxTicketsPerMember })}
      </p>
      <p className="muted">
        {t('raffles.window', { opens: when(raffle.opensAt), closes: when(raffle.closesAt), draw: when(raffle.drawAt) })}
      </p>
      <p>
        {t('raffles.prizes')}: {raffle.prizes.map((p, i) => `#${i + 1} ${groupDigits(p)}`).join(' · ')}
      </p>
      {isLogin && <p data-testid="raffle-tickets">{t('raffles.myTickets', { count: raffle.myTickets })}</p>}
      <p className="raffle__hash" title={t('raffles.hashHelp')}>
        {t('raffles.seedHash')}: {raffle.seedHash}
      </p>
      {raffle.seed && (
        <p className="raffle__hash">
          {t('raffles.seed')}: {raffle.seed} ·{' '}
          <a href={REFERRAL_API.raffleProof.replace(':id', raffle.id)} target="_blank" rel="noreferrer">
            {t('raffles.proof')}
          </a>
        </p>
      )}
      {raffle.winners.length > 0 && (
        <ol className="referral__list" aria-label={t('raffles.winners')}>
          {raffle.winners.map((w) => (
            <li key={w.rank} className="referral__friend" data-testid="raffle-winner" data-mine={w.mine}>
              <span>
                #{w.rank} · {t('raffles.ticket', { no: w.ticketNo })} · {w.username} · {groupDigits(w.amount)}
                {w.mine && ` · ${t(w.claimed ? 'referral.paid' : 'raffles.youWon')}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      <ClaimPrize raffle={raffle} />
    </li>
  );
}

/** The raffles (issue 21): tickets, the published seed hash, the draw's revealed seed and winners, and the claim. */
export function RafflesPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language || 'EN').slice(0, 2).toUpperCase();
  const query = useQuery({
    queryKey: [...rafflesQueryKey, language],
    queryFn: ({ signal }) => fetchRaffles(language, signal),
  });
  return (
    <PageFrame title={title}>
      <section className="referral" data-testid="raffles-page">
        <p className="muted">{t('raffles.fairness')}</p>
        <SectionState
          query={query}
          errorTestId="raffles-error"
          emptyText={t('raffles.empty')}
          isEmpty={(value) => value.list.length === 0}
        >
          {({ list }) => (
            <ul className="referral__list">
              {list.map((raffle) => (
                <RaffleCard key={raffle.id} raffle={raffle} />
              ))}
            </ul>
          )}
        </SectionState>
      </section>
    </PageFrame>
  );
}
