import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/database';
import { auditReadRepository, auditRepository } from './audit.repository';
import { auditRoutes, type AuditActor, type AuditGuard } from './audit.routes';
import { auditServiceFactory } from './audit.service';

export type { AuditService } from './audit.service';
export type { AuditActor, AuditGuard } from './audit.routes';

export type AuditAction = {
  /** e.g. withdrawal.approve, member.lock, banner.update: lower case, dots between the object and the verb. */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The object before the change (null when it is created) and after it (null when it is deleted). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

/**
 * Writes one audit entry for a staff action. Pass the same transaction that made the change, so the entry exists
 * exactly when the change does. Leave secrets (passwords, TOTP secrets, tokens) out of before and after.
 */
export const recordAudit = async (db: Queryable, caller: AuditActor, entry: AuditAction): Promise<void> =>
  auditRepository.insert(db, {
    merchantId: caller.merchant.id,
    staffId: caller.staffId,
    staffUsername: caller.staff,
    staffRole: caller.role,
    ip: caller.ip,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });

/** The audit log's read side: GET OPS_API.audit and its CSV export (audit.view). */
export const createAuditModule = ({ db }: { db: Queryable }) => {
  const service = auditServiceFactory({ repository: auditReadRepository(db) });
  return {
    service,
    routes: (options: { staff: AuditGuard }) => async (app: FastifyInstance) => {
      await app.register(auditRoutes, { audit: service, staff: options.staff });
    },
  };
};
