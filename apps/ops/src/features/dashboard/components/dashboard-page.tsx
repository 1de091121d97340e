import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_REFRESH_MS, type OpsDashboard } from '@platform/contracts';
import { ErrorState, PageHeader } from '@/components/data-table';
import { Money } from '@/components/money';
import { formatDateTime } from '@/lib/dates';
import { useStaff } from '@/lib/session';
import { dashboardKeys, getDashboard } from '../api/dashboard-api';
import './dashboard.css';

type Card = { key: string; label: string; value: ReactNode; detail?: ReactNode; tone?: 'good' | 'bad' };

const cardsOf = (t: (key: string, options?: Record<string, unknown>) => string, d: OpsDashboard): Card[] => [
  {
    key: 'deposits',
    label: t('dashboard.deposits'),
    value: <Money amount={d.deposits.amount} />,
    detail: t('dashboard.orders', { count: d.deposits.count }),
  },
  {
    key: 'withdrawals',
    label: t('dashboard.withdrawals'),
    value: <Money amount={d.withdrawals.amount} />,
    detail: t('dashboard.orders', { count: d.withdrawals.count }),
  },
  {
    key: 'bets',
    label: t('dashboard.bets'),
    value: <Money amount={d.bets} />,
    detail: t('dashboard.rounds', { count: d.rounds }),
  },
  { key: 'wins', label: t('dashboard.wins'), value: <Money amount={d.wins} /> },
  {
    key: 'ggr',
    label: t('dashboard.ggr'),
    value: <Money amount={d.ggr} />,
    detail: t('dashboard.ggrHint'),
    tone: d.ggr.startsWith('-') ? 'bad' : 'good',
  },
  { key: 'newMembers', label: t('dashboard.newMembers'), value: d.newMembers.toLocaleString() },
  { key: 'activeMembers', label: t('dashboard.activeMembers'), value: d.activeMembers.toLocaleString() },
  {
    key: 'pendingDeposits',
    label: t('dashboard.pendingDeposits'),
    value: d.pendingDeposits.toLocaleString(),
    detail: t('dashboard.queueHint'),
  },
  {
    key: 'pendingWithdrawals',
    label: t('dashboard.pendingWithdrawals'),
    value: d.pendingWithdrawals.toLocaleString(),
    detail: t('dashboard.queueHint'),
  },
];

/**
 * Today's figures of the merchant (its own time zone), refreshed every DASHBOARD_REFRESH_MS while the page is open and
 * visible; the server answers from a cache of a few seconds, so many open screens cost little.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const query = useQuery({
    queryKey: dashboardKeys.today,
    queryFn: ({ signal }) => getDashboard(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const data = query.data;
  return (
    <section className="page" data-testid="dashboard-page">
      <PageHeader
        title={t('nav.dashboard')}
        actions={
          <button
            type="button"
            className="button button--ghost"
            data-testid="dashboard-refresh"
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {query.isFetching ? t('common.loading') : t('dashboard.refresh')}
          </button>
        }
      />
      <p className="muted">{t('dashboard.welcome', { name: staff.displayName })}</p>
      {data && (
        <p className="muted" data-testid="dashboard-as-of">
          {t('dashboard.asOf', { day: data.day, timezone: data.timezone, time: formatDateTime(data.asOf) })}
        </p>
      )}
      {query.isPending ? (
        <div className="dashboard-cards" data-testid="dashboard-loading" aria-busy="true">
          {Array.from({ length: 9 }, (_, index) => (
            <div key={index} className="dashboard-card">
              <span className="skeleton" />
            </div>
          ))}
        </div>
      ) : data === undefined ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="dashboard-error" />
      ) : (
        <>
          {query.isError && (
            <p className="field__error" role="alert" data-testid="dashboard-stale">
              {t('dashboard.stale')}
            </p>
          )}
          <ul className="dashboard-cards" aria-label={t('dashboard.today')} data-testid="dashboard-cards">
            {cardsOf(t, data).map((card) => (
              <li
                key={card.key}
                className={card.tone ? `dashboard-card dashboard-card--${card.tone}` : 'dashboard-card'}
                data-testid={`dashboard-${card.key}`}
              >
                <span className="dashboard-card__label">{card.label}</span>
                <strong className="dashboard-card__value" data-testid={`dashboard-${card.key}-value`}>
                  {card.value}
                </strong>
                {card.detail && <span className="dashboard-card__detail">{card.detail}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
