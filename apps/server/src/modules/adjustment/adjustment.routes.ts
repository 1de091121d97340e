import type { FastifyInstance } from 'fastify';
import {
  AdjustmentIdParamsSchema,
  AdjustmentPageSchema,
  AdjustmentQuerySchema,
  AdjustmentRejectSchema,
  AdjustmentRequestSchema,
  AdjustmentResultSchema,
  AdjustmentSettingsSchema,
  OPS_API,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { AdjustmentService } from './adjustment-staff.service';

export type AdjustmentRoutesOptions = { adjustments: AdjustmentService; staff: StaffAuth };

/**
 * Staff manual adjustments (issues 4 and 7): request (applies at once at or below the merchant's threshold, waits
 * above it), list, approve and reject by a second staff member, and the threshold itself.
 */
export const adjustmentRoutes = async (app: FastifyInstance, { adjustments, staff }: AdjustmentRoutesOptions) => {
  app.post(OPS_API.adjustments, async (request) => {
    const caller = await staff.requireStaff(request, 'adjustment.request');
    const body = parseInput(AdjustmentRequestSchema, request.body ?? {}, 'adjustment');
    const answer = await adjustments.request(caller, body);
    request.log.info({ staff: caller.staff, adjustment: answer.id, status: answer.status }, 'adjustment requested');
    return success(AdjustmentResultSchema, answer);
  });

  app.get(OPS_API.adjustments, async (request) => {
    const { merchant } = await staff.requireStaff(request, 'adjustment.request');
    const query = parseInput(AdjustmentQuerySchema, request.query, 'filter');
    return success(AdjustmentPageSchema, await adjustments.list(merchant, query));
  });

  app.post(OPS_API.adjustmentApprove, async (request) => {
    const caller = await staff.requireStaff(request, 'adjustment.approve');
    const { id } = parseInput(AdjustmentIdParamsSchema, request.params, 'adjustment');
    const answer = await adjustments.approve(caller, BigInt(id));
    request.log.info({ staff: caller.staff, adjustment: id, replayed: answer.replayed }, 'adjustment approved');
    return success(AdjustmentResultSchema, answer);
  });

  app.post(OPS_API.adjustmentReject, async (request) => {
    const caller = await staff.requireStaff(request, 'adjustment.approve');
    const { id } = parseInput(AdjustmentIdParamsSchema, request.params, 'adjustment');
    const { reason } = parseInput(AdjustmentRejectSchema, request.body ?? {}, 'rejection');
    const answer = await adjustments.reject(caller, BigInt(id), reason);
    request.log.info({ staff: caller.staff, adjustment: id }, 'adjustment rejected');
    return success(AdjustmentResultSchema, answer);
  });

  app.get(OPS_API.adjustmentSettings, async (request) => {
    const { merchant } = await staff.requireStaff(request, 'payments.manage');
    return success(AdjustmentSettingsSchema, { threshold: await adjustments.threshold(merchant) });
  });

  app.put(OPS_API.adjustmentSettings, async (request) => {
    const caller = await staff.requireStaff(request, 'payments.manage');
    const body = parseInput(AdjustmentSettingsSchema, request.body ?? {}, 'settings');
    return success(AdjustmentSettingsSchema, { threshold: await adjustments.setThreshold(caller, body.threshold) });
  });
};
