import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { CatalogueOpsService } from './catalogue-ops.service';

/** Staff API (issue 7, games.manage): vendors and games with their status, order, hot and new flags. */
export const catalogueOpsRoutes = async (
  app: FastifyInstance,
  { ops, staff }: { ops: CatalogueOpsService; staff: StaffAuth },
) => {
  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'games.manage');

  route(app, 'GET', OPS_API.vendors, { guard, handler: async ({ caller }) => ops.vendors(caller.merchant) });

  route(app, 'PATCH', OPS_API.vendor, {
    guard,
    what: { params: 'vendor', body: 'vendor' },
    handler: async ({ caller, params: { code }, body: patch, request }) => {
      const vendor = await ops.updateVendor(caller, code, patch);
      request.log.info({ staff: caller.staff, vendor: code, patch }, 'vendor edited');
      return vendor;
    },
  });

  route(app, 'GET', OPS_API.games, { guard, handler: async ({ caller, query }) => ops.games(caller.merchant, query) });

  route(app, 'PUT', OPS_API.gameOrder, {
    guard,
    what: { body: 'game order' },
    handler: async ({ caller, body, request }) => {
      const result = await ops.orderGames(caller, body);
      request.log.info({ staff: caller.staff, games: body.items.length, updated: result.updated }, 'games reordered');
      return result;
    },
  });

  // Hot, new, status and order of one game (the issue 5 staff call, now audited).
  route(app, 'PATCH', OPS_API.game, {
    guard,
    what: { params: 'game id', body: 'game' },
    handler: async ({ caller, params: { nodeId }, body: patch, request }) => {
      const game = await ops.updateGame(caller, BigInt(nodeId), patch);
      request.log.info({ staff: caller.staff, game: nodeId, patch }, 'game edited');
      return game;
    },
  });
};
