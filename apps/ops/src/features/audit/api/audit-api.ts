import { OpsAuditPageSchema, type OpsAuditQuery, OPS_API } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { downloadServerCsv } from '@/lib/csv';

/** The audit log, read-only (permission audit.view). */
export type AuditFilters = Omit<OpsAuditQuery, 'cursor' | 'limit'>;

export const auditKeys = { list: (filters: AuditFilters) => ['ops', 'audit', filters] as const };

export const AUDIT_PAGE_SIZE = 50;

export const listAudit = (filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest(OPS_API.audit, {
    query: { ...filters, cursor, limit: AUDIT_PAGE_SIZE },
    schema: OpsAuditPageSchema,
    ...(signal ? { signal } : {}),
  });

export const downloadAuditCsv = (filters: AuditFilters) => downloadServerCsv(OPS_API.auditCsv, filters, 'audit.csv');
