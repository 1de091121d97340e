import type { FastifyInstance } from 'fastify';
import { OpsWithdrawSettingsSchema, OpsWithdrawSettingsUpdateSchema, OPS_API } from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { WithdrawSettingsOpsService } from './withdraw-settings-ops.service';

/** Staff API (issue 7): the merchant's withdrawal rules (payments.manage). */
export const withdrawSettingsOpsRoutes = async (
  app: FastifyInstance,
  { settings, staff }: { settings: WithdrawSettingsOpsService; staff: StaffAuth },
) => {
  app.get(OPS_API.withdrawSettings, async (request) => {
    const caller = await staff.requireStaff(request, 'payments.manage');
    return success(OpsWithdrawSettingsSchema, await settings.get(caller.merchant));
  });

  app.put(OPS_API.withdrawSettings, async (request) => {
    const caller = await staff.requireStaff(request, 'payments.manage');
    const body = parseInput(OpsWithdrawSettingsUpdateSchema, request.body, 'withdrawal settings');
    const updated = await settings.update(caller, body);
    request.log.info({ staff: caller.staff }, 'withdrawal settings edited');
    return success(OpsWithdrawSettingsSchema, updated);
  });
};
