import type { FastifyInstance } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { WithdrawSettingsOpsService } from './withdraw-settings-ops.service';

/** Staff API (issue 7): the merchant's withdrawal rules (payments.manage). */
export const withdrawSettingsOpsRoutes = async (
  app: FastifyInstance,
  { settings, staff }: { settings: WithdrawSettingsOpsService; staff: StaffAuth },
) => {
  route(app, 'GET', OPS_API.withdrawSettings, {
    guard: (request) => staff.requireStaff(request, 'payments.manage'),
    handler: async ({ caller }) => settings.get(caller.merchant),
  });

  route(app, 'PUT', OPS_API.withdrawSettings, {
    guard: (request) => staff.requireStaff(request, 'payments.manage'),
    what: { body: 'withdrawal settings' },
    handler: async ({ caller, body, request }) => {
      const updated = await settings.update(caller, body);
      request.log.info({ staff: caller.staff }, 'withdrawal settings edited');
      return updated;
    },
  });
};
