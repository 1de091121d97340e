import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { LauncherRegistry } from './launcher';

/**
 * Connected vendors only (DESIGN.md §6): a vendor is connected when its credentials are set and its launch works, and
 * players see only connected vendors' games (catalogue.repository LISTED_GAMES). The state lives on game_vendors
 * (migration 0022) and changes three ways:
 * - a launch that fails on the vendor's side takes the vendor off the lobby, with the reason for staff;
 * - a launch that works puts it back;
 * - the check (at boot and with every sync run) asks each vendor's launcher whether it has what a launch needs: a
 *   vendor without credentials or launch address goes off; a vendor that has them comes back at once when the check
 *   took it off, and after COOL_DOWN_MS when a failed launch did (a half-open breaker: nobody can launch a game that
 *   is not listed, so only the check can list it again, and the next launch decides).
 * Every change drops the merchant's cached lobby answers (`catalogue.changed`). A launch that works on a connected
 * vendor writes nothing (the update matches no row), so the hot path costs one indexed no-op.
 */
export const COOL_DOWN_MS = 5 * 60_000;
/** Vendors of every merchant are few (tens each); the check reads them in one bounded query. */
const CHECK_MAX_VENDORS = 10_000;
const REASON_MAX_LENGTH = 500;

type VendorState = {
  merchantId: number;
  code: string;
  connected: boolean;
  disconnectedBy: 'CHECK' | 'LAUNCH' | null;
  lastLaunchError: string | null;
  lastLaunchErrorAt: Date | null;
};

export type VendorConnections = ReturnType<typeof vendorConnections>;

export const vendorConnections = (deps: {
  db: Database;
  now: Clock;
  bus: Pick<EventBus, 'emit'>;
  launchers: Pick<LauncherRegistry, 'get'>;
  /** The merchant's code, which a launcher's readiness names (the merchant module owns it). */
  merchantCode: (merchantId: number) => Promise<string>;
}) => {
  const { db, now, bus } = deps;
  const changed = (merchantId: number) => bus.emit('catalogue.changed', { merchantId });

  const disconnect = async (
    merchantId: number,
    vendorCode: string,
    by: 'CHECK' | 'LAUNCH',
    reason: string,
  ): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE game_vendors SET connected = false, disconnected_by = $3, last_launch_error = $4,
         last_launch_error_at = $5, connection_checked_at = $5
       WHERE merchant_id = $1 AND code = $2
         AND (connected OR disconnected_by IS DISTINCT FROM $3 OR last_launch_error IS DISTINCT FROM $4)
       RETURNING connected`,
      [merchantId, vendorCode, by, reason.slice(0, REASON_MAX_LENGTH), new Date(now())],
    );
    if (rows.length > 0) changed(merchantId);
    return rows.length > 0;
  };

  const connect = async (merchantId: number, vendorCode: string): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE game_vendors SET connected = true, disconnected_by = NULL, connection_checked_at = $3
       WHERE merchant_id = $1 AND code = $2 AND NOT connected RETURNING code`,
      [merchantId, vendorCode, new Date(now())],
    );
    if (rows.length > 0) changed(merchantId);
    return rows.length > 0;
  };

  return {
    /** A launch the vendor's side could not make: off the lobby until the check lists it again. */
    launchFailed: (merchantId: number, vendorCode: string, reason: string) =>
      disconnect(merchantId, vendorCode, 'LAUNCH', reason),
    /** A launch that worked: connected (a no-op when it already was). */
    launchSucceeded: connect,

    /** Asks every vendor's launcher whether it can launch; returns how many vendors changed state. */
    check: async (): Promise<{ connected: number; disconnected: number }> => {
      const { rows } = await db.query<VendorState>(
        `SELECT v.merchant_id AS "merchantId", v.code, v.connected,
           v.disconnected_by AS "disconnectedBy", v.last_launch_error AS "lastLaunchError",
           v.last_launch_error_at AS "lastLaunchErrorAt"
         FROM game_vendors v
         ORDER BY v.merchant_id, v.code LIMIT ${CHECK_MAX_VENDORS}`,
      );
      // Vendors come ordered by merchant: one code lookup per merchant, not per vendor.
      const codes = new Map<number, Promise<string>>();
      const codeOf = (merchantId: number) => {
        let code = codes.get(merchantId);
        if (code === undefined) codes.set(merchantId, (code = deps.merchantCode(merchantId)));
        return code;
      };
      const result = { connected: 0, disconnected: 0 };
      for (const vendor of rows) {
        const launcher = deps.launchers.get(vendor.code);
        const problem =
          launcher === undefined
            ? 'no launcher for this vendor'
            : ((await launcher.readiness?.({
                merchantId: vendor.merchantId,
                merchantCode: await codeOf(vendor.merchantId),
                vendorCode: vendor.code,
              })) ?? null);
        if (problem !== null) {
          if (await disconnect(vendor.merchantId, vendor.code, 'CHECK', problem)) result.disconnected += 1;
          continue;
        }
        if (vendor.connected) continue;
        const failedAt = vendor.lastLaunchErrorAt === null ? 0 : new Date(vendor.lastLaunchErrorAt).getTime();
        const cooledDown = vendor.disconnectedBy === 'CHECK' || now() - failedAt >= COOL_DOWN_MS;
        if (cooledDown && (await connect(vendor.merchantId, vendor.code))) result.connected += 1;
      }
      return result;
    },
  };
};
