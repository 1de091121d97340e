import type { FastifyInstance } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { PromotionsApplications } from './promotions-applications';

/** Staff API (issue 20): the application queue, approve (pays the bonus) and reject (with a reason; nothing paid). */
export const promotionsOpsRoutes = async (
  app: FastifyInstance,
  { applications, staff }: { applications: PromotionsApplications; staff: StaffAuth },
) => {
  route(app, 'GET', OPS_API.promotionApplications, {
    guard: (request) => staff.requireStaff(request, 'promotions.manage'),
    handler: async ({ caller }) => applications.pending(caller.merchant),
  });

  route(app, 'POST', OPS_API.promotionApplicationApprove, {
    guard: (request) => staff.requireStaff(request, 'promotions.manage'),
    handler: async ({ caller, params: { id } }) => applications.approve(caller, BigInt(id)),
  });

  route(app, 'POST', OPS_API.promotionApplicationReject, {
    guard: (request) => staff.requireStaff(request, 'promotions.manage'),
    handler: async ({ caller, params: { id }, body: { reason } }) => applications.reject(caller, BigInt(id), reason),
  });
};
