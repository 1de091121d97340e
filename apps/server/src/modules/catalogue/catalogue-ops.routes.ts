import type { FastifyInstance } from 'fastify';
import {
  GameNodeParamsSchema,
  GamePatchSchema,
  OPS_API,
  OpsGameOrderResultSchema,
  OpsGameOrderSchema,
  OpsGamePageSchema,
  OpsGameQuerySchema,
  OpsGameSchema,
  OpsVendorListSchema,
  OpsVendorParamsSchema,
  OpsVendorPatchSchema,
  OpsVendorSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { CatalogueOpsService } from './catalogue-ops.service';

/** Staff API (issue 7, games.manage): vendors and games with their status, order, hot and new flags. */
export const catalogueOpsRoutes = async (
  app: FastifyInstance,
  { ops, staff }: { ops: CatalogueOpsService; staff: StaffAuth },
) => {
  app.get(OPS_API.vendors, async (request) => {
    const caller = await staff.requireStaff(request, 'games.manage');
    return success(OpsVendorListSchema, await ops.vendors(caller.merchant));
  });

  app.patch(OPS_API.vendor, async (request) => {
    const caller = await staff.requireStaff(request, 'games.manage');
    const { code } = parseInput(OpsVendorParamsSchema, request.params, 'vendor');
    const patch = parseInput(OpsVendorPatchSchema, request.body, 'vendor');
    const vendor = await ops.updateVendor(caller, code, patch);
    request.log.info({ staff: caller.staff, vendor: code, patch }, 'vendor edited');
    return success(OpsVendorSchema, vendor);
  });

  app.get(OPS_API.games, async (request) => {
    const caller = await staff.requireStaff(request, 'games.manage');
    const query = parseInput(OpsGameQuerySchema, request.query, 'query');
    return success(OpsGamePageSchema, await ops.games(caller.merchant, query));
  });

  app.put(OPS_API.gameOrder, async (request) => {
    const caller = await staff.requireStaff(request, 'games.manage');
    const body = parseInput(OpsGameOrderSchema, request.body, 'game order');
    const result = await ops.orderGames(caller, body);
    request.log.info({ staff: caller.staff, games: body.items.length, updated: result.updated }, 'games reordered');
    return success(OpsGameOrderResultSchema, result);
  });

  // Hot, new, status and order of one game (the issue 5 staff call, now audited).
  app.patch(OPS_API.game, async (request) => {
    const caller = await staff.requireStaff(request, 'games.manage');
    const { nodeId } = parseInput(GameNodeParamsSchema, request.params, 'game id');
    const patch = parseInput(GamePatchSchema, request.body, 'game');
    const game = await ops.updateGame(caller, BigInt(nodeId), patch);
    request.log.info({ staff: caller.staff, game: nodeId, patch }, 'game edited');
    return success(OpsGameSchema, game);
  });
};
