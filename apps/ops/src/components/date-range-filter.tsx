import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type DateRange = { from: string; to: string };

/** YYYY-MM-DD of a date in the browser's time zone. */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last `days` days, today included. */
export const lastDays = (days: number, today = new Date()): DateRange => {
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(today) };
};

type DateRangeFilterProps = {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Shortcut buttons (days back, today included). */
  presets?: readonly number[];
  testId?: string;
};

/**
 * From and to days (inclusive, `YYYY-MM-DD` as the ops queries take them). A "to" before "from" is refused in place:
 * the other end moves with it, so the range is never inverted.
 */
export function DateRangeFilter({
  value,
  onChange,
  presets = [1, 7, 30],
  testId = 'date-range',
}: DateRangeFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="date-range" data-testid={testId}>
      <legend className="visually-hidden">{t('filters.dateRange')}</legend>
      <label htmlFor={`${id}-from`} className="field__label">
        {t('filters.from')}
      </label>
      <input
        id={`${id}-from`}
        type="date"
        className="field__control"
        data-testid={`${testId}-from`}
        value={value.from}
        onChange={(event) => {
          const from = event.target.value;
          onChange({ from, to: value.to !== '' && from > value.to ? from : value.to });
        }}
      />
      <label htmlFor={`${id}-to`} className="field__label">
        {t('filters.to')}
      </label>
      <input
        id={`${id}-to`}
        type="date"
        className="field__control"
        data-testid={`${testId}-to`}
        value={value.to}
        onChange={(event) => {
          const to = event.target.value;
          onChange({ from: value.from !== '' && to < value.from ? to : value.from, to });
        }}
      />
      {presets.map((days) => (
        <button
          key={days}
          type="button"
          className="button button--ghost button--small"
          onClick={() => onChange(lastDays(days))}
        >
          {days === 1 ? t('filters.today') : t('filters.lastDays', { count: days })}
        </button>
      ))}
    </fieldset>
  );
}
