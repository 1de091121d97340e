import type { FastifyInstance } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { AdjustmentService } from './adjustment-staff.service';

export type AdjustmentRoutesOptions = { adjustments: AdjustmentService; staff: StaffAuth };

/**
 * Staff manual adjustments (issues 4 and 7): request (applies at once at or below the merchant's threshold, waits
 * above it), list, approve and reject by a second staff member, and the threshold itself.
 */
export const adjustmentRoutes = async (app: FastifyInstance, { adjustments, staff }: AdjustmentRoutesOptions) => {
  route(app, 'POST', OPS_API.adjustments, {
    guard: (request) => staff.requireStaff(request, 'adjustment.request'),
    what: { body: 'adjustment' },
    absentBody: {},
    handler: async ({ caller, body, request }) => {
      const answer = await adjustments.request(caller, body);
      request.log.info({ staff: caller.staff, adjustment: answer.id, status: answer.status }, 'adjustment requested');
      return answer;
    },
  });

  route(app, 'GET', OPS_API.adjustments, {
    guard: (request) => staff.requireStaff(request, 'adjustment.request'),
    what: { query: 'filter' },
    handler: async ({ caller: { merchant }, query }) => adjustments.list(merchant, query),
  });

  route(app, 'POST', OPS_API.adjustmentApprove, {
    guard: (request) => staff.requireStaff(request, 'adjustment.approve'),
    what: { params: 'adjustment' },
    handler: async ({ caller, params: { id }, request }) => {
      const answer = await adjustments.approve(caller, BigInt(id));
      request.log.info({ staff: caller.staff, adjustment: id, replayed: answer.replayed }, 'adjustment approved');
      return answer;
    },
  });

  route(app, 'POST', OPS_API.adjustmentReject, {
    guard: (request) => staff.requireStaff(request, 'adjustment.approve'),
    what: { params: 'adjustment', body: 'rejection' },
    absentBody: {},
    handler: async ({ caller, params: { id }, body: { reason }, request }) => {
      const answer = await adjustments.reject(caller, BigInt(id), reason);
      request.log.info({ staff: caller.staff, adjustment: id }, 'adjustment rejected');
      return answer;
    },
  });

  route(app, 'GET', OPS_API.adjustmentSettings, {
    guard: (request) => staff.requireStaff(request, 'payments.manage'),
    handler: async ({ caller: { merchant } }) => ({ threshold: await adjustments.threshold(merchant) }),
  });

  route(app, 'PUT', OPS_API.adjustmentSettings, {
    guard: (request) => staff.requireStaff(request, 'payments.manage'),
    what: { body: 'settings' },
    absentBody: {},
    handler: async ({ caller, body }) => ({ threshold: await adjustments.setThreshold(caller, body.threshold) }),
  });
};
