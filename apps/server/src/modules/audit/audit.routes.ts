import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OpsAuditPageSchema, OpsAuditQuerySchema, OPS_API } from '@platform/contracts';
import { sendCsv } from '../../lib/csv';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { Merchant } from '../merchant';
import type { AuditService } from './audit.service';

/**
 * Who acted, as the staff module's caller carries it. Declared here, structurally, so that the audit log (which the
 * staff module writes to) does not depend back on the staff module.
 */
export type AuditActor = { merchant: Merchant; staff: string; staffId: string; role: string; ip: string };

/** The one staff check the audit routes need (the staff module's StaffAuth has it). */
export type AuditGuard = { requireStaff(request: FastifyRequest, permission: 'audit.view'): Promise<AuditActor> };

/** Staff API (issue 7): the audit log, read-only. There is deliberately no route that writes, edits or deletes. */
export const auditRoutes = async (
  app: FastifyInstance,
  { audit, staff }: { audit: AuditService; staff: AuditGuard },
) => {
  app.get(OPS_API.audit, async (request) => {
    const caller = await staff.requireStaff(request, 'audit.view');
    const query = parseInput(OpsAuditQuerySchema, request.query, 'audit filter');
    return success(OpsAuditPageSchema, await audit.page(caller.merchant, query));
  });

  app.get(OPS_API.auditCsv, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'audit.view');
    const query = parseInput(OpsAuditQuerySchema, request.query, 'audit filter');
    const { body, truncated } = await audit.csv(caller.merchant, query);
    return sendCsv(reply, `audit-${caller.merchant.code}.csv`, body, { truncated });
  });
};
