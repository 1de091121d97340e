import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OPS_API,
  OpsWithdrawalPageSchema,
  OpsWithdrawalQuerySchema,
  OpsWithdrawalSchema,
  RejectWithdrawalRequestSchema,
  WithdrawOrderParamsSchema,
  WithdrawProofParamsSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import { sendProof } from './proof-image';
import type { WithdrawStaffService } from './withdraw-staff.service';

export type WithdrawOpsRoutesOptions = { withdraw: WithdrawStaffService; staff: StaffAuth };

/** Staff's withdrawals (issues 4 and 7): the queue, the proof images, payout and rejection. */
export const withdrawOpsRoutes = async (app: FastifyInstance, options: WithdrawOpsRoutesOptions) => {
  const { withdraw, staff } = options;

  /** The same image to staff of the order's merchant (cashier.view); another merchant's order is a 404. */
  app.get(OPS_API.withdrawalProof, async (request, reply) => {
    const { merchant } = await staff.requireStaff(request, 'cashier.view');
    const params = parseInput(WithdrawProofParamsSchema, request.params, 'proof');
    const order = await withdraw.staffOrder(merchant, params.orderNo);
    return sendProof(reply, await withdraw.proof(merchant, order.id, BigInt(params.proofId)));
  });

  // Staff (issues 4 and 7): the queue with each member's context, payout and rejection (each audited).
  app.get(OPS_API.withdrawals, async (request) => {
    const caller = await staff.requireStaff(request, 'cashier.view');
    const query = parseInput(OpsWithdrawalQuerySchema, request.query, 'filter');
    return success(OpsWithdrawalPageSchema, await withdraw.queue(caller.merchant, query));
  });

  app.post(OPS_API.withdrawalApprove, async (request) => {
    const caller = await staff.requireStaff(request, 'cashier.decide');
    const { orderNo } = parseInput(WithdrawOrderParamsSchema, request.params, 'order');
    const { order, replayed } = await withdraw.decide(caller, orderNo, { status: 'PAID', reason: null });
    request.log.info({ staff: caller.staff, orderNo, replayed }, 'withdrawal paid');
    return success(OpsWithdrawalSchema.extend({ replayed: z.boolean() }), { ...order, replayed });
  });

  app.post(OPS_API.withdrawalReject, async (request) => {
    const caller = await staff.requireStaff(request, 'cashier.decide');
    const { orderNo } = parseInput(WithdrawOrderParamsSchema, request.params, 'order');
    const { reason } = parseInput(RejectWithdrawalRequestSchema, request.body ?? {}, 'rejection');
    const { order, replayed } = await withdraw.decide(caller, orderNo, { status: 'REJECTED', reason });
    request.log.info({ staff: caller.staff, orderNo, replayed }, 'withdrawal rejected');
    return success(OpsWithdrawalSchema.extend({ replayed: z.boolean() }), { ...order, replayed });
  });
};
