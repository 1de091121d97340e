import type { FastifyInstance } from 'fastify';
import {
  DepositOrderParamsSchema,
  OPS_API,
  OpsDepositOrderSchema,
  OpsDepositPageSchema,
  OpsDepositQuerySchema,
  OpsDepositRejectSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { DepositStaffService } from './deposit-staff.service';

/**
 * Staff API (issues 4 and 7): the deposit queue with each member's context, approve (credits) and reject (with a
 * reason; no money). Each decision writes its audit entry in the transaction that records it.
 */
export const depositOpsRoutes = async (
  app: FastifyInstance,
  { deposits, staff }: { deposits: DepositStaffService; staff: StaffAuth },
) => {
  app.get(OPS_API.deposits, async (request) => {
    const caller = await staff.requireStaff(request, 'cashier.view');
    const query = parseInput(OpsDepositQuerySchema, request.query, 'query');
    return success(OpsDepositPageSchema, await deposits.opsOrders(caller.merchant, query));
  });

  app.post(OPS_API.depositApprove, async (request) => {
    const caller = await staff.requireStaff(request, 'cashier.decide');
    const { orderNo } = parseInput(DepositOrderParamsSchema, request.params, 'order');
    const order = await deposits.approve(caller, orderNo);
    request.log.info({ staff: caller.staff, orderNo }, 'deposit approved');
    return success(OpsDepositOrderSchema, order);
  });

  app.post(OPS_API.depositReject, async (request) => {
    const caller = await staff.requireStaff(request, 'cashier.decide');
    const { orderNo } = parseInput(DepositOrderParamsSchema, request.params, 'order');
    const { reason } = parseInput(OpsDepositRejectSchema, request.body ?? {}, 'rejection');
    const order = await deposits.reject(caller, orderNo, reason);
    request.log.info({ staff: caller.staff, orderNo }, 'deposit rejected');
    return success(OpsDepositOrderSchema, order);
  });
};
