import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API,
  OpsDepositOrderSchema,
  OpsDepositPageSchema,
  OpsDepositQuerySchema,
  OpsDepositRejectSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { DepositService } from './deposit.service';

const OrderParamsSchema = z.object({ orderNo: z.string().regex(/^D[A-Z0-9]{8,40}$/, 'must be an order number') });

/** Staff API (issue 4): the deposit queue, approve (credits) and reject (with a reason; no money). */
export const depositOpsRoutes = async (
  app: FastifyInstance,
  { deposits, staff }: { deposits: DepositService; staff: StaffAuth },
) => {
  app.get(API.ops.deposits, async (request) => {
    const caller = await staff.requireStaff(request);
    const query = parseInput(OpsDepositQuerySchema, request.query, 'query');
    return success(OpsDepositPageSchema, await deposits.opsOrders(caller.merchant, query));
  });

  app.post(API.ops.depositApprove, async (request) => {
    const caller = await staff.requireStaff(request);
    const { orderNo } = parseInput(OrderParamsSchema, request.params, 'order');
    const order = await deposits.approve(caller.merchant, caller.staff, orderNo);
    request.log.info({ staff: caller.staff, orderNo }, 'deposit approved');
    return success(OpsDepositOrderSchema, order);
  });

  app.post(API.ops.depositReject, async (request) => {
    const caller = await staff.requireStaff(request);
    const { orderNo } = parseInput(OrderParamsSchema, request.params, 'order');
    const { reason } = parseInput(OpsDepositRejectSchema, request.body, 'rejection');
    const order = await deposits.reject(caller.merchant, caller.staff, orderNo, reason);
    request.log.info({ staff: caller.staff, orderNo }, 'deposit rejected');
    return success(OpsDepositOrderSchema, order);
  });
};
