import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { ChannelOpsService } from './channel-ops.service';

/** Staff API (issue 7): the merchant's deposit channels, listed, created and edited (payments.manage). */
export const channelOpsRoutes = async (
  app: FastifyInstance,
  { channels, staff }: { channels: ChannelOpsService; staff: StaffAuth },
) => {
  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'payments.manage');

  route(app, 'GET', OPS_API.depositChannels, {
    guard,
    handler: async ({ caller }) => channels.list(caller.merchant),
  });

  route(app, 'POST', OPS_API.depositChannels, {
    guard,
    what: { body: 'deposit channel' },
    handler: async ({ caller, body, request }) => {
      const channel = await channels.create(caller, body);
      request.log.info({ staff: caller.staff, channel: channel.id }, 'deposit channel created');
      return channel;
    },
  });

  route(app, 'PATCH', OPS_API.depositChannel, {
    guard,
    what: { params: 'channel id', body: 'deposit channel' },
    handler: async ({ caller, params, body, request }) => {
      const channel = await channels.update(caller, BigInt(params.id), body);
      request.log.info({ staff: caller.staff, channel: channel.id }, 'deposit channel edited');
      return channel;
    },
  });
};
