import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGENT_CUSTOM_MONTHS_MAX,
  AGENT_PERIODS,
  RecordPeriodSchema,
  type AgentPeriod,
  type RecordPeriod,
} from '@platform/contracts';
import { Tabs } from '@/components/tabs';
import { clampRange, defaultRange, isoDay, rangeBounds, type RangeLimit, type RecordRange } from './record-range';
import './record-period.css';

export type { RecordRange, RangeLimit } from './record-range';

/** The filter part a record query sends: the period, and the dates only when the user picked CUSTOM. */
export type PeriodFilter<P extends string> = { period: P } & Partial<RecordRange>;
export type RecordPeriodFilter = PeriodFilter<RecordPeriod>;

/** The account and betting records: at most 90 days, both ends included (BETS_CUSTOM_DAYS_MAX). */
const RECORD_LIMIT: RangeLimit = { days: 90 };

/**
 * A period of a list or report: one of `periods` (today by default) and, for CUSTOM, a range of days that starts as
 * the last seven days, stays within `limit` and never passes today. `onChange` runs on every change (the pages go back
 * to their first page).
 */
export function usePeriod<P extends string>(
  periods: readonly P[],
  initial: P,
  limit: RangeLimit,
  onChange: () => void,
) {
  const [period, setPeriodState] = useState<P>(initial);
  const [range, setRangeState] = useState<RecordRange>(() => defaultRange(new Date()));
  return {
    periods,
    limit,
    period,
    range,
    filter: (period === 'CUSTOM' ? { period, ...range } : { period }) satisfies PeriodFilter<P>,
    setPeriod: (next: P) => {
      setPeriodState(next);
      onChange();
    },
    setRange: (change: Partial<RecordRange>) => {
      setRangeState((current) => clampRange({ ...current, ...change }, limit, isoDay(new Date())));
      onChange();
    },
  };
}

export type PeriodState<P extends string> = ReturnType<typeof usePeriod<P>>;

/** The member-centre records (account record, betting record): today, yesterday, 7 or 30 days, or 90 custom days. */
export const useRecordPeriod = (onChange: () => void) =>
  usePeriod(RecordPeriodSchema.options, 'TODAY', RECORD_LIMIT, onChange);

/**
 * The agent centre's reports and the member's personalProfit (issue 18): today, yesterday, this or last week or month,
 * or custom days spanning at most three calendar months and not past today.
 */
export const useReportPeriod = (onChange: () => void) =>
  usePeriod(AGENT_PERIODS, 'TODAY', { months: AGENT_CUSTOM_MONTHS_MAX }, onChange);

/** A report query's period fields (contracts' periodFields): `from` and `to` only with CUSTOM. */
export const reportPeriodQuery = (
  state: PeriodState<AgentPeriod>,
): { period: AgentPeriod; from?: string; to?: string } =>
  state.period === 'CUSTOM'
    ? { period: state.period, from: state.range.startDate, to: state.range.endDate }
    : { period: state.period };

type DateInputProps = {
  label: string;
  testId: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
};

function DateInput({ label, testId, onChange, ...bounds }: DateInputProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        type="date"
        className="field__control"
        data-testid={testId}
        {...bounds}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
      />
    </label>
  );
}

/**
 * Period tabs (today, yesterday, ... custom) over a record list or report; CUSTOM adds start and end dates that
 * cannot cross, pass today or span more than the limit. Labels: `records.periods.<PERIOD>`.
 * Test ids: `<testIdPrefix>-period-<PERIOD>`, `<testIdPrefix>-start`, `<testIdPrefix>-end`.
 */
export function RecordPeriodTabs<P extends string>({
  state,
  testIdPrefix,
  children,
}: {
  state: PeriodState<P>;
  testIdPrefix: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const bounds = rangeBounds(state.range, state.limit, isoDay(new Date()));
  return (
    <Tabs
      label={t('records.period')}
      items={state.periods.map((key) => ({
        key,
        label: t(`records.periods.${key}`),
        testId: `${testIdPrefix}-period-${key}`,
      }))}
      active={state.period}
      onChange={state.setPeriod}
    >
      {state.period === 'CUSTOM' && (
        <div className="record-period__range">
          <DateInput
            label={t('records.startDate')}
            testId={`${testIdPrefix}-start`}
            value={state.range.startDate}
            min={bounds.startMin}
            max={bounds.startMax}
            onChange={(startDate) => state.setRange({ startDate })}
          />
          <DateInput
            label={t('records.endDate')}
            testId={`${testIdPrefix}-end`}
            value={state.range.endDate}
            min={bounds.endMin}
            max={bounds.endMax}
            onChange={(endDate) => state.setRange({ endDate })}
          />
          <p className="muted" data-testid={`${testIdPrefix}-range-hint`}>
            {'months' in state.limit ? t('records.rangeHintMonths', { count: state.limit.months }) : t('records.rangeHint')}
          </p>
        </div>
      )}
      {children}
    </Tabs>
  );
}
