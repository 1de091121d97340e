import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordPeriodSchema, type RecordPeriod } from '@platform/contracts';
import { Tabs } from '@/components/tabs';
import './record-period.css';

const PERIODS = RecordPeriodSchema.options;
const DAY_MS = 86_400_000;

/** A date as the member's own calendar shows it (yyyy-mm-dd), not UTC's. */
const isoDay = (date: Date): string => {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
};

export type RecordRange = { startDate: string; endDate: string };

/** The filter part a record query sends: the period, and the dates only when the member picked CUSTOM. */
export type RecordPeriodFilter = { period: RecordPeriod } & Partial<RecordRange>;

/**
 * The period of a member-centre record (account record, betting record): today by default, and for CUSTOM the last
 * seven days until the member picks others. `onChange` runs on every change (the pages go back to their first page).
 */
export function useRecordPeriod(onChange: () => void) {
  const [period, setPeriodState] = useState<RecordPeriod>('TODAY');
  const [range, setRangeState] = useState<RecordRange>(() => {
    const today = new Date();
    return { startDate: isoDay(new Date(today.getTime() - 6 * DAY_MS)), endDate: isoDay(today) };
  });
  return {
    period,
    range,
    filter: (period === 'CUSTOM' ? { period, ...range } : { period }) satisfies RecordPeriodFilter,
    setPeriod: (next: RecordPeriod) => {
      setPeriodState(next);
      onChange();
    },
    setRange: (change: Partial<RecordRange>) => {
      setRangeState((current) => ({ ...current, ...change }));
      onChange();
    },
  };
}

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
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/**
 * Period tabs (today, yesterday, ... custom) over a record list; CUSTOM adds start and end dates that cannot cross.
 * Test ids: `<testIdPrefix>-period-<PERIOD>`, `<testIdPrefix>-start`, `<testIdPrefix>-end`.
 */
export function RecordPeriodTabs({
  state,
  testIdPrefix,
  children,
}: {
  state: ReturnType<typeof useRecordPeriod>;
  testIdPrefix: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t('records.period')}
      items={PERIODS.map((key) => ({
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
            max={state.range.endDate}
            onChange={(startDate) => state.setRange({ startDate })}
          />
          <DateInput
            label={t('records.endDate')}
            testId={`${testIdPrefix}-end`}
            value={state.range.endDate}
            min={state.range.startDate}
            onChange={(endDate) => state.setRange({ endDate })}
          />
          <p className="muted">{t('records.rangeHint')}</p>
        </div>
      )}
      {children}
    </Tabs>
  );
}
