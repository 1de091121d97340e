import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getResultsPage, lotteryQueryKeys, type LotteryIssue } from '../api/lgw';

/**
 * Trend charts of the opened numbers (issue 23): how often each number came out over the last N issues (the three
 * most frequent "hot", the three least "cold") and the number at one position issue by issue, both drawn as SVG.
 * Draws of long numbers (VN prizes, 4D, Thai) count their last two digits, as lô does; positions are the draw's order.
 */
export const TREND_SIZES = [10, 30, 50] as const;
const TAIL_ABOVE = 99;
const MAX_POSITIONS = 10;

export type Trends = {
  issues: number;
  values: number[];
  counts: Map<number, number>;
  hot: number[];
  cold: number[];
  positions: number;
  series: (position: number) => { issueNo: string; value: number }[];
};

/** Frequencies and per-position series of drawn issues (newest first, as the gateway lists them). Pure. */
export const trendsOf = (issues: readonly LotteryIssue[]): Trends => {
  const drawn = issues.filter((issue) => issue.numbers !== null).reverse();
  const raw = drawn.map((issue) => issue.numbers!.map(Number));
  const max = Math.max(0, ...raw.flat());
  const tails = max > TAIL_ABOVE;
  const rows = raw.map((numbers) => numbers.map((n) => (tails ? n % 100 : n)));
  const min = tails ? 0 : Math.min(...rows.flat(), max);
  const top = tails ? 99 : max;
  const values = Array.from({ length: top - min + 1 }, (_, i) => min + i);
  const counts = new Map(values.map((v) => [v, 0]));
  for (const n of rows.flat()) counts.set(n, (counts.get(n) ?? 0) + 1);
  const byCount = [...values].sort((a, b) => counts.get(b)! - counts.get(a)! || a - b);
  return {
    issues: drawn.length,
    values,
    counts,
    hot: drawn.length === 0 ? [] : byCount.slice(0, 3),
    cold: drawn.length === 0 ? [] : byCount.slice(-3).reverse(),
    positions: Math.min(MAX_POSITIONS, Math.max(0, ...rows.map((r) => r.length))),
    series: (position) =>
      drawn.flatMap((issue, i) =>
        rows[i]![position] === undefined ? [] : [{ issueNo: issue.issueNo, value: rows[i]![position]! }],
      ),
  };
};

const W = 640;
const H = 180;
const PAD = 24;

function FrequencyChart({ trends }: { trends: Trends }) {
  const { t } = useTranslation();
  const { values, counts, hot, cold } = trends;
  const most = Math.max(1, ...counts.values());
  const slot = (W - PAD * 2) / values.length;
  const label = values.length <= 40;
  return (
    <svg
      className="lottery-trends__chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('lottery.trendFrequencyLabel', { issues: trends.issues })}
    >
      <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} className="lottery-trends__axis" />
      {values.map((value, i) => {
        const count = counts.get(value) ?? 0;
        const height = ((H - PAD * 2) * count) / most;
        const tone = hot.includes(value) ? 'hot' : cold.includes(value) ? 'cold' : 'plain';
        const x = PAD + i * slot;
        return (
          <g key={value}>
            <rect
              x={x + slot * 0.15}
              y={H - PAD - height}
              width={Math.max(1, slot * 0.7)}
              height={height}
              className={`lottery-trends__bar lottery-trends__bar--${tone}`}
            >
              <title>{t('lottery.trendCount', { value, count })}</title>
            </rect>
            {label && (
              <text x={x + slot / 2} y={H - PAD + 14} textAnchor="middle" className="lottery-trends__tick">
                {value}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function PositionChart({ points, label }: { points: { issueNo: string; value: number }[]; label: string }) {
  if (points.length === 0) return null;
  const lo = Math.min(...points.map((p) => p.value));
  const hi = Math.max(...points.map((p) => p.value));
  const span = Math.max(1, hi - lo);
  const step = points.length > 1 ? (W - PAD * 2) / (points.length - 1) : 0;
  const xy = points.map((p, i) => ({
    ...p,
    x: PAD + i * step,
    y: H - PAD - ((H - PAD * 2) * (p.value - lo)) / span,
  }));
  return (
    <svg className="lottery-trends__chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} className="lottery-trends__axis" />
      <text x={4} y={PAD} className="lottery-trends__tick">
        {hi}
      </text>
      <text x={4} y={H - PAD} className="lottery-trends__tick">
        {lo}
      </text>
      <polyline points={xy.map((p) => `${p.x},${p.y}`).join(' ')} className="lottery-trends__line" />
      {xy.map((p) => (
        <circle key={p.issueNo} cx={p.x} cy={p.y} r={3} className="lottery-trends__dot">
          <title>{`${p.issueNo}: ${p.value}`}</title>
        </circle>
      ))}
    </svg>
  );
}

export function LotteryTrends({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<number>(TREND_SIZES[1]);
  const [position, setPosition] = useState(0);
  const query = useQuery({
    queryKey: [...lotteryQueryKeys.results(gameCode), 'trend', size],
    queryFn: () => getResultsPage(gameCode, size),
    refetchInterval: 30_000,
  });
  const trends = trendsOf(query.data ?? []);
  return (
    <section className="lottery-trends" data-testid="lottery-trends">
      <div className="lottery__controls">
        <label className="field">
          <span className="field__label">{t('lottery.trendIssues')}</span>
          <select
            className="field__control"
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
            data-testid="lottery-trend-size"
          >
            {TREND_SIZES.map((n) => (
              <option key={n} value={n}>
                {t('lottery.trendLast', { n })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {trends.issues === 0 ? (
        <p className="muted">{t('lottery.noResult')}</p>
      ) : (
        <>
          <p className="lottery-trends__hotcold">
            <span className="lottery-trends__hot" data-testid="lottery-hot">
              {t('lottery.hot', { numbers: trends.hot.join(', ') })}
            </span>{' '}
            <span className="lottery-trends__cold" data-testid="lottery-cold">
              {t('lottery.cold', { numbers: trends.cold.join(', ') })}
            </span>
          </p>
          <FrequencyChart trends={trends} />
          <div className="lottery__controls">
            <label className="field">
              <span className="field__label">{t('lottery.trendPosition')}</span>
              <select
                className="field__control"
                value={Math.min(position, trends.positions - 1)}
                onChange={(event) => setPosition(Number(event.target.value))}
                data-testid="lottery-trend-position"
              >
                {Array.from({ length: trends.positions }, (_, i) => (
                  <option key={i} value={i}>
                    {t('lottery.positionN', { n: i + 1 })}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <PositionChart
            points={trends.series(Math.min(position, trends.positions - 1))}
            label={t('lottery.trendPositionLabel', { n: Math.min(position, trends.positions - 1) + 1 })}
          />
        </>
      )}
    </section>
  );
}
