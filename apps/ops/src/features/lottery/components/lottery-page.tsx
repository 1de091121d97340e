import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsLottery } from '@platform/contracts';
import { DataTable, PageHeader } from '@/components/data-table';
import { ReasonDialog } from '@/components/reason-dialog';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { getLotteries, LOTTERY_KEY, setSuspension } from '../api/lottery-api';
import { LotteryIssues, LotteryPnl } from './lottery-issues';
import { LotteryCaps, LotteryOdds } from './lottery-odds';
import './lottery.css';

const TABS = ['results', 'pnl', 'odds', 'caps'] as const;

/** "Every 1 min, closes 10 s before" or "Daily at 16:15 (UTC+7), closes 15 min before". */
function ScheduleText({ lottery }: { lottery: OpsLottery }) {
  const { t } = useTranslation();
  const { schedule } = lottery;
  if (schedule.kind === 'fast') {
    return <>{t('lottery.everyMinutes', { minutes: schedule.intervalSec / 60, close: schedule.closeBeforeSec })}</>;
  }
  const hh = String(Math.floor(schedule.drawAtSec / 3600)).padStart(2, '0');
  const mm = String(Math.floor((schedule.drawAtSec % 3600) / 60)).padStart(2, '0');
  const tz = `UTC${lottery.tzOffsetMinutes >= 0 ? '+' : '-'}${Math.abs(lottery.tzOffsetMinutes) / 60}`;
  return <>{t('lottery.dailyAt', { time: `${hh}:${mm}`, tz, close: schedule.closeBeforeSec / 60 })}</>;
}

/**
 * The lottery back office (games.manage; ADR 0048): every lottery of the RGS with its schedule and state; suspending
 * (with a reason) stops new bets at once; the selected game's results (cancel an issue), profit and loss, odds
 * versions and payout caps below.
 */
export function LotteryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [...LOTTERY_KEY, 'games'], queryFn: ({ signal }) => getLotteries(signal) });
  const [selected, setSelected] = useState<string | null>(null);
  const [suspending, setSuspending] = useState<OpsLottery | null>(null);
  const lang = useLanguage() === 'TY' ? 'ty' : 'en';

  const suspension = useMutation({
    mutationFn: ({ code, suspended, reason }: { code: string; suspended: boolean; reason?: string }) =>
      setSuspension(code, { suspended, reason }),
    onSuccess: (lottery) => {
      showToast(t(lottery.suspended ? 'lottery.suspendedToast' : 'lottery.resumedToast', { name: lottery.name[lang] }));
      void queryClient.invalidateQueries({ queryKey: LOTTERY_KEY });
    },
    onError: (error) => showToast(errorText(t, error), 'error'),
  });
  const current = query.data?.list.find((l) => l.gameCode === selected) ?? query.data?.list[0] ?? null;

  return (
    <section className="page lottery-ops" data-testid="lottery-page">
      <PageHeader title={t('nav.lottery')} />
      <p className="muted">{t('lottery.intro')}</p>
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(lottery) => lottery.gameCode}
        caption={t('nav.lottery')}
        emptyTitle={t('lottery.none')}
        testId="lotteries"
        columns={[
          {
            key: 'name',
            header: t('lottery.game'),
            cell: (lottery) => (
              <button
                type="button"
                className={`lottery-ops__pick${current?.gameCode === lottery.gameCode ? ' lottery-ops__pick--on' : ''}`}
                aria-pressed={current?.gameCode === lottery.gameCode}
                onClick={() => setSelected(lottery.gameCode)}
                data-testid={`lottery-pick-${lottery.gameCode}`}
              >
                <strong>{lottery.name[lang]}</strong> <code>{lottery.gameCode}</code>
              </button>
            ),
          },
          {
            key: 'schedule',
            header: t('lottery.schedule'),
            cell: (lottery) => (
              <span className="lottery-ops__stack">
                <ScheduleText lottery={lottery} />
              </span>
            ),
          },
          {
            key: 'next',
            header: t('lottery.nextIssue'),
            cell: (lottery) =>
              lottery.nextIssue === null ? (
                '—'
              ) : (
                <span className="lottery-ops__stack">
                  <code>{lottery.nextIssue.issueNo}</code>
                  <span>{formatDateTime(lottery.nextIssue.drawAt)}</span>
                  {lottery.nextIssue.station !== null && <small className="muted">{lottery.nextIssue.station}</small>}
                </span>
              ),
          },
          {
            key: 'state',
            header: t('lottery.state'),
            cell: (lottery) => (
              <span className="lottery-ops__stack" data-testid={`lottery-state-${lottery.gameCode}`}>
                <StatusBadge
                  tone={lottery.suspended ? 'danger' : 'success'}
                  label={t(lottery.suspended ? 'lottery.suspended' : 'lottery.open')}
                />
                {lottery.suspendReason !== null && <small className="muted">{lottery.suspendReason}</small>}
              </span>
            ),
          },
          {
            key: 'actions',
            header: t('lottery.actions'),
            cell: (lottery) =>
              lottery.suspended ? (
                <button
                  type="button"
                  className="button button--primary button--small"
                  data-testid={`lottery-resume-${lottery.gameCode}`}
                  disabled={suspension.isPending}
                  onClick={() => suspension.mutate({ code: lottery.gameCode, suspended: false })}
                >
                  {t('lottery.resume')}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--danger button--small"
                  data-testid={`lottery-suspend-${lottery.gameCode}`}
                  onClick={() => setSuspending(lottery)}
                >
                  {t('lottery.suspend')}
                </button>
              ),
          },
        ]}
      />
      {current !== null && (
        <section className="lottery-ops__detail" data-testid="lottery-detail">
          <h2>{current.name[lang]}</h2>
          <Tabs.Root defaultValue="results" className="tabs">
            <Tabs.List className="tabs__list" aria-label={t('lottery.tabs.label')}>
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab} value={tab} className="tabs__tab" data-testid={`lottery-tab-${tab}`}>
                  {t(`lottery.tabs.${tab}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="results" className="tabs__panel">
              <LotteryIssues key={current.gameCode} gameCode={current.gameCode} />
            </Tabs.Content>
            <Tabs.Content value="pnl" className="tabs__panel">
              <LotteryPnl key={current.gameCode} gameCode={current.gameCode} />
            </Tabs.Content>
            <Tabs.Content value="odds" className="tabs__panel">
              <LotteryOdds key={current.gameCode} gameCode={current.gameCode} />
            </Tabs.Content>
            <Tabs.Content value="caps" className="tabs__panel">
              <LotteryCaps key={current.gameCode} lottery={current} />
            </Tabs.Content>
          </Tabs.Root>
        </section>
      )}
      <ReasonDialog
        open={suspending !== null}
        onOpenChange={(open) => !open && setSuspending(null)}
        title={t('lottery.suspendTitle')}
        description={suspending === null ? '' : t('lottery.suspendText', { name: suspending.name[lang] })}
        confirmLabel={t('lottery.suspend')}
        danger
        onConfirm={(reason) => suspension.mutateAsync({ code: suspending?.gameCode ?? '', suspended: true, reason })}
        testId="lottery-suspend-dialog"
      />
    </section>
  );
}
