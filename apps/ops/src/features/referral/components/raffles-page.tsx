import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsRaffle, Raffle } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { formatDateTimeIn } from '@/lib/dates';
import { showToast } from '@/lib/toast';
import { cancelRaffle } from '../api/cancel-raffle';
import { getRaffles } from '../api/get-raffles';
import { referralKeys } from '../api/keys';
import { RaffleDialog } from './raffle-dialog';
import './referral.css';

const TONES: Record<Raffle['status'], BadgeTone> = {
  UPCOMING: 'info',
  OPEN: 'success',
  CLOSED: 'warning',
  DRAWN: 'neutral',
  CANCELLED: 'danger',
};

/** A raffle can be cancelled until its draw freezes the ticket list (the server refuses later with RAFFLE_DRAWN). */
const cancellable = (raffle: OpsRaffle) => raffle.status !== 'DRAWN' && raffle.status !== 'CANCELLED';

/** The prizes by rank, or once drawn each rank's winner, ticket and prize. */
function PrizesCell({ raffle }: { raffle: OpsRaffle }) {
  const { t } = useTranslation();
  if (raffle.status !== 'DRAWN') {
    return (
      <ol className="referral__prizes" data-testid="raffle-prizes-list">
        {raffle.prizes.map((prize, i) => (
          <li key={i}>
            <Money amount={prize} />
          </li>
        ))}
      </ol>
    );
  }
  if (raffle.winners.length === 0) return <span className="muted">{t('raffles.noWinners')}</span>;
  return (
    <ol className="referral__prizes" data-testid="raffle-winners">
      {raffle.winners.map((w) => (
        <li key={w.rank}>
          {t('raffles.winner', { name: w.username, ticket: w.ticketNo })} <Money amount={w.amount} />
          {w.claimed ? ` · ${t('raffles.claimed')}` : ''}
        </li>
      ))}
    </ol>
  );
}

/**
 * Raffles (promotions.manage, issue 21): each raffle's terms, times in the merchant's time zone, status, the seed hash
 * published from creation, tickets and winners; a new raffle; a cancellation, confirmed, until the draw.
 */
export function RafflesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: referralKeys.raffles, queryFn: ({ signal }) => getRaffles(signal) });
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<OpsRaffle | null>(null);
  const zone = query.data?.timezone ?? 'UTC';
  const time = (iso: string) => formatDateTimeIn(iso, zone);
  const columns: Column<OpsRaffle>[] = [
    {
      key: 'title',
      header: t('raffles.fields.title'),
      cell: (row) => (
        <span className="referral__cell">
          <strong>{row.title}</strong>
          <span className="muted">
            {t(`raffles.bases.${row.basis}`)} · {t('raffles.perTicket')} <Money amount={row.ticketUnit} /> ·{' '}
            {t('raffles.maxPerMember', { count: row.maxTicketsPerMember })}
          </span>
          <span className="muted">
            {t('raffles.fields.seedHash')}:{' '}
            <code className="referral__hash" title={row.seedHash} data-testid="raffle-seed-hash">
              {row.seedHash.slice(0, 16)}…
            </code>
          </span>
        </span>
      ),
    },
    {
      key: 'times',
      header: t('raffles.fields.times'),
      cell: (row) => (
        <dl className="referral__times" data-testid="raffle-times">
          <dt>{t('raffles.fields.opensAt')}</dt>
          <dd>{time(row.opensAt)}</dd>
          <dt>{t('raffles.fields.closesAt')}</dt>
          <dd>{time(row.closesAt)}</dd>
          <dt>{t('raffles.fields.drawAt')}</dt>
          <dd>{time(row.drawAt)}</dd>
        </dl>
      ),
    },
    {
      key: 'status',
      header: `${t('raffles.fields.status')} · ${t('raffles.fields.tickets')}`,
      cell: (row) => (
        <span className="referral__cell">
          <StatusBadge tone={TONES[row.status]} label={t(`raffles.statuses.${row.status}`)} testId="raffle-status" />
          <span className="muted" data-testid="raffle-tickets">
            {t(row.ticketTotal === null ? 'raffles.ticketsSoFar' : 'raffles.ticketsFinal', {
              tickets: row.tickets,
              holders: row.holders,
            })}
          </span>
        </span>
      ),
    },
    {
      key: 'prizes',
      header: t('raffles.fields.prizesAndWinners'),
      cell: (row) => <PrizesCell raffle={row} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) =>
        cancellable(row) ? (
          <button
            type="button"
            className="button button--small button--danger"
            data-testid="raffle-cancel"
            onClick={() => setCancelling(row)}
          >
            {t('raffles.cancel')}
          </button>
        ) : null,
    },
  ];
  return (
    <div className="page referral" data-testid="raffles-page">
      <PageHeader
        title={t('nav.raffles')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="raffle-create"
            disabled={!query.data}
            onClick={() => setCreating(true)}
          >
            {t('raffles.new')}
          </button>
        }
      />
      <p className="field__hint" data-testid="raffles-zone">
        {t('raffles.hint', { zone })}
      </p>
      <DataTable
        query={query}
        rows={(data) => data.list}
        columns={columns}
        rowKey={(row) => row.id}
        caption={t('nav.raffles')}
        emptyTitle={t('raffles.empty')}
        emptyHint={t('raffles.emptyHint')}
        testId="raffles"
      />
      {creating && query.data ? <RaffleDialog timeZone={zone} onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t('raffles.cancelTitle')}
        description={t('raffles.cancelText', {
          title: cancelling?.title ?? '',
          draw: cancelling ? time(cancelling.drawAt) : '',
        })}
        confirmLabel={t('raffles.cancelConfirm')}
        danger
        testId="raffle-cancel-dialog"
        onConfirm={async () => {
          if (cancelling === null) return;
          try {
            const cancelled = await cancelRaffle(cancelling.id);
            showToast(t('raffles.cancelled', { title: cancelled.title }));
          } finally {
            // Also after a refusal (drawn meanwhile): the list shows what happened.
            await queryClient.invalidateQueries({ queryKey: referralKeys.raffles });
          }
        }}
      />
    </div>
  );
}
