import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type VendorTransferCallBody } from '@platform/contracts';
import { manualClock } from '../../lib/clock';
import type { PlatformEvents } from '../../lib/event-bus';
import { describeEachDatabase } from '../../test/databases';
import { bearer, clearRateLimits, freshIp, insertMember, loginOk } from '../../test/identity-helpers';
import { buildTestApp } from '../../test/test-app';
import { adjust, balanceOf, requestId } from '../../test/wallet-helpers';
import { expectSoundLedger } from '../../test/ledger-helpers';
import { playerIdOf } from '.';
import { startFakeTransferVendor, type FakeTransferVendor } from './transfer-protocol.test-support';

const VENDOR = 'TFV';
const SECRET = randomBytes(32).toString('hex');
const PREFIX = '/tv';
/** Past an order's first check (60 s), and past the pull's interval (a vendor is due again 45 s after a pass). */
const LATER_MS = 61_000;
/** How long the platform waits for the vendor here: long enough for a loaded test machine, short for a test. */
const CALL_TIMEOUT_MS = 1_000;

describeEachDatabase(
  'transfer protocol: the HTTP adapter and the bet-record pull against a conforming vendor',
  (getDb) => {
    let app: FastifyInstance;
    let vendor: FakeTransferVendor;
    let merchant: { id: number; code: string; currency: string };
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
    /** Waits while a pass holds the vendor (the app's own job runs on a real timer and may be mid-pass). */
    const idle = async () => {
      for (let i = 0; i < 200; i += 1) {
        const { rows } = await getDb().query<{ token: string | null }>(
          `SELECT claim_token AS token FROM transfer_bet_cursors WHERE merchant_id = $1 AND vendor_code = $2`,
          [merchant.id, VENDOR],
        );
        if ((rows[0]?.token ?? null) === null) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the bet-record pull kept the vendor claimed');
    };
    const pullLater = async () => {
      clock.advance(LATER_MS);
      await idle();
      return app.vendorWallet.pullBets();
    };
    /** A pull that moves the window past every earlier test's rounds, so a test's pages hold only its own. */
    const quietWindow = async () => {
      clock.advance(10 * 60_000);
      await pullLater();
      vendor.reset();
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

    it('should move money in and out over HTTP with the balances agreeing on both sides', async () => {
      const member = await funded();
      const into = await send(member.token, 'IN', '30.50');
      expect(into.statusCode, into.body).toBe(200);
      expect(into.json().value).toMatchObject({ status: 'SUCCESS', direction: 'IN', amount: '30.50' });
      expect(await platform(member.token)).toEqual({ main: '69.50', vendor: '30.50', pending: false });
      expect(atVendor(member.playerId)).toBe(3050n);
      const call = vendor.requests.find((r) => r.op === 'transfer')?.body as VendorTransferCallBody;
      expect(call).toMatchObject({ playerId: `P${member.id.toString(36)}`, direction: 'IN', amount: '30.50' });
      expect(call.currency).toBe(merchant.currency);

      const out = await send(member.token, 'OUT', '10.25');
      expect(out.json().value).toMatchObject({ status: 'SUCCESS', direction: 'OUT' });
      expect(await platform(member.token)).toEqual({ main: '79.75', vendor: '20.25', pending: false });
      expect(atVendor(member.playerId)).toBe(2025n);
      expect(await adapter().balance(member.id)).toBe(2025n);
      await expectSoundLedger(getDb());
    });

    it('should give the hold back when the vendor answers FAILED, and move nothing on a refused OUT', async () => {
      const member = await funded();
      vendor.onTransfer('FAIL');
      const refused = await send(member.token, 'IN', '40.00');
      expect([refused.statusCode, refused.json().code, refused.json().value.status]).toEqual([
        502,
        'VENDOR_UNAVAILABLE',
        'FAILED',
      ]);
      expect(await platform(member.token)).toEqual({ main: '100.00', vendor: '0.00', pending: false });
      expect(atVendor(member.playerId)).toBe(0n);

      await send(member.token, 'IN', '40.00');
      vendor.onTransfer('FAIL');
      const out = await send(member.token, 'OUT', '15.00');
      expect([out.statusCode, out.json().code]).toEqual([502, 'VENDOR_UNAVAILABLE']);
      expect(await platform(member.token)).toEqual({ main: '60.00', vendor: '40.00', pending: false });
      expect(atVendor(member.playerId)).toBe(4000n);
      await expectSoundLedger(getDb());
    });

    it('should apply a repeated order number once at the vendor, and a repeated request once on the platform', async () => {
      const member = await funded();
      const call = {
        ...{ orderNo: `VTDUP${member.id}`, memberId: member.id, direction: 'IN' as const },
        ...{ amountMinor: 1200n, currency: merchant.currency },
      };
      expect(await adapter().transfer(call)).toBe('SUCCESS');
      expect(await adapter().transfer(call)).toBe('SUCCESS');
      expect(atVendor(member.playerId)).toBe(1200n);
      expect(await adapter().queryOrder(call.orderNo)).toBe('SUCCESS');

      const id = requestId('tp');
      const first = await send(member.token, 'IN', '20.00', id);
      const again = await send(member.token, 'IN', '20.00', id);
      expect(again.json().value.orderNo).toBe(first.json().value.orderNo);
      expect(vendor.requests.filter((r) => r.op === 'transfer' && r.status === 200)).toHaveLength(3);
      expect(atVendor(member.playerId)).toBe(3200n);
      expect((await platform(member.token)).main).toBe('80.00');
      await expectSoundLedger(getDb());
    });

    it('should keep an order pending (not failed) while the vendor refuses our signature, and settle it once it can ask', async () => {
      const member = await funded();
      vendor.setSecret(randomBytes(32).toString('hex')); // the platform now holds the wrong secret
      try {
        const res = await send(member.token, 'IN', '25.00');
        expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
        const { orderNo } = res.json().value as { orderNo: string };
        expect(vendor.requests.map((r) => [r.op, r.status, r.code])).toEqual([['transfer', 401, 'SIGNATURE_INVALID']]);
        expect(await platform(member.token)).toEqual({ main: '75.00', vendor: '25.00', pending: true });
        expect(atVendor(member.playerId)).toBe(0n);

        await reconcileLater();
        expect(await order(orderNo)).toEqual({ status: 'PENDING', lastError: expect.stringContaining('HTTP 401') });
        expect((await platform(member.token)).main).toBe('75.00');

        vendor.setSecret(SECRET);
        await reconcileLater(15 * 60_000);
        expect((await order(orderNo))?.status).toBe('FAILED');
        expect(await platform(member.token)).toEqual({ main: '100.00', vendor: '0.00', pending: false });
      } finally {
        vendor.setSecret(SECRET);
      }
      await expectSoundLedger(getDb());
    });

    it('should leave an IN the vendor applied but answered too late pending, and confirm it by the order query', async () => {
      const member = await funded();
      vendor.onTransfer('HOLD');
      const res = await send(member.token, 'IN', '30.00');
      expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
      const { orderNo } = res.json().value as { orderNo: string };
      expect(atVendor(member.playerId)).toBe(3000n);
      expect(await platform(member.token)).toEqual({ main: '70.00', vendor: '30.00', pending: true });
      vendor.releaseHeld(); // the answer arrives after the platform stopped waiting: it changes nothing

      expect(await app.vendorWallet.reconcile(50)).toMatchObject({ claimed: 0 });
      await reconcileLater();
      expect((await order(orderNo))?.status).toBe('SUCCESS');
      expect(await platform(member.token)).toEqual({ main: '70.00', vendor: '30.00', pending: false });
      expect(atVendor(member.playerId)).toBe(3000n);
      await expectSoundLedger(getDb());
    });

    it('should credit the main wallet once for an OUT the vendor paid but answered too late', async () => {
      const member = await funded();
      await send(member.token, 'IN', '50.00');
      vendor.onTransfer('HOLD');
      const res = await send(member.token, 'OUT', '20.00');
      expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
      expect((await platform(member.token)).main).toBe('50.00');
      expect(atVendor(member.playerId)).toBe(3000n);
      vendor.releaseHeld();

      await reconcileLater();
      await reconcileLater();
      expect(await platform(member.token)).toEqual({ main: '70.00', vendor: '30.00', pending: false });
      await expectSoundLedger(getDb());
    });

    it('should return the money when the vendor never received the IN, and the vendor refuses it when it arrives after NOT_FOUND', async () => {
      const member = await funded();
      vendor.onTransfer('STASH');
      const res = await send(member.token, 'IN', '30.00');
      expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
      const { orderNo } = res.json().value as { orderNo: string };
      expect((await platform(member.token)).main).toBe('70.00');

      await reconcileLater();
      expect((await order(orderNo))?.status).toBe('FAILED');
      expect(await platform(member.token)).toEqual({ main: '100.00', vendor: '0.00', pending: false });
      expect(vendor.deliverStashed()).toEqual(['FAILED']);
      expect(atVendor(member.playerId)).toBe(0n);
      await expectSoundLedger(getDb());
    });

    it('should treat a dropped connection, a 5xx and a malformed answer as unknown, never as FAILED', async () => {
      const member = await funded();
      const pendingAfter = async (fault: 'DROP' | 'ERROR' | 'MALFORMED') => {
        vendor.onTransfer(fault);
        const res = await send(member.token, 'IN', '10.00');
        expect([res.statusCode, res.json().code], fault).toEqual([202, 'TRANSFER_PENDING']);
        const { orderNo } = res.json().value as { orderNo: string };
        await reconcileLater();
        return (await order(orderNo))?.status;
      };
      // Not received or refused: NOT_FOUND, the hold comes back. Applied but garbled: SUCCESS.
      expect(await pendingAfter('DROP')).toBe('FAILED');
      expect(await pendingAfter('ERROR')).toBe('FAILED');
      expect(await pendingAfter('MALFORMED')).toBe('SUCCESS');
      expect(await platform(member.token)).toEqual({ main: '90.00', vendor: '10.00', pending: false });
      expect(atVendor(member.playerId)).toBe(1000n);
      await expectSoundLedger(getDb());
    });

    it('should back off while the order query fails or answers garbage, then settle', async () => {
      const member = await funded();
      vendor.onTransfer('HOLD');
      const { orderNo } = (await send(member.token, 'IN', '10.00')).json().value as { orderNo: string };
      vendor.releaseHeld();
      vendor.onQuery('ERROR');
      expect(await reconcileLater()).toMatchObject({ claimed: 1, settled: 0 });
      expect(await order(orderNo)).toEqual({ status: 'PENDING', lastError: expect.stringContaining('HTTP 500') });
      expect(await app.vendorWallet.reconcile(50)).toMatchObject({ claimed: 0 });
      vendor.onQuery('MALFORMED');
      expect(await reconcileLater()).toMatchObject({ claimed: 1, settled: 0 });
      expect(await order(orderNo)).toEqual({ status: 'PENDING', lastError: expect.stringContaining('malformed') });
      expect((await platform(member.token)).main).toBe('90.00');

      await reconcileLater(15 * 60_000);
      expect((await order(orderNo))?.status).toBe('SUCCESS');
      expect(await platform(member.token)).toEqual({ main: '90.00', vendor: '10.00', pending: false });
      await expectSoundLedger(getDb());
    });

    it('should read the vendor balance, also through a relative api_url resolved against the platform address', async () => {
      const member = await funded();
      expect(await adapter().balance(member.id)).toBe(0n);
      await send(member.token, 'IN', '12.34');
      expect(await adapter().balance(member.id)).toBe(1234n);
      await getDb().query(`UPDATE game_vendors SET api_url = $3 WHERE merchant_id = $1 AND code = $2`, [
        merchant.id,
        VENDOR,
        PREFIX,
      ]);
      try {
        expect(await adapter().balance(member.id)).toBe(1234n);
      } finally {
        await getDb().query(`UPDATE game_vendors SET api_url = $3 WHERE merchant_id = $1 AND code = $2`, [
          merchant.id,
          VENDOR,
          `${vendor.origin}${PREFIX}`,
        ]);
      }
      const balanceCall = vendor.requests.find((r) => r.op === 'balance')?.body;
      expect(balanceCall).toEqual({ playerId: member.playerId, currency: merchant.currency });
    });

    it('should record pulled rounds once across overlapping pulls and move the vendor balance with them', async () => {
      const member = await funded();
      await send(member.token, 'IN', '100.00');
      const houseBefore = (await house()) ?? 0n;
      const won = vendor.play(merchant.code, member.playerId, 1000n, 2500n, 'fake-dragon');
      const lost = vendor.play(merchant.code, member.playerId, 500n, 0n);
      expect(atVendor(member.playerId)).toBe(11_000n);

      await pullLater();
      expect(await rounds(member.id)).toEqual([
        { roundId: won, status: 'SETTLED', bet: 1000n, win: 2500n, valid: 1000n, game: 'fake-dragon' },
        { roundId: lost, status: 'SETTLED', bet: 500n, win: 0n, valid: 500n, game: 'fake-slot' },
      ]);
      expect(await roundPosts(won)).toEqual([
        { code: 'BET', amount: 1000n },
        { code: 'WIN', amount: 2500n },
      ]);
      expect((await platform(member.token)).vendor).toBe('110.00');
      expect(await house()).toBe(houseBefore - 1000n);

      // The next windows overlap the last one by 5 minutes: the same rounds come back and change nothing.
      await pullLater();
      await pullLater();
      expect(vendor.requests.filter((r) => r.op === 'bets').length).toBeGreaterThanOrEqual(3);
      expect(await rounds(member.id)).toHaveLength(2);
      expect(await roundPosts(won)).toHaveLength(2);
      expect((await platform(member.token)).vendor).toBe('110.00');

      // The winnings can leave the vendor now that the platform knows about them.
      const out = await send(member.token, 'OUT', '110.00');
      expect(out.json().value.status).toBe('SUCCESS');
      expect(await platform(member.token)).toEqual({ main: '110.00', vendor: '0.00', pending: false });
      expect(atVendor(member.playerId)).toBe(0n);
      await expectSoundLedger(getDb());
    });

    it('should record a cancelled round without moving money', async () => {
      const member = await funded();
      await send(member.token, 'IN', '50.00');
      const roundId = vendor.startRound(merchant.code, member.playerId, 2000n);
      vendor.cancelRound(roundId);
      await pullLater();
      expect(await rounds(member.id)).toEqual([
        { roundId, status: 'CANCELLED', bet: 2000n, win: 0n, valid: 0n, game: 'fake-slot' },
      ]);
      expect(await roundPosts(roundId)).toEqual([]);
      expect((await platform(member.token)).vendor).toBe('50.00');
      expect(atVendor(member.playerId)).toBe(5000n);
      await expectSoundLedger(getDb());
    });

    it('should page through a window with the vendor cursor, and resume from the stored cursor after a failed page', async () => {
      const member = await funded();
      await send(member.token, 'IN', '100.00');
      await quietWindow();
      const ids: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        ids.push(vendor.play(merchant.code, member.playerId, 100n, BigInt(i) * 50n));
        clock.advance(1_000);
      }
      vendor.failNextPages(1);
      const failed = await pullLater();
      expect(failed.failed).toBe(1);
      expect(await rounds(member.id)).toHaveLength(3); // the first page of 3
      const cursorOfPage2 = await getDb().query<{ pageCursor: string | null }>(
        `SELECT page_cursor AS "pageCursor" FROM transfer_bet_cursors WHERE merchant_id = $1 AND vendor_code = $2`,
        [merchant.id, VENDOR],
      );
      expect(cursorOfPage2.rows[0]?.pageCursor).not.toBeNull();

      vendor.reset();
      await pullLater();
      const pages = vendor.requests.filter((r) => r.op === 'bets').map((r) => r.body as { cursor?: string });
      expect(pages[0]?.cursor).toBe(cursorOfPage2.rows[0]?.pageCursor);
      expect((await rounds(member.id)).map((r) => r.roundId)).toEqual(ids);
      // 7 rounds of 1.00 with wins 0, 0.50 ... 3.00: 100 - 7 + 10.50
      expect((await platform(member.token)).vendor).toBe('103.50');
      expect(atVendor(member.playerId)).toBe(10_350n);
      await expectSoundLedger(getDb());
    });

    it('should post the net of a round whose stake is larger than the platform-side balance', async () => {
      const member = await funded();
      await send(member.token, 'IN', '100.00');
      const roundId = vendor.startRound(merchant.code, member.playerId, 10_000n);
      vendor.settleRound(roundId, 15_000n);
      // The member takes 100.00 out before the pull: the platform-side balance is 0, the vendor still holds 50.00.
      expect((await send(member.token, 'OUT', '100.00')).json().value.status).toBe('SUCCESS');
      await pullLater();
      expect(await roundPosts(roundId)).toEqual([{ code: 'WIN', amount: 5000n }]);
      expect((await platform(member.token)).vendor).toBe('50.00');
      expect(atVendor(member.playerId)).toBe(5000n);
      await pullLater();
      expect(await roundPosts(roundId)).toHaveLength(1);
      await expectSoundLedger(getDb());
    });

    it('should defer a loss larger than the balance until the wins that paid for it are posted', async () => {
      const member = await funded();
      await send(member.token, 'IN', '100.00');
      const lossRound = vendor.startRound(merchant.code, member.playerId, 5000n);
      const winRound = vendor.startRound(merchant.code, member.playerId, 5000n);
      vendor.settleRound(lossRound, 0n);
      clock.advance(1_000);
      vendor.settleRound(winRound, 50_000n);
      expect((await send(member.token, 'OUT', '100.00')).json().value.status).toBe('SUCCESS');
      expect(atVendor(member.playerId)).toBe(40_000n);

      const result = await pullLater();
      expect(result.deferred).toBe(1);
      expect((await rounds(member.id)).map((r) => r.roundId)).toEqual([lossRound, winRound]);
      expect(await roundPosts(lossRound)).toEqual([{ code: 'BET', amount: 5000n }]);
      expect(await roundPosts(winRound)).toEqual([{ code: 'WIN', amount: 45_000n }]);
      expect((await platform(member.token)).vendor).toBe('400.00');
      const left = await getDb().query('SELECT 1 FROM transfer_round_deferrals WHERE round_id = $1', [lossRound]);
      expect(left.rows).toHaveLength(0);
      await expectSoundLedger(getDb());
    });

    it('should skip rounds of players the platform never issued, and keep pulling the rest', async () => {
      const member = await funded();
      await send(member.token, 'IN', '10.00');
      vendor.addForeignRound(merchant.code, 'stranger-42');
      vendor.addForeignRound(merchant.code, playerIdOf(999_999_999n));
      const mine = vendor.play(merchant.code, member.playerId, 100n, 0n);
      const result = await pullLater();
      expect(result.skipped).toBe(2);
      expect((await rounds(member.id)).map((r) => r.roundId)).toEqual([mine]);
      const strangers = await getDb().query(
        `SELECT 1 FROM game_rounds WHERE merchant_id = $1 AND vendor_code = $2 AND member_id = 999999999`,
        [merchant.id, VENDOR],
      );
      expect(strangers.rows).toHaveLength(0);
      expect((await platform(member.token)).vendor).toBe('9.00');
    });

    it('should let one of two concurrent passes pull a vendor, and pay each round once', async () => {
      const member = await funded();
      await send(member.token, 'IN', '20.00');
      const roundId = vendor.play(merchant.code, member.playerId, 300n, 1000n);
      clock.advance(LATER_MS);
      const passes = await Promise.all([app.vendorWallet.pullBets(), app.vendorWallet.pullBets()]);
      expect(passes.map((p) => p.vendors).sort()).toEqual([0, 1]);
      expect(await rounds(member.id)).toHaveLength(1);
      expect(await roundPosts(roundId)).toHaveLength(2);
      expect((await platform(member.token)).vendor).toBe('27.00');
      await expectSoundLedger(getDb());
    });

    it('should announce each new settled round once with round.settled, after it is recorded', async () => {
      const member = await funded();
      await send(member.token, 'IN', '20.00');
      const events: PlatformEvents['round.settled'][] = [];
      const recordedWhenAnnounced: number[] = [];
      app.bus.on('round.settled', async (event) => {
        if (event.vendorCode !== VENDOR || event.memberId !== member.id) return;
        events.push(event);
        recordedWhenAnnounced.push((await rounds(member.id)).length);
      });
      const won = vendor.play(merchant.code, member.playerId, 200n, 900n, 'fake-dragon');
      const cancelled = vendor.startRound(merchant.code, member.playerId, 100n);
      vendor.cancelRound(cancelled);
      await pullLater();
      expect(events).toEqual([
        {
          ...{ merchantId: merchant.id, memberId: member.id, vendorCode: VENDOR, gameCode: 'fake-dragon' },
          ...{ roundId: won, betMinor: 200n, winMinor: 900n, currency: merchant.currency, play: false },
        },
      ]);
      expect(recordedWhenAnnounced[0]).toBeGreaterThanOrEqual(1);
      expect((await rounds(member.id)).map((r) => r.roundId).sort()).toEqual([won, cancelled].sort());
      await pullLater();
      await pullLater();
      expect(events).toHaveLength(1);
      expect((await platform(member.token)).vendor).toBe('27.00');
      await expectSoundLedger(getDb());
    });

    it('should keep the main wallet untouched by bet records', async () => {
      const member = await funded();
      await send(member.token, 'IN', '10.00');
      vendor.play(merchant.code, member.playerId, 1000n, 0n);
      await pullLater();
      expect(await platform(member.token)).toEqual({ main: '90.00', vendor: '0.00', pending: false });
      expect((await balanceOf(app, member.token)).balance).toBe('90.00');
    });
  },
);
