import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { manualClock } from '../../../lib/clock';
import { bearer, clearRateLimits, freshIp, insertMember, loginOk } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { adjust, requestId } from '../../../test/wallet-helpers';
import { playerIdOf } from '.';
import { startFakeTransferVendor, type FakeTransferVendor } from './transfer-protocol.test-support';

export const VENDOR = 'TFV';
export const SECRET = randomBytes(32).toString('hex');
export const PREFIX = '/tv';
/** Past an order's first check (60 s), and past the pull's interval (a vendor is due again 45 s after a pass). */
export const LATER_MS = 61_000;
/** How long the platform waits for the vendor here: long enough for a loaded test machine, short for a test. */
const CALL_TIMEOUT_MS = 1_000;

type ConformanceMerchant = { id: number; code: string; currency: string };

/**
 * The transfer-protocol conformance suites' world (transfer-protocol.conformance*.test.ts): a test app whose demo
 * merchant has transfer wallets, a conforming fake vendor over HTTP, a manual clock, and helpers to send orders, pull
 * bet records and read both sides' balances. Called inside the suite's describe: it registers the hooks. The app, the
 * vendor and the merchant exist once beforeAll ran: tests read them through the getters.
 */
export const transferConformance = (getDb: () => Database) => {
  let app: FastifyInstance;
  let vendor: FakeTransferVendor;
  let merchant: ConformanceMerchant;
  const clock = manualClock();

  beforeAll(async () => {
    app = await buildTestApp({
      db: getDb(),
      env: { VENDOR_SECRET_DEMO_TFV: SECRET },
      // A relative api_url resolves against selfUrl: here it points at the fake vendor (see the api_url test).
      seams: { now: clock.now, vendorCallTimeoutMs: CALL_TIMEOUT_MS, selfUrl: () => vendor.origin },
    });
    const { rows } = await getDb().query<{ id: number; code: string; currency: string }>(
      `SELECT id, code, currency_code AS currency FROM merchants WHERE code = 'demo'`,
    );
    if (rows[0] === undefined) throw new Error('demo merchant missing');
    merchant = rows[0];
    vendor = await startFakeTransferVendor({
      ...{ vendorCode: VENDOR, secret: SECRET, currency: merchant.currency, now: clock.now },
      ...{ prefix: PREFIX, pageSize: 3 },
    });
    await getDb().query(`UPDATE merchants SET wallet_is_single = false WHERE id = $1`, [merchant.id]);
    // The demo merchant's own RGS is seeded as an HTTP transfer vendor too; it is not the vendor under test (it has
    // no secret here and would count in every pass), so this suite switches it off and back on.
    await getDb().query(
      `UPDATE merchant_transfer_vendors SET enabled = false WHERE merchant_id = $1 AND vendor_code = 'RGS'`,
      [merchant.id],
    );
    await getDb().query(
      `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url, wallet_mode, api_url)
     VALUES ($1, $2, 'Fake Transfer Vendor', '/logo.png', 'TRANSFER', $3)`,
      [merchant.id, VENDOR, `${vendor.origin}${PREFIX}`],
    );
    await getDb().query(
      `INSERT INTO merchant_transfer_vendors (merchant_id, vendor_code, adapter, name, sort_order)
     VALUES ($1, $2, 'HTTP', 'Fake Transfer Vendor', 9)`,
      [merchant.id, VENDOR],
    );
  });
  afterAll(async () => {
    await getDb().query(`UPDATE merchants SET wallet_is_single = true WHERE code = 'demo'`);
    await getDb().query(`UPDATE merchant_transfer_vendors SET enabled = true WHERE vendor_code = 'RGS'`);
    await app.close();
    await vendor.close();
  });
  beforeEach(async () => {
    vendor.reset();
    await clearRateLimits(getDb());
  });

  const send = (token: string, direction: 'IN' | 'OUT', amount: string, id = requestId('tp')) =>
    app.inject({
      method: 'POST',
      url: API.wallet.vendorTransfer,
      headers: bearer(token),
      payload: { vendor: VENDOR, direction, amount, requestId: id },
    });
  const funded = async (amount = '100.00') => {
    const row = await insertMember(getDb());
    const { token } = await loginOk(app, row.username, row.password, { ip: freshIp(), now: clock.now });
    await adjust(app, row.username, amount);
    return { ...row, token, playerId: playerIdOf(row.id) };
  };
  /** The member's money as the platform sees it: main wallet and the platform-side vendor balance. */
  const platform = async (token: string) => {
    const res = await app.inject({ url: API.wallet.vendorWallets, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value as {
      main: string;
      vendors: { vendor: string; balance: string; pending: boolean }[];
    };
    const tfv = value.vendors.find((v) => v.vendor === VENDOR);
    return { main: value.main, vendor: tfv?.balance, pending: tfv?.pending };
  };
  const atVendor = (playerId: string) => vendor.balanceOf(merchant.code, playerId);
  const order = async (orderNo: string) =>
    (
      await getDb().query<{ status: string; lastError: string | null }>(
        `SELECT status, last_error AS "lastError" FROM vendor_transfers WHERE order_no = $1`,
        [orderNo],
      )
    ).rows[0];
  const reconcileLater = async (ms = LATER_MS) => {
    clock.advance(ms);
    return app.vendorWallet.reconcile(50);
  };
  const adapter = () => {
    const found = app.vendorWallet.adapter(merchant.id, VENDOR, 'HTTP');
    if (found === undefined) throw new Error('no HTTP adapter');
    return found;
  };
  const house = async () =>
    (
      await getDb().query<{ sum: bigint }>(
        `SELECT COALESCE(sum(balance_minor), 0)::bigint AS sum FROM ledger_accounts
       WHERE merchant_id = $1 AND purpose = $2`,
        [merchant.id, `HOUSE:${VENDOR}`],
      )
    ).rows[0]?.sum;
  const rounds = async (memberId: bigint) =>
    (
      await getDb().query<{ roundId: string; status: string; bet: bigint; win: bigint; valid: bigint; game: string }>(
        `SELECT round_id AS "roundId", status, bet_minor AS bet, win_minor AS win, valid_bet_minor AS valid,
         game_code AS game
       FROM game_rounds WHERE merchant_id = $1 AND vendor_code = $2 AND member_id = $3 ORDER BY settled_at, round_id`,
        [merchant.id, VENDOR, memberId],
      )
    ).rows;
  const roundPosts = async (roundId: string) =>
    (
      await getDb().query<{ code: string; amount: bigint }>(
        `SELECT code, amount_minor AS amount FROM ledger_transfers
       WHERE merchant_id = $1 AND source = 'vendor.rounds' AND idempotency_key = $2 ORDER BY leg`,
        [merchant.id, `${VENDOR}:${roundId}`],
      )
    ).rows;

  return {
    get app() {
      return app;
    },
    get vendor() {
      return vendor;
    },
    get merchant() {
      return merchant;
    },
    ...{ clock, send, funded, platform, atVendor, order, reconcileLater, adapter },
    ...{ house, rounds, roundPosts },
  };
};
