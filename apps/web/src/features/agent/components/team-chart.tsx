import { useId } from 'react';
import type { TeamDay } from '@platform/contracts';
import { amountText } from './report-parts';

export const CHART_METRICS = ['validBet', 'profit', 'deposits', 'withdrawals', 'activeMembers', 'newMembers'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 4;

/** A figure as a number for the bar's height only; the texts keep the exact decimal strings. */
const valueOf = (day: TeamDay, metric: ChartMetric): number => Number(day[metric]);
const textOf = (day: TeamDay, metric: ChartMetric): string => {
  const value = day[metric];
  return typeof value === 'number' ? String(value) : amountText(value);
};

/**
 * One figure of the team over the last days as bars (hand-drawn SVG, no chart library): a zero line, bars above it
 * for positive days and below for negative ones (profit and loss), each bar named by its day and value for a screen
 * reader and on hover.
 */
export function TeamChart({
  series,
  metric,
  label,
}: {
  series: readonly TeamDay[];
  metric: ChartMetric;
  label: string;
}) {
  const titleId = useId();
  const values = series.map((day) => valueOf(day, metric));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const zeroY = PAD + ((max - 0) / span) * (HEIGHT - 2 * PAD);
  const slot = series.length === 0 ? WIDTH : WIDTH / series.length;
  const barWidth = Math.max(2, slot * 0.7);
  return (
    <figure className="agent-chart" data-testid="team-chart" data-metric={metric}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
        className="agent-chart__svg"
      >
        <title id={titleId}>{label}</title>
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="agent-chart__axis" />
        {series.map((day, index) => {
          const value = values[index] ?? 0;
          const y = PAD + ((max - Math.max(value, 0)) / span) * (HEIGHT - 2 * PAD);
          const height = (Math.abs(value) / span) * (HEIGHT - 2 * PAD);
          return (
            <rect
              key={day.day}
              data-testid="team-chart-bar"
              data-day={day.day}
              x={index * slot + (slot - barWidth) / 2}
              y={y}
              width={barWidth}
              height={Math.max(height, value === 0 ? 0 : 1)}
              className={value < 0 ? 'agent-chart__bar agent-chart__bar--down' : 'agent-chart__bar'}
            >
              <title>{`${day.day}: ${textOf(day, metric)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="agent-chart__caption muted">
        <span>{series[0]?.day}</span>
        <span>{series.at(-1)?.day}</span>
      </figcaption>
    </figure>
  );
}
