import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { REPORT_RANGE_DAYS_MAX } from '@platform/contracts';
import { DateRangeFilter, lastDays } from '@/components/date-range-filter';
import { errorText } from '@/lib/error-text';
import { useListParams } from '@/lib/list-params';
import { translateMessage } from '@/lib/messages';
import { showToast } from '@/lib/toast';

/**
 * A report's period (and other filters) kept in the URL, checked with the same schema the server parses: an invalid
 * period shows its message and sends nothing. Default: the last 7 days.
 */
export function useReportParams<E extends Record<string, string>, Q>(schema: z.ZodType<Q>, extra: E) {
  const [defaults] = useState(() => ({ ...lastDays(7), ...extra }));
  const list = useListParams<{ from: string; to: string } & E>(defaults);
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(list.filters).filter(([, value]) => value !== '')));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= issue.message;
    }
  }
  return { filters: list.filters, setFilters: list.setFilters, query: parsed.success ? parsed.data : null, errors };
}

type ReportBarProps = {
  from: string;
  to: string;
  onRange: (range: { from: string; to: string }) => void;
  errors: Record<string, string>;
  children?: ReactNode;
  testId: string;
};

/** The period of a report with its presets, other filters beside it, and the period's messages under it. */
export function ReportBar({ from, to, onRange, errors, children, testId }: ReportBarProps) {
  const { t } = useTranslation();
  const messages = ['from', 'to']
    .map((key) => errors[key])
    .filter((message): message is string => message !== undefined);
  return (
    <div className="filter-bar report-bar" data-testid={testId}>
      <DateRangeFilter value={{ from, to }} onChange={onRange} presets={[1, 7, 30]} testId={`${testId}-range`} />
      {children}
      <p className="field__hint">{t('reports.rangeHint', { days: REPORT_RANGE_DAYS_MAX })}</p>
      {messages.map((message) => (
        <p key={message} className="field__error" role="alert" data-testid="field-error">
          {translateMessage(t, message)}
        </p>
      ))}
    </div>
  );
}

/** The Export CSV button: downloads the server's CSV of the same query; a failure shows as a toast. */
export function CsvButton({
  download,
  disabled,
  testId,
}: {
  download: () => Promise<void>;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--ghost"
      data-testid={testId}
      disabled={disabled || busy}
      onClick={() => {
        setBusy(true);
        download()
          .catch((error: unknown) => showToast(errorText(t, error), 'error'))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? t('common.working') : t('common.exportCsv')}
    </button>
  );
}
