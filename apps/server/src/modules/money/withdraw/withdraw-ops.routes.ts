import type { FastifyInstance } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import { sendProof } from './proof-image';
import type { WithdrawStaffService } from './withdraw-staff.service';

export type WithdrawOpsRoutesOptions = { withdraw: WithdrawStaffService; staff: StaffAuth };

/** Staff's withdrawals (issues 4 and 7): the queue, the proof images, payout and rejection. */
export const withdrawOpsRoutes = async (app: FastifyInstance, options: WithdrawOpsRoutesOptions) => {
  const { withdraw, staff } = options;

  /** The same image to staff of the order's merchant (cashier.view); another merchant's order is a 404. */
  route(app, 'GET', OPS_API.withdrawalProof, {
    guard: (request) => staff.requireStaff(request, 'cashier.view'),
    what: { params: 'proof' },
    handler: async ({ caller: { merchant }, params, reply }) => {
      const order = await withdraw.staffOrder(merchant, params.orderNo);
      return sendProof(reply, await withdraw.proof(merchant, order.id, BigInt(params.proofId)));
    },
  });

  // Staff (issues 4 and 7): the queue with each member's context, payout and rejection (each audited).
  route(app, 'GET', OPS_API.withdrawals, {
    guard: (request) => staff.requireStaff(request, 'cashier.view'),
    what: { query: 'filter' },
    handler: async ({ caller, query }) => withdraw.queue(caller.merchant, query),
  });

  route(app, 'POST', OPS_API.withdrawalApprove, {
    guard: (request) => staff.requireStaff(request, 'cashier.decide'),
    what: { params: 'order' },
    handler: async ({ caller, params: { orderNo }, request }) => {
      const { order, replayed } = await withdraw.decide(caller, orderNo, { status: 'PAID', reason: null });
      request.log.info({ staff: caller.staff, orderNo, replayed }, 'withdrawal paid');
      return { ...order, replayed };
    },
  });

  route(app, 'POST', OPS_API.withdrawalReject, {
    guard: (request) => staff.requireStaff(request, 'cashier.decide'),
    what: { params: 'order', body: 'rejection' },
    absentBody: {},
    handler: async ({ caller, params: { orderNo }, body: { reason }, request }) => {
      const { order, replayed } = await withdraw.decide(caller, orderNo, { status: 'REJECTED', reason });
      request.log.info({ staff: caller.staff, orderNo, replayed }, 'withdrawal rejected');
      return { ...order, replayed };
    },
  });
};
