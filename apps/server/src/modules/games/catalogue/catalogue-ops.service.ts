import type {
  GamePatch,
  OpsGame,
  OpsGameOrder,
  OpsGamePage,
  OpsGameQuery,
  OpsVendor,
  OpsVendorList,
  OpsVendorPatch,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { EventBus } from '../../../lib/event-bus';
import { recordAudit } from '../../operations/audit';
import type { Merchant } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import { catalogueOpsRepository as repo, type StaffGameRow, type StaffVendorRow } from './catalogue-ops.repository';
import { containsPattern, normalizeSearch } from './search-text';

export type CatalogueOpsServiceDeps = { db: Database; bus: Pick<EventBus, 'emit'> };

const toVendor = (row: StaffVendorRow): OpsVendor => ({
  ...row,
  games: Number(row.games),
  activeGames: Number(row.activeGames),
  lastLaunchErrorAt: row.lastLaunchErrorAt === null ? null : new Date(row.lastLaunchErrorAt).toISOString(),
});

const toGame = (row: StaffGameRow): OpsGame => ({
  nodeId: row.id.toString(),
  vendorCode: row.vendorCode,
  vendorName: row.vendorName,
  gameType: row.gameType,
  gameCode: row.gameCode,
  name: row.name,
  gameClassify: row.gameClassify,
  iconUrl: row.iconUrl,
  isHot: row.isHot,
  isNew: row.isNew,
  status: row.status,
  sort: row.sort,
});

/** What the audit keeps of a game: the fields staff change, named so the entry reads on its own. */
const gameState = (game: Pick<OpsGame, 'status' | 'isHot' | 'isNew' | 'sort'>) => ({
  status: game.status,
  isHot: game.isHot,
  isNew: game.isNew,
  sort: game.sort,
});

const gameNotFound = () => new AppError('GAME_NOT_FOUND', 404, 'No such game');
const bool = (flag: 'true' | 'false' | undefined) => (flag === undefined ? undefined : flag === 'true');

/**
 * Vendors and games in the back office (issue 7, games.manage). Each write locks its rows, records its audit entry in
 * the same transaction, and after the commit announces `catalogue.changed`, which drops the merchant's cached lobby
 * answers (lib/response-cache) and the seamless vendor directory, so players see the change on their next call.
 */
export const catalogueOpsServiceFactory = ({ db, bus }: CatalogueOpsServiceDeps) => {
  const changed = (merchant: Merchant) => bus.emit('catalogue.changed', { merchantId: merchant.id });

  const vendors = async (merchant: Merchant): Promise<OpsVendorList> => ({
    list: (await repo.vendors(db, merchant.id)).map(toVendor),
  });

  const updateVendor = async (caller: StaffCaller, code: string, patch: OpsVendorPatch): Promise<OpsVendor> => {
    const { merchant } = caller;
    await db.transaction(async (tx) => {
      const before = await repo.lockVendor(tx, merchant.id, code);
      if (before === undefined) throw new AppError('NOT_FOUND', 404, 'No such vendor');
      const after = { ...before, ...patch };
      await repo.updateVendor(tx, merchant.id, code, after);
      await recordAudit(tx, caller, { action: 'vendor.update', targetType: 'vendor', targetId: code, before, after });
    });
    changed(merchant);
    const vendor = await repo.vendor(db, merchant.id, code);
    if (vendor === undefined) throw new AppError('NOT_FOUND', 404, 'No such vendor');
    return toVendor(vendor);
  };

  const games = async (merchant: Merchant, query: OpsGameQuery): Promise<OpsGamePage> => {
    const search = query.search === undefined ? '' : normalizeSearch(query.search);
    const filter = {
      searchPattern: search === '' ? undefined : containsPattern(search),
      vendorCode: query.vendor,
      gameType: query.gameType,
      gameClassify: query.gameClassify,
      status: query.status,
      hot: bool(query.hot),
      isNew: bool(query.isNew),
    };
    const offset = (query.pageNo - 1) * query.pageSize;
    const { rows, total } = await repo.gamePage(db, merchant.id, filter, query.pageSize, offset);
    return {
      list: rows.map(toGame),
      pageNo: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
      total,
    };
  };

  const updateGame = async (caller: StaffCaller, id: bigint, patch: GamePatch): Promise<OpsGame> => {
    const { merchant } = caller;
    const game = await db.transaction(async (tx) => {
      const [row] = await repo.lockGames(tx, merchant.id, [id]);
      if (row === undefined) throw gameNotFound();
      const before = toGame(row);
      const after = { ...before, ...gameState({ ...before, ...patch }) };
      await repo.updateGame(tx, merchant.id, id, gameState(after));
      await recordAudit(tx, caller, {
        action: 'game.update',
        targetType: 'game',
        targetId: before.nodeId,
        before: { gameCode: before.gameCode, ...gameState(before) },
        after: { gameCode: after.gameCode, ...gameState(after) },
      });
      return after;
    });
    changed(merchant);
    return game;
  };

  /** New sort values for several games: all of them or none (an unknown game refuses the whole list). */
  const orderGames = async (caller: StaffCaller, body: OpsGameOrder): Promise<{ updated: number }> => {
    const { merchant } = caller;
    const items = body.items.map((item) => ({ id: BigInt(item.nodeId), sort: item.sort }));
    const updated = await db.transaction(async (tx) => {
      const rows = await repo.lockGames(
        tx,
        merchant.id,
        items.map((item) => item.id),
      );
      if (rows.length !== items.length) throw gameNotFound();
      const current = new Map(rows.map((row) => [row.id.toString(), row]));
      const moved = items.filter((item) => current.get(item.id.toString())?.sort !== item.sort);
      if (moved.length > 0) await repo.setSorts(tx, merchant.id, moved);
      for (const item of moved) {
        const row = current.get(item.id.toString());
        if (row === undefined) continue;
        await recordAudit(tx, caller, {
          action: 'game.update',
          targetType: 'game',
          targetId: item.id.toString(),
          before: { gameCode: row.gameCode, sort: row.sort },
          after: { gameCode: row.gameCode, sort: item.sort },
        });
      }
      return moved.length;
    });
    if (updated > 0) changed(merchant);
    return { updated };
  };

  return { vendors, updateVendor, games, updateGame, orderGames };
};

export type CatalogueOpsService = ReturnType<typeof catalogueOpsServiceFactory>;
