import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsAuditQuerySchema, type OpsAuditEntry } from '@platform/contracts';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { TextField } from '@/components/form-fields';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { useListParams } from '@/lib/list-params';
import { translateMessage } from '@/lib/messages';
import { showToast } from '@/lib/toast';
import { auditKeys, downloadAuditCsv, listAudit, type AuditFilters } from '../api/audit-api';
import { AuditDrawer } from './audit-drawer';
import './audit.css';
import { Button } from '@platform/ui';

const FILTERS = { staff: '', action: '', targetType: '', targetId: '', from: '', to: '' };

const FilterSchema = OpsAuditQuerySchema;

/**
 * The audit log (permission audit.view; read-only): newest first, filtered by staff member, action prefix, target and
 * period, more entries on demand (keyset paging), each entry's before/after in a drawer, and the CSV of the filter.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const [open, setOpen] = useState<OpsAuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  const sent = Object.fromEntries(Object.entries(list.filters).filter(([, value]) => value !== ''));
  const parsed = FilterSchema.safeParse(sent);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  const filters: AuditFilters | null = parsed.success
    ? (({ cursor: _cursor, limit: _limit, ...rest }) => rest)(parsed.data)
    : null;

  const query = useInfiniteQuery({
    queryKey: auditKeys.list(filters ?? {}),
    queryFn: ({ pageParam, signal }) => listAudit(filters ?? {}, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: filters !== null,
  });
  const entries = query.data?.pages.flatMap((page) => page.list);
  const fieldError = (key: string) => (errors[key] === undefined ? undefined : translateMessage(t, errors[key]));

  const columns: Column<OpsAuditEntry>[] = [
    { key: 'when', header: t('audit.when'), cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'who',
      header: t('audit.who'),
      cell: (row) => (
        <>
          {row.staffUsername}
          <span className="muted"> · {t(`roles.${row.staffRole}`, { defaultValue: row.staffRole })}</span>
        </>
      ),
    },
    { key: 'action', header: t('audit.action'), cell: (row) => <code>{row.action}</code> },
    { key: 'target', header: t('audit.target'), cell: (row) => `${row.targetType} #${row.targetId}` },
    { key: 'ip', header: t('audit.ip'), cell: (row) => row.ip },
    { key: 'reason', header: t('audit.reason'), cell: (row) => row.reason ?? '' },
    {
      key: 'view',
      header: t('common.actions'),
      cell: (row) => (
        <Button tone="ghost" small testId="audit-view" onClick={() => setOpen(row)}>
          {t('audit.view')}
        </Button>
      ),
    },
  ];

  return (
    <section className="page" data-testid="audit-page">
      <PageHeader
        title={t('nav.audit')}
        actions={
          <button
            type="button"
            className="button button--ghost"
            data-testid="audit-csv"
            disabled={filters === null || exporting}
            onClick={() => {
              if (filters === null) return;
              setExporting(true);
              downloadAuditCsv(filters)
                .catch((error: unknown) => showToast(errorText(t, error), 'error'))
                .finally(() => setExporting(false));
            }}
          >
            {exporting ? t('common.working') : t('common.exportCsv')}
          </button>
        }
      />
      <p className="muted">{t('audit.hint')}</p>
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={list.setFilters}
        onReset={list.resetFilters}
        testId="audit-filters"
      >
        <TextField
          name="staff"
          label={t('audit.staff')}
          defaultValue={list.filters.staff}
          error={fieldError('staff')}
          testId="audit-filter-staff"
        />
        <TextField
          name="action"
          label={t('audit.actionPrefix')}
          placeholder="withdrawal."
          defaultValue={list.filters.action}
          error={fieldError('action')}
          testId="audit-filter-action"
        />
        <TextField
          name="targetType"
          label={t('audit.targetType')}
          defaultValue={list.filters.targetType}
          error={fieldError('targetType')}
          testId="audit-filter-target-type"
        />
        <TextField
          name="targetId"
          label={t('audit.targetId')}
          defaultValue={list.filters.targetId}
          error={fieldError('targetId')}
          testId="audit-filter-target-id"
        />
        <TextField
          name="from"
          type="date"
          label={t('filters.from')}
          defaultValue={list.filters.from}
          error={fieldError('from')}
          testId="audit-filter-from"
        />
        <TextField
          name="to"
          type="date"
          label={t('filters.to')}
          defaultValue={list.filters.to}
          error={fieldError('to')}
          testId="audit-filter-to"
        />
      </FilterBar>
      {filters !== null && (
        <>
          <DataTable
            query={{
              data: entries,
              isPending: query.isPending,
              isError: query.isError && entries === undefined,
              error: query.error,
              isFetching: query.isFetching,
              refetch: query.refetch,
            }}
            rows={(data) => data}
            rowKey={(row) => row.id}
            columns={columns}
            caption={t('nav.audit')}
            emptyTitle={t('audit.empty')}
            emptyHint={t('audit.emptyHint')}
            testId="audit"
          />
          {query.isFetchNextPageError && (
            <p className="field__error" role="alert" data-testid="audit-more-error">
              {errorText(t, query.error)}
            </p>
          )}
          {query.hasNextPage && (
            <div className="audit-more">
              <button
                type="button"
                className="button button--ghost"
                data-testid="audit-more"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? t('common.loading') : t('audit.more')}
              </button>
            </div>
          )}
        </>
      )}
      <AuditDrawer entry={open} onClose={() => setOpen(null)} />
    </section>
  );
}
