import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import { disableUnlistedGames, isValidCatalogueGame, upsertGames, type CatalogueGame } from './catalogue.writer';

/**
 * Supplies a vendor's game list (issue 6's RGS will be one). A vendor row names its adapter in sync_adapter; 'NONE'
 * means the operator keeps the list by hand and the job leaves it alone.
 */
export interface CatalogueAdapter {
  /** The sync_adapter value that selects this adapter. */
  readonly name: string;
  listGames(vendor: { merchantId: number; vendorCode: string }): Promise<readonly CatalogueGame[]>;
}

export type CatalogueSyncResult = { vendors: number; changed: number; disabled: number; failed: number };

/** How often the job runs (an in-process interval; every node runs it, and the upserts are idempotent). */
export const CATALOGUE_SYNC_EVERY_MS = 15 * 60_000;

/**
 * One pass: for every vendor with an adapter, upserts the listed games, disables the vendor's games no longer listed,
 * stamps synced_at, and announces `catalogue.changed` for merchants whose catalogue changed (the response cache drops
 * their answers). A vendor whose adapter fails or lists nothing is skipped (an empty list is more likely an outage
 * than a vendor without games, and disabling everything would empty the lobby).
 */
export const catalogueSync =
  (deps: {
    db: Database;
    now: Clock;
    bus: EventBus;
    adapters: () => ReadonlyMap<string, CatalogueAdapter>;
    log: { warn: (detail: object, message: string) => void };
  }) =>
  async (): Promise<CatalogueSyncResult> => {
    const result: CatalogueSyncResult = { vendors: 0, changed: 0, disabled: 0, failed: 0 };
    const adapters = deps.adapters();
    if (adapters.size === 0) return result;
    const { rows: vendors } = await deps.db.query<{ merchantId: number; code: string; adapter: string }>(
      `SELECT merchant_id AS "merchantId", code, sync_adapter AS adapter FROM game_vendors
       WHERE sync_adapter <> 'NONE' AND status <> 'DISABLED' ORDER BY merchant_id, code`,
    );
    const changedMerchants = new Set<number>();
    for (const vendor of vendors) {
      const adapter = adapters.get(vendor.adapter);
      if (adapter === undefined) continue;
      try {
        const listed = await adapter.listGames({ merchantId: vendor.merchantId, vendorCode: vendor.code });
        const types = await deps.db.query<{ gameType: string }>(
          'SELECT game_type AS "gameType" FROM game_vendor_types WHERE merchant_id = $1 AND vendor_code = $2',
          [vendor.merchantId, vendor.code],
        );
        const offered = new Set(types.rows.map((row) => row.gameType));
        const games = listed.filter((game) => isValidCatalogueGame(game) && offered.has(game.gameType));
        if (games.length < listed.length) {
          deps.log.warn({ vendor: vendor.code, skipped: listed.length - games.length }, 'catalogue sync skipped games');
        }
        if (games.length === 0) {
          deps.log.warn({ vendor: vendor.code }, 'catalogue sync: the adapter listed no games; nothing changed');
          continue;
        }
        const [changed, disabled] = await deps.db.transaction(async (tx) => {
          const upserted = await upsertGames(tx, vendor.merchantId, vendor.code, games);
          const gone = await disableUnlistedGames(
            tx,
            vendor.merchantId,
            vendor.code,
            games.map((game) => game.gameCode),
          );
          await tx.query('UPDATE game_vendors SET synced_at = $3 WHERE merchant_id = $1 AND code = $2', [
            vendor.merchantId,
            vendor.code,
            new Date(deps.now()),
          ]);
          return [upserted, gone];
        });
        result.vendors += 1;
        result.changed += changed;
        result.disabled += disabled;
        if (changed + disabled > 0) changedMerchants.add(vendor.merchantId);
      } catch (error) {
        result.failed += 1;
        deps.log.warn({ err: error, vendor: vendor.code }, 'catalogue sync failed for a vendor');
      }
    }
    for (const merchantId of changedMerchants) deps.bus.emit('catalogue.changed', { merchantId });
    return result;
  };
