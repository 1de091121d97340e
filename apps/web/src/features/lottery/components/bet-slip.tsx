import { lotteryMethod, validateRows } from '@platform/game-math';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import type { LotteryMethodInfo } from '../api/lgw';

/** Values a row offers as buttons; wider ranges (3- and 4-digit numbers) are typed. */
const BUTTONS_MAX = 40;

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** The tickets the pick makes, as the server will count them; null while the pick is not yet a valid bet. */
const countOf = (method: string, rows: number[][]): number | null => {
  try {
    const m = lotteryMethod(method);
    return m.count(validateRows(m, rows));
  } catch {
    return null;
  }
};

export type SlipBet = { method: string; picks: number[][]; unit: string; multiple: number };

type Props = {
  method: LotteryMethodInfo;
  units: string[];
  busy: boolean;
  /** An issue's window is open now (a single bet needs one; a chase may start on the next). */
  open: boolean;
  /** The VN stations chosen (ADR 0050): one bet per station, so the slip's tickets and cost are this many times one's. */
  stations?: number;
  /** Each resolves true when the bet was taken (the pick is then cleared), false when the player has a choice to make. */
  onBet: (bet: SlipBet) => Promise<boolean>;
  onChase: (bet: SlipBet, issues: number, winStop: boolean) => Promise<boolean>;
};

/**
 * The number pickers of one method (a row per position, buttons or typed numbers), quick pick, and the slip: tickets,
 * unit, multiple and cost counted as the server counts them (game-math), a bet on the open issue or a chase.
 */
export function BetSlip({ method, units, busy, open, stations = 1, onBet, onChase }: Props) {
  const { t } = useTranslation();
  const spec = method.rows;
  const [rows, setRows] = useState<number[][]>(() => Array.from({ length: spec.rows }, () => []));
  const [unit, setUnit] = useState(units[0] ?? '1.00');
  const [multiple, setMultiple] = useState(1);
  const [chase, setChase] = useState(5);
  const [winStop, setWinStop] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const count = useMemo(() => countOf(method.method, rows), [method.method, rows]);
  const cost = count === null ? null : (count * method.ticketUnits * Number(unit) * multiple).toFixed(2);
  /** What all the stations' bets cost together (one station: the bet's cost). */
  const total = cost === null ? null : (Number(cost) * stations).toFixed(2);

  const toggle = (row: number, value: number) =>
    setRows((old) =>
      old.map((values, i) =>
        i !== row
          ? values
          : values.includes(value)
            ? values.filter((v) => v !== value)
            : [...values, value].sort((a, b) => a - b),
      ),
    );
  const typed = (row: number, text: string) =>
    setRows((old) =>
      old.map((values, i) => {
        if (i !== row) return values;
        const numbers = text
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number);
        return [...new Set(numbers.filter((n) => Number.isInteger(n) && n >= spec.min && n <= spec.max))].sort(
          (a, b) => a - b,
        );
      }),
    );
  /** Quick pick: the fewest values a row needs, chosen at random (only the first row when rows are optional). */
  const quickPick = () => {
    const values = range(spec.min, spec.max);
    setRows(
      Array.from({ length: spec.rows }, (_, i) => {
        if (spec.fill === 'any' && i > 0) return [];
        const pool = [...values];
        const picked: number[] = [];
        while (picked.length < spec.minPicks && pool.length > 0)
          picked.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!);
        return picked.sort((a, b) => a - b);
      }),
    );
  };
  const run = async (fn: () => Promise<boolean>) => {
    setError(null);
    try {
      if (await fn()) setRows(Array.from({ length: spec.rows }, () => []));
    } catch (failure) {
      setError(errorText(t, failure));
    }
  };
  const bet = { method: method.method, picks: rows, unit, multiple };

  return (
    <div className="lottery__slip">
      <p className="lottery__odds">
        {method.odds
          .map((o) =>
            o.key === 'win' || o.key === 'side'
              ? t('lottery.pays', { odds: o.odds, rtp: o.rtp })
              : t('lottery.odds', { key: o.key, odds: o.odds, rtp: o.rtp }),
          )
          .join(' · ')}
      </p>
      {rows.map((values, row) => (
        <fieldset key={row} className="lottery__row">
          <legend>{t('lottery.row', { row: row + 1 })}</legend>
          {spec.max - spec.min < BUTTONS_MAX ? (
            range(spec.min, spec.max).map((value) => (
              <button
                key={value}
                type="button"
                className={`lottery__pick${values.includes(value) ? ' lottery__pick--on' : ''}`}
                aria-pressed={values.includes(value)}
                onClick={() => toggle(row, value)}
              >
                {value}
              </button>
            ))
          ) : (
            <input
              className="field__control"
              aria-label={t('lottery.typeNumbers', { row: row + 1 })}
              value={values.join(' ')}
              onChange={(event) => typed(row, event.target.value)}
            />
          )}
        </fieldset>
      ))}
      <div className="lottery__controls">
        <button type="button" className="button button--ghost" onClick={quickPick}>
          {t('lottery.quickPick')}
        </button>
        <label>
          {t('lottery.unit')}{' '}
          <select className="field__control" value={unit} onChange={(event) => setUnit(event.target.value)}>
            {units.map((u) => (
              <option key={u}>{u}</option>
            ))}
          </select>
        </label>
        <label>
          {t('lottery.multiple')}{' '}
          <input
            className="field__control lottery__number"
            type="number"
            min={1}
            max={10000}
            value={multiple}
            onChange={(event) => setMultiple(Math.max(1, Math.floor(Number(event.target.value) || 1)))}
          />
        </label>
      </div>
      <p className="lottery__summary" data-testid="lottery-slip-summary">
        {count === null
          ? t('lottery.pickMore')
          : stations > 1
            ? t('lottery.summaryStations', { count, stations, tickets: count * stations, cost: total })
            : t('lottery.summary', { count, cost })}
      </p>
      <div className="lottery__controls">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !open || count === null}
          onClick={() => void run(() => onBet(bet))}
        >
          {stations > 1 ? t('lottery.placeBets', { count: stations }) : t('lottery.placeBet')}
        </button>
        <label>
          {t('lottery.chaseIssues')}{' '}
          <input
            className="field__control lottery__number"
            type="number"
            min={2}
            max={50}
            value={chase}
            onChange={(event) => setChase(Math.min(50, Math.max(2, Math.floor(Number(event.target.value) || 2))))}
          />
        </label>
        <label>
          <input type="checkbox" checked={winStop} onChange={(event) => setWinStop(event.target.checked)} />{' '}
          {t('lottery.winStop')}
        </label>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || count === null || stations > 1}
          onClick={() => void run(() => onChase(bet, chase, winStop))}
        >
          {t('lottery.chase', { total: cost === null ? '—' : (Number(cost) * chase).toFixed(2) })}
        </button>
        {/* A chase follows one station's issues: with several chosen, only a bet on today's draws is offered. */}
        {stations > 1 ? <span className="muted">{t('lottery.chaseOneStation')}</span> : null}
      </div>
      {error ? (
        <p role="alert" className="lottery__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
