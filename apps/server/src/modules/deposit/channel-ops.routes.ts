import type { FastifyInstance } from 'fastify';
import {
  OpsChannelParamsSchema,
  OpsDepositChannelCreateSchema,
  OpsDepositChannelListSchema,
  OpsDepositChannelSchema,
  OpsDepositChannelUpdateSchema,
  OPS_API,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { ChannelOpsService } from './channel-ops.service';

/** Staff API (issue 7): the merchant's deposit channels, listed, created and edited (payments.manage). */
export const channelOpsRoutes = async (
  app: FastifyInstance,
  { channels, staff }: { channels: ChannelOpsService; staff: StaffAuth },
) => {
  app.get(OPS_API.depositChannels, async (request) => {
    const caller = await staff.requireStaff(request, 'payments.manage');
    return success(OpsDepositChannelListSchema, await channels.list(caller.merchant));
  });

  app.post(OPS_API.depositChannels, async (request) => {
    const caller = await staff.requireStaff(request, 'payments.manage');
    const body = parseInput(OpsDepositChannelCreateSchema, request.body, 'deposit channel');
    const channel = await channels.create(caller, body);
    request.log.info({ staff: caller.staff, channel: channel.id }, 'deposit channel created');
    return success(OpsDepositChannelSchema, channel);
  });

  app.patch(OPS_API.depositChannel, async (request) => {
    const caller = await staff.requireStaff(request, 'payments.manage');
    const { id } = parseInput(OpsChannelParamsSchema, request.params, 'channel id');
    const body = parseInput(OpsDepositChannelUpdateSchema, request.body, 'deposit channel');
    const channel = await channels.update(caller, BigInt(id), body);
    request.log.info({ staff: caller.staff, channel: channel.id }, 'deposit channel edited');
    return success(OpsDepositChannelSchema, channel);
  });
};
