import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { sendCsv } from '../../../lib/csv';
import { route } from '../../../lib/route';
import type { Merchant } from '../../platform/merchant';
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
  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'audit.view');
  const what = { query: 'audit filter' };

  route(app, 'GET', OPS_API.audit, {
    guard,
    what,
    handler: async ({ caller, query }) => audit.page(caller.merchant, query),
  });

  route(app, 'GET', OPS_API.auditCsv, {
    guard,
    what,
    handler: async ({ caller, query, reply }) => {
      const { body, truncated } = await audit.csv(caller.merchant, query);
      return sendCsv(reply, `audit-${caller.merchant.code}.csv`, body, { truncated });
    },
  });
};
