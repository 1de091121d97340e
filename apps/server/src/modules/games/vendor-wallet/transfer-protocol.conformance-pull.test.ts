import { expect, it } from 'vitest';
import type { PlatformEvents } from '../../../lib/event-bus';
import { describeEachDatabase } from '../../../test/databases';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { balanceOf } from '../../../test/wallet-helpers';
import { playerIdOf } from '.';
import { VENDOR, LATER_MS, transferConformance } from './transfer-protocol.conformance-fixture';

/**
 * The transfer protocol's bet records (docs/protocols/transfer-wallet.md "Bet records"): rounds pulled page by page,
 * recorded and paid once, deferred while the balance cannot carry them.
 */
describeEachDatabase('transfer protocol: the bet-record pull against a conforming vendor', (getDb) => {
  const w = transferConformance(getDb);
  const { clock, send, funded, platform, atVendor, house, rounds, roundPosts } = w;

  /** Waits while a pass holds the vendor (the app's own job runs on a real timer and may be mid-pass). */
  const idle = async () => {
    for (let i = 0; i < 200; i += 1) {
      const { rows } = await getDb().query<{ token: string | null }>(
        `SELECT claim_token AS token FROM transfer_bet_cursors WHERE merchant_id = $1 AND vendor_code = $2`,
        [w.merchant.id, VENDOR],
      );
      if ((rows[0]?.token ?? null) === null) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the bet-record pull kept the vendor claimed');
  };
  const pullLater = async () => {
    clock.advance(LATER_MS);
    await idle();
    return w.app.vendorWallet.pullBets();
  };
  /** A pull that moves the window past every earlier test's rounds, so a test's pages hold only its own. */
  const quietWindow = async () => {
    clock.advance(10 * 60_000);
    await pullLater();
    w.vendor.reset();
  };

  it('should record pulled rounds once across overlapping pulls and move the vendor balance with them', async () => {
    const member = await funded();
    await send(member.token, 'IN', '100.00');
    const houseBefore = (await house()) ?? 0n;
    const won = w.vendor.play(w.merchant.code, member.playerId, 1000n, 2500n, 'fake-dragon');
    const lost = w.vendor.play(w.merchant.code, member.playerId, 500n, 0n);
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
    expect(w.vendor.requests.filter((r) => r.op === 'bets').length).toBeGreaterThanOrEqual(3);
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
    const roundId = w.vendor.startRound(w.merchant.code, member.playerId, 2000n);
    w.vendor.cancelRound(roundId);
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
      ids.push(w.vendor.play(w.merchant.code, member.playerId, 100n, BigInt(i) * 50n));
      clock.advance(1_000);
    }
    w.vendor.failNextPages(1);
    const failed = await pullLater();
    expect(failed.failed).toBe(1);
    expect(await rounds(member.id)).toHaveLength(3); // the first page of 3
    const cursorOfPage2 = await getDb().query<{ pageCursor: string | null }>(
      `SELECT page_cursor AS "pageCursor" FROM transfer_bet_cursors WHERE merchant_id = $1 AND vendor_code = $2`,
      [w.merchant.id, VENDOR],
    );
    expect(cursorOfPage2.rows[0]?.pageCursor).not.toBeNull();

    w.vendor.reset();
    await pullLater();
    const pages = w.vendor.requests.filter((r) => r.op === 'bets').map((r) => r.body as { cursor?: string });
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
    const roundId = w.vendor.startRound(w.merchant.code, member.playerId, 10_000n);
    w.vendor.settleRound(roundId, 15_000n);
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
    const lossRound = w.vendor.startRound(w.merchant.code, member.playerId, 5000n);
    const winRound = w.vendor.startRound(w.merchant.code, member.playerId, 5000n);
    w.vendor.settleRound(lossRound, 0n);
    clock.advance(1_000);
    w.vendor.settleRound(winRound, 50_000n);
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
    w.vendor.addForeignRound(w.merchant.code, 'stranger-42');
    w.vendor.addForeignRound(w.merchant.code, playerIdOf(999_999_999n));
    const mine = w.vendor.play(w.merchant.code, member.playerId, 100n, 0n);
    const result = await pullLater();
    expect(result.skipped).toBe(2);
    expect((await rounds(member.id)).map((r) => r.roundId)).toEqual([mine]);
    const strangers = await getDb().query(
      `SELECT 1 FROM game_rounds WHERE merchant_id = $1 AND vendor_code = $2 AND member_id = 999999999`,
      [w.merchant.id, VENDOR],
    );
    expect(strangers.rows).toHaveLength(0);
    expect((await platform(member.token)).vendor).toBe('9.00');
  });

  it('should let one of two concurrent passes pull a vendor, and pay each round once', async () => {
    const member = await funded();
    await send(member.token, 'IN', '20.00');
    const roundId = w.vendor.play(w.merchant.code, member.playerId, 300n, 1000n);
    clock.advance(LATER_MS);
    const passes = await Promise.all([w.app.vendorWallet.pullBets(), w.app.vendorWallet.pullBets()]);
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
    w.app.bus.on('round.settled', async (event) => {
      if (event.vendorCode !== VENDOR || event.memberId !== member.id) return;
      events.push(event);
      recordedWhenAnnounced.push((await rounds(member.id)).length);
    });
    const won = w.vendor.play(w.merchant.code, member.playerId, 200n, 900n, 'fake-dragon');
    const cancelled = w.vendor.startRound(w.merchant.code, member.playerId, 100n);
    w.vendor.cancelRound(cancelled);
    await pullLater();
    expect(events).toEqual([
      {
        ...{ merchantId: w.merchant.id, memberId: member.id, vendorCode: VENDOR, gameCode: 'fake-dragon' },
        ...{ roundId: won, betMinor: 200n, winMinor: 900n, currency: w.merchant.currency, play: false },
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
    w.vendor.play(w.merchant.code, member.playerId, 1000n, 0n);
    await pullLater();
    expect(await platform(member.token)).toEqual({ main: '90.00', vendor: '0.00', pending: false });
    expect((await balanceOf(w.app, member.token)).balance).toBe('90.00');
  });
});
