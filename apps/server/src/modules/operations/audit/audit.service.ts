import { CSV_ROWS_MAX, type OpsAuditEntry, type OpsAuditPage, type OpsAuditQuery } from '@platform/contracts';
import { toCsv } from '../../../lib/csv';
import type { Merchant } from '../../platform/merchant';
import type { AuditFilter, AuditRow, auditReadRepository } from './audit.repository';

type Filters = Omit<OpsAuditQuery, 'cursor' | 'limit'> & { cursor?: string | undefined };

const filterOf = (merchant: Merchant, query: Filters): AuditFilter => ({
  merchantId: merchant.id,
  staff: query.staff ?? null,
  actionPrefix: query.action ?? null,
  targetType: query.targetType ?? null,
  targetId: query.targetId ?? null,
  fromDay: query.from ?? null,
  toDay: query.to ?? null,
  beforeId: query.cursor === undefined ? null : BigInt(query.cursor),
});

const toEntry = (row: AuditRow): OpsAuditEntry => ({ ...row, createdAt: row.createdAt.toISOString() });

const json = (value: unknown): string => (value === null || value === undefined ? '' : JSON.stringify(value));

export const AUDIT_CSV_HEADER = [
  'time',
  'staff',
  'role',
  'ip',
  'action',
  'target_type',
  'target_id',
  'reason',
  'before',
  'after',
] as const;

/** The audit log's read side (issue 7): pages for the log screen and the CSV export. Nothing here writes. */
export const auditServiceFactory = ({ repository }: { repository: ReturnType<typeof auditReadRepository> }) => ({
  page: async (merchant: Merchant, query: OpsAuditQuery): Promise<OpsAuditPage> => {
    const rows = await repository.list(filterOf(merchant, query), query.limit + 1);
    const list = rows.slice(0, query.limit).map(toEntry);
    const last = list.at(-1);
    return { list, nextCursor: rows.length > query.limit && last !== undefined ? last.id : null };
  },

  /** Every matching entry up to CSV_ROWS_MAX, newest first, as one CSV file. */
  csv: async (merchant: Merchant, query: Filters): Promise<{ body: string; truncated: boolean }> => {
    const rows = await repository.list(filterOf(merchant, { ...query, cursor: undefined }), CSV_ROWS_MAX + 1);
    const kept = rows.slice(0, CSV_ROWS_MAX);
    return {
      body: toCsv(
        AUDIT_CSV_HEADER,
        kept.map((row) => [
          row.createdAt.toISOString(),
          row.staffUsername,
          row.staffRole,
          row.ip,
          row.action,
          row.targetType,
          row.targetId,
          row.reason,
          json(row.before),
          json(row.after),
        ]),
      ),
      truncated: rows.length > CSV_ROWS_MAX,
    };
  },
});

export type AuditService = ReturnType<typeof auditServiceFactory>;
