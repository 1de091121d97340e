import type { FastifyInstance } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { DepositStaffService } from './deposit-staff.service';

/**
 * Staff API (issues 4 and 7): the deposit queue with each member's context, approve (credits) and reject (with a
 * reason; no money). Each decision writes its audit entry in the transaction that records it.
 */
export const depositOpsRoutes = async (
  app: FastifyInstance,
  { deposits, staff }: { deposits: DepositStaffService; staff: StaffAuth },
) => {
  route(app, 'GET', OPS_API.deposits, {
    guard: (request) => staff.requireStaff(request, 'cashier.view'),
    handler: async ({ caller, query }) => deposits.opsOrders(caller.merchant, query),
  });

  route(app, 'POST', OPS_API.depositApprove, {
    guard: (request) => staff.requireStaff(request, 'cashier.decide'),
    what: { params: 'order' },
    handler: async ({ caller, params: { orderNo }, request }) => {
      const order = await deposits.approve(caller, orderNo);
      request.log.info({ staff: caller.staff, orderNo }, 'deposit approved');
      return order;
    },
  });

  route(app, 'POST', OPS_API.depositReject, {
    guard: (request) => staff.requireStaff(request, 'cashier.decide'),
    what: { params: 'order', body: 'rejection' },
    absentBody: {},
    handler: async ({ caller, params: { orderNo }, body: { reason }, request }) => {
      const order = await deposits.reject(caller, orderNo, reason);
      request.log.info({ staff: caller.staff, orderNo }, 'deposit rejected');
      return order;
    },
  });
};
