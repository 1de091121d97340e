import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsLottery, OpsLotteryOdds } from '@platform/contracts';
import { ErrorState } from '@/components/data-table';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { getOdds, LOTTERY_KEY, publishOdds, setCaps } from '../api/lottery-api';

type Table = Record<string, Record<string, string>>;
const tableOf = (odds: OpsLotteryOdds): Table =>
  Object.fromEntries(odds.methods.map((m) => [m.method, Object.fromEntries(m.odds.map((o) => [o.key, o.odds]))]));

/**
 * The odds table in force (each key's odds and return), editable; publishing makes a new version that prices the bets
 * placed from then on (a placed bet keeps its own). The versions with who published them and how many bets each has.
 */
export function LotteryOdds({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...LOTTERY_KEY, 'odds', gameCode],
    queryFn: ({ signal }) => getOdds(gameCode, signal),
  });
  const [edits, setEdits] = useState<Table>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const publish = useMutation({
    mutationFn: (odds: OpsLotteryOdds) =>
      publishOdds(gameCode, {
        basedOnVersion: odds.version,
        odds: Object.fromEntries(
          Object.entries(tableOf(odds)).map(([method, keys]) => [method, { ...keys, ...edits[method] }]),
        ),
        note: note.trim() === '' ? undefined : note.trim(),
      }),
    onSuccess: (answer) => {
      showToast(t('lottery.oddsPublished', { version: answer.version }));
      setEdits({});
      setNote('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: LOTTERY_KEY });
    },
    onError: (failure) => setError(errorText(t, failure)),
  });
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="lottery-odds" />;
  if (query.data === undefined) return <p aria-busy="true">{t('common.loading')}</p>;
  const odds = query.data;
  const changed = Object.values(edits).some((keys) => Object.keys(keys).length > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    publish.mutate(odds);
  };
  return (
    <form className="lottery-ops__odds" onSubmit={submit} data-testid="lottery-odds">
      <p>
        {t('lottery.oddsInForce', { version: odds.version, id: odds.oddsId })}{' '}
        <span className="muted">{t('lottery.oddsHint')}</span>
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{t('lottery.tabs.odds')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lottery.method')}</th>
              <th scope="col">{t('lottery.key')}</th>
              <th scope="col">{t('lottery.odds')}</th>
              <th scope="col">{t('lottery.rtp')}</th>
            </tr>
          </thead>
          <tbody>
            {odds.methods.flatMap((method) =>
              method.odds.map((row) => (
                <tr key={`${method.method}:${row.key}`}>
                  <td>
                    <code>{method.method}</code>
                  </td>
                  <td>{row.key}</td>
                  <td>
                    <input
                      className="field__control lottery-ops__odds-input"
                      inputMode="decimal"
                      aria-label={t('lottery.oddsOf', { method: method.method, key: row.key })}
                      data-testid={`lottery-odds-${method.method}-${row.key}`}
                      value={edits[method.method]?.[row.key] ?? row.odds}
                      onChange={(event) =>
                        setEdits((all) => ({
                          ...all,
                          [method.method]: { ...all[method.method], [row.key]: event.target.value },
                        }))
                      }
                    />
                  </td>
                  <td className="lottery-ops__rtp">{row.rtp.toFixed(2)}%</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <label className="field">
        <span className="field__label">{t('lottery.note')}</span>
        <input
          className="field__control"
          maxLength={200}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          data-testid="lottery-odds-note"
        />
      </label>
      {error !== null && (
        <p className="form-error" role="alert" data-testid="lottery-odds-error">
          {error}
        </p>
      )}
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={!changed || publish.isPending}
          data-testid="lottery-odds-publish"
        >
          {t('lottery.publish', { version: odds.version + 1 })}
        </button>
      </div>
      <h3>{t('lottery.versions')}</h3>
      <ul className="lottery-ops__versions" data-testid="lottery-odds-versions">
        {odds.versions.map((v) => (
          <li key={v.version}>
            <strong>v{v.version}</strong>{' '}
            {v.publishedAt === null
              ? t('lottery.catalogueVersion')
              : t('lottery.publishedBy', { at: formatDateTime(v.publishedAt), by: v.publishedBy })}
            {v.note !== null && <span className="muted"> · {v.note}</span>}
            <span className="muted"> · {t('lottery.betsCount', { count: v.bets })}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}

/** The per-bet and per-issue payout caps (read when an issue settles). */
export function LotteryCaps({ lottery }: { lottery: OpsLottery }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [perBet, setPerBet] = useState(lottery.maxWinPerBet);
  const [perIssue, setPerIssue] = useState(lottery.maxWinPerIssue);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => setCaps(lottery.gameCode, { maxWinPerBet: perBet.trim(), maxWinPerIssue: perIssue.trim() }),
    onSuccess: () => {
      showToast(t('lottery.capsSaved'));
      setError(null);
      void queryClient.invalidateQueries({ queryKey: LOTTERY_KEY });
    },
    onError: (failure) => setError(errorText(t, failure)),
  });
  return (
    <form
      className="form lottery-ops__caps"
      data-testid="lottery-caps"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <p className="muted">{t('lottery.capsHint')}</p>
      <label className="field">
        <span className="field__label">{t('lottery.maxWinPerBet')}</span>
        <input
          className="field__control"
          inputMode="decimal"
          value={perBet}
          onChange={(event) => setPerBet(event.target.value)}
          data-testid="lottery-cap-bet"
        />
      </label>
      <label className="field">
        <span className="field__label">{t('lottery.maxWinPerIssue')}</span>
        <input
          className="field__control"
          inputMode="decimal"
          value={perIssue}
          onChange={(event) => setPerIssue(event.target.value)}
          data-testid="lottery-cap-issue"
        />
      </label>
      {error !== null && (
        <p className="form-error" role="alert" data-testid="lottery-caps-error">
          {error}
        </p>
      )}
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          data-testid="lottery-caps-save"
        >
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
