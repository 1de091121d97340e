import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsLotteryIssues } from '@platform/contracts';
import { DataTable } from '@/components/data-table';
import { Money } from '@/components/money';
import { ReasonDialog } from '@/components/reason-dialog';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { formatDateTime } from '@/lib/dates';
import { showToast } from '@/lib/toast';
import { cancelIssue, getIssues, getPnl, LOTTERY_KEY } from '../api/lottery-api';

type Issue = OpsLotteryIssues['list'][number];
const TONES: Record<string, BadgeTone> = {
  SCHEDULED: 'neutral',
  OPEN: 'info',
  CLOSED: 'warning',
  DRAWN: 'info',
  SETTLED: 'success',
  CANCELLED: 'danger',
};
const PAGE = 20;
/** A page that came back full may have another after it. */
const pagesOf = (list: readonly unknown[], pageNo: number) => (list.length === PAGE ? pageNo + 1 : pageNo);

/** Results history: each issue with its numbers (and station), the merchant's bets, and a cancel for issues not drawn. */
export function LotteryIssues({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [cancelling, setCancelling] = useState<Issue | null>(null);
  const query = useQuery({
    queryKey: [...LOTTERY_KEY, 'issues', gameCode, pageNo],
    queryFn: ({ signal }) => getIssues(gameCode, pageNo, signal),
  });
  const cancel = useMutation({
    mutationFn: ({ issueNo, reason }: { issueNo: string; reason: string }) => cancelIssue(gameCode, issueNo, reason),
    onSuccess: (answer) => {
      showToast(
        t(answer.cancelled ? 'lottery.cancelledToast' : 'lottery.alreadyCancelled', { issueNo: answer.issueNo }),
      );
      void queryClient.invalidateQueries({ queryKey: LOTTERY_KEY });
    },
  });
  return (
    <>
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(issue) => issue.issueNo}
        caption={t('lottery.tabs.results')}
        emptyTitle={t('lottery.noIssues')}
        testId="lottery-issues"
        paging={{ pageNo, totalPages: (data) => pagesOf(data.list, pageNo), onPage: setPageNo }}
        columns={[
          { key: 'issue', header: t('lottery.issue'), cell: (issue) => <code>{issue.issueNo}</code> },
          { key: 'draw', header: t('lottery.drawAt'), cell: (issue) => formatDateTime(issue.drawAt) },
          {
            key: 'numbers',
            header: t('lottery.numbers'),
            cell: (issue) => (
              <span className="lottery-ops__numbers">
                {issue.station !== null && <small className="muted">{issue.station} · </small>}
                {issue.numbers === null ? '—' : issue.numbers.slice(0, 18).join(' ')}
              </span>
            ),
          },
          {
            key: 'state',
            header: t('lottery.state'),
            cell: (issue) => (
              <span data-testid={`lottery-issue-state-${issue.issueNo}`}>
                <StatusBadge tone={TONES[issue.state] ?? 'neutral'} label={t(`lottery.states.${issue.state}`)} />
                {issue.cancelReason !== null && <small className="muted"> {issue.cancelReason}</small>}
              </span>
            ),
          },
          { key: 'bets', header: t('lottery.bets'), align: 'end', cell: (issue) => issue.bets },
          {
            key: 'actions',
            header: t('lottery.actions'),
            cell: (issue) =>
              issue.cancellable ? (
                <button
                  type="button"
                  className="button button--danger button--small"
                  data-testid={`lottery-cancel-${issue.issueNo}`}
                  onClick={() => setCancelling(issue)}
                >
                  {t('lottery.cancelIssue')}
                </button>
              ) : null,
          },
        ]}
      />
      <ReasonDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t('lottery.cancelTitle')}
        description={
          cancelling === null ? '' : t('lottery.cancelText', { issueNo: cancelling.issueNo, bets: cancelling.bets })
        }
        confirmLabel={t('lottery.cancelIssue')}
        danger
        onConfirm={(reason) => cancel.mutateAsync({ issueNo: cancelling?.issueNo ?? '', reason })}
        testId="lottery-cancel-dialog"
      />
    </>
  );
}

/** Profit and loss per issue (the merchant's bets), per currency: stakes, payouts, refunds and the house's net. */
export function LotteryPnl({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: [...LOTTERY_KEY, 'pnl', gameCode, pageNo],
    queryFn: ({ signal }) => getPnl(gameCode, pageNo, signal),
  });
  return (
    <DataTable
      query={query}
      rows={(data) => data.list}
      rowKey={(row) => `${row.issueNo}:${row.currency}`}
      caption={t('lottery.tabs.pnl')}
      emptyTitle={t('lottery.noPnl')}
      testId="lottery-pnl"
      paging={{ pageNo, totalPages: (data) => pagesOf(data.list, pageNo), onPage: setPageNo }}
      columns={[
        { key: 'issue', header: t('lottery.issue'), cell: (row) => <code>{row.issueNo}</code> },
        { key: 'state', header: t('lottery.state'), cell: (row) => t(`lottery.states.${row.state}`) },
        { key: 'currency', header: t('lottery.currency'), cell: (row) => row.currency },
        { key: 'bets', header: t('lottery.bets'), align: 'end', cell: (row) => row.bets },
        { key: 'stakes', header: t('lottery.stakes'), align: 'end', cell: (row) => <Money amount={row.stakes} /> },
        { key: 'payouts', header: t('lottery.payouts'), align: 'end', cell: (row) => <Money amount={row.payouts} /> },
        { key: 'refunds', header: t('lottery.refunds'), align: 'end', cell: (row) => <Money amount={row.refunds} /> },
        {
          key: 'net',
          header: t('lottery.net'),
          align: 'end',
          cell: (row) => (
            <strong data-testid={`lottery-pnl-net-${row.issueNo}`}>
              <Money amount={row.net} />
            </strong>
          ),
        },
      ]}
    />
  );
}
