import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GAME_SESSION_TTL_MS, SEAMLESS_TIME_WINDOW_MS } from '@platform/contracts';
import type { PlatformEvents } from '../../lib/event-bus';
import { manualClock } from '../../lib/clock';
import { describeEachDatabase } from '../../test/databases';
import { clearRateLimits, freshIp, insertMember, loginOk } from '../../test/identity-helpers';
import { buildTestApp } from '../../test/test-app';
import { adjust, trialToken } from '../../test/wallet-helpers';
import { expectSoundLedger } from '../../test/ledger-helpers';
import { ledgerShardOf } from '../ledger';
import { HOUSE_SHARDS } from './seamless.service';
import { signSeamless } from './seamless.signature';
import {
  launch,
  seamlessClient,
  secretsOf,
  sessionFields,
  TEST_VENDOR_SECRET,
  vendorId,
  type Launched,
} from './seamless.test-support';

/**
 * The seamless wallet's published contract (docs/protocols/seamless-wallet.md), rule by rule, over HTTP with a signing
 * vendor client, on PGlite and PostgreSQL. After every test the ledger audit must find nothing.
 */
describeEachDatabase('seamless wallet conformance', (getDb, engine) => {
  let app: FastifyInstance;
  const clock = manualClock();
  let vendor: ReturnType<typeof seamlessClient>;
  const settled: PlatformEvents['round.settled'][] = [];
  const walletChanges: bigint[] = [];

  /** A member with `cash` on its CASH account, launched into the RGS slot. */
  const player = async (cash = '100.00', gameCode = 'rgs-lucky-lanterns') => {
    const row = await insertMember(getDb());
    // Logged in at the test clock's time (a test moves it past the game session's life).
    const { token } = await loginOk(app, row.username, row.password, { ip: freshIp(), now: clock.now });
    const member = { ...row, token };
    if (cash !== '0.00') await adjust(app, member.username, cash);
    const launched = await launch(app, getDb(), member.token, gameCode);
    return { ...member, launched, session: sessionFields(launched) };
  };
  type Player = Awaited<ReturnType<typeof player>>;

  const balanceOf = async (launched: Launched) => (await vendor.ok('balance', sessionFields(launched))).balance;
  const debit = (p: Player, amount: string, roundId = vendorId('round'), transactionId = vendorId('bet')) => ({
    ...p.session,
    transactionId,
    roundId,
    gameCode: 'rgs-lucky-lanterns',
    amount,
  });
  const credit = (
    p: Player,
    bet: { transactionId: string; roundId: string },
    amount: string,
    extra: { endRound?: boolean; transactionId?: string } = {},
  ) => ({
    ...p.session,
    transactionId: extra.transactionId ?? vendorId('win'),
    betTransactionId: bet.transactionId,
    roundId: bet.roundId,
    amount,
    ...(extra.endRound === undefined ? {} : { endRound: extra.endRound }),
  });
  const rollback = (p: Player, bet: { transactionId: string; roundId: string }, transactionId = vendorId('rb')) => ({
    ...p.session,
    transactionId,
    betTransactionId: bet.transactionId,
    roundId: bet.roundId,
  });
  const transfersOf = async (memberId: bigint) =>
    (
      await getDb().query<{ code: string; amount: bigint; key: string }>(
        `SELECT t.code, t.amount_minor AS amount, t.idempotency_key AS key FROM ledger_transfers t
         JOIN ledger_accounts a ON a.merchant_id = t.merchant_id AND a.shard = 0
           AND a.id IN (t.debit_account_id, t.credit_account_id)
         WHERE a.owner_kind = 'MEMBER' AND a.owner_id = $1 AND t.source = 'seamless:RGS' ORDER BY t.id`,
        [memberId],
      )
    ).rows;
  const roundOf = async (roundId: string) =>
    (
      await getDb().query<{ status: string; bet: bigint; win: bigint; valid: bigint }>(
        `SELECT status, bet_minor AS bet, win_minor AS win, valid_bet_minor AS valid FROM game_rounds
         WHERE vendor_code = 'RGS' AND round_id = $1`,
        [roundId],
      )
    ).rows[0];
  const setVendor = async (assignments: string) => {
    await getDb().query(`UPDATE game_vendors SET ${assignments} WHERE code = 'RGS'`);
    const merchants = await getDb().query<{ id: number }>('SELECT id FROM merchants');
    for (const { id } of merchants.rows) app.bus.emit('catalogue.changed', { merchantId: id });
  };

  beforeAll(async () => {
    app = await buildTestApp({
      db: getDb(),
      seams: { now: clock.now },
      vendorSecret: secretsOf({ 'demo:RGS': TEST_VENDOR_SECRET, 'demo:PG': `${TEST_VENDOR_SECRET}-pg` }),
    });
    vendor = seamlessClient(app, clock.now);
    app.bus.on('round.settled', (event) => {
      settled.push(event);
    });
    app.bus.on('wallet.changed', ({ memberId }) => {
      walletChanges.push(memberId);
    });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(getDb());
  });
  afterEach(async () => {
    await expectSoundLedger(getDb());
  });

  it('should answer the balance of the session member in the session currency', async () => {
    const alice = await player('42.50');
    expect(await vendor.ok('balance', alice.session)).toEqual({ balance: '42.50', currency: 'USD' });
  });

  it('should take a bet and pay its win, each as one ledger transfer against the house, and settle the round', async () => {
    const alice = await player('100.00');
    const bet = debit(alice, '10.00');
    walletChanges.length = 0;
    expect(await vendor.ok('debit', bet)).toEqual({
      balance: '90.00',
      currency: 'USD',
      transactionId: bet.transactionId,
    });
    const win = credit(alice, bet, '25.50', { endRound: true });
    expect(await vendor.ok('credit', win)).toMatchObject({ balance: '115.50', transactionId: win.transactionId });
    expect(await transfersOf(alice.id)).toEqual([
      { code: 'BET', amount: 1000n, key: bet.transactionId },
      { code: 'WIN', amount: 2550n, key: win.transactionId },
    ]);
    expect(await roundOf(bet.roundId)).toEqual({ status: 'SETTLED', bet: 1000n, win: 2550n, valid: 1000n });
    expect(settled.at(-1)).toEqual({
      merchantId: expect.any(Number),
      memberId: alice.id,
      vendorCode: 'RGS',
      gameCode: 'rgs-lucky-lanterns',
      roundId: bet.roundId,
      betMinor: 1000n,
      winMinor: 2550n,
      currency: 'USD',
      play: false,
    });
    // The header balance follows: one wallet.changed per money call, after commit.
    expect(walletChanges).toEqual([alice.id, alice.id]);
    expect(await balanceOf(alice.launched)).toBe('115.50');
  });

  it('should answer a repeated call with its first answer, marked duplicate, and move nothing again', async () => {
    const alice = await player('100.00');
    const bet = debit(alice, '10.00');
    const first = await vendor.ok('debit', bet);
    // Another bet in between: the repeat still answers the balance of its first answer.
    await vendor.ok('debit', debit(alice, '5.00'));
    expect(await vendor.ok('debit', bet)).toEqual({ ...first, duplicate: true });
    const win = credit(alice, bet, '3.00');
    const paid = await vendor.ok('credit', win);
    expect(await vendor.ok('credit', win)).toEqual({ ...paid, duplicate: true });
    const cancel = rollback(alice, { transactionId: vendorId('lost-bet'), roundId: vendorId('round') });
    const rolled = await vendor.ok('rollback', cancel);
    expect(await vendor.ok('rollback', cancel)).toEqual({ ...rolled, duplicate: true });
    expect(await balanceOf(alice.launched)).toBe('88.00');
    expect((await transfersOf(alice.id)).map((t) => t.code)).toEqual(['BET', 'BET', 'WIN']);
  });

  it('should refuse the same transaction id with another amount, round or bet, and change nothing', async () => {
    const alice = await player('100.00');
    const bet = debit(alice, '10.00');
    await vendor.ok('debit', bet);
    await vendor.refused('debit', { ...bet, amount: '11.00' }, 'TRANSACTION_CONFLICT', 409);
    await vendor.refused('debit', { ...bet, roundId: vendorId('round') }, 'TRANSACTION_CONFLICT', 409);
    const other = debit(alice, '1.00', bet.roundId);
    await vendor.ok('debit', other);
    const win = credit(alice, bet, '4.00');
    await vendor.ok('credit', win);
    await vendor.refused('credit', { ...win, amount: '40.00' }, 'TRANSACTION_CONFLICT', 409);
    await vendor.refused('credit', { ...win, betTransactionId: other.transactionId }, 'TRANSACTION_CONFLICT', 409);
    // A credit may not reuse a bet's id either.
    await vendor.refused(
      'credit',
      credit(alice, bet, '1.00', { transactionId: bet.transactionId }),
      'TRANSACTION_CONFLICT',
      409,
    );
    expect(await balanceOf(alice.launched)).toBe('93.00');
    expect(await roundOf(bet.roundId)).toMatchObject({ bet: 1100n, win: 400n });
  });

  it('should accept a rollback before its bet, leave a tombstone, and refuse the bet when it comes', async () => {
    const alice = await player('50.00');
    const bet = debit(alice, '10.00');
    expect(await vendor.ok('rollback', rollback(alice, bet))).toMatchObject({ balance: '50.00' });
    await vendor.refused('debit', bet, 'BET_ROLLED_BACK', 409);
    // A win for it is refused the same way; nothing was ever taken.
    await vendor.refused('credit', credit(alice, bet, '5.00'), 'BET_ROLLED_BACK', 409);
    expect(await balanceOf(alice.launched)).toBe('50.00');
    expect(await transfersOf(alice.id)).toEqual([]);
  });

  it('should refund an open bet on rollback, then refuse its win; and refuse to roll back a settled bet', async () => {
    const alice = await player('50.00');
    const bet = debit(alice, '10.00');
    await vendor.ok('debit', bet);
    expect(await vendor.ok('rollback', rollback(alice, bet))).toMatchObject({ balance: '50.00' });
    await vendor.refused('credit', credit(alice, bet, '5.00'), 'BET_ROLLED_BACK', 409);
    // A second rollback under another id: rolled back already, nothing moves.
    expect(await vendor.ok('rollback', rollback(alice, bet))).toMatchObject({ balance: '50.00' });
    expect(await roundOf(bet.roundId)).toMatchObject({ status: 'CANCELLED', bet: 1000n, valid: 0n });

    const played = debit(alice, '5.00');
    await vendor.ok('debit', played);
    await vendor.ok('credit', credit(alice, played, '0.00', { endRound: true }));
    await vendor.refused('rollback', rollback(alice, played), 'BET_SETTLED', 409);
    expect(await balanceOf(alice.launched)).toBe('45.00');
    expect((await transfersOf(alice.id)).map((t) => t.code)).toEqual(['BET', 'REFUND', 'BET']);
  });

  it('should refuse a win or rollback that names no bet of this member and round', async () => {
    const alice = await player('50.00');
    const bob = await player('50.00');
    const bet = debit(alice, '10.00');
    await vendor.ok('debit', bet);
    await vendor.refused(
      'credit',
      credit(alice, { ...bet, transactionId: vendorId('ghost') }, '5.00'),
      'BET_NOT_FOUND',
      404,
    );
    await vendor.refused('credit', credit(alice, { ...bet, roundId: vendorId('round') }, '5.00'), 'BET_NOT_FOUND', 404);
    // Bob cannot be paid on Alice's bet, nor cancel it.
    await vendor.refused('credit', credit(bob, bet, '5.00'), 'BET_NOT_FOUND', 404);
    await vendor.refused('rollback', rollback(bob, bet), 'BET_NOT_FOUND', 404);
    await vendor.refused(
      'endRound',
      { ...bob.session, transactionId: vendorId('end'), roundId: bet.roundId },
      'BET_NOT_FOUND',
      404,
    );
    // Nor can Bob bet into Alice's round.
    await vendor.refused('debit', debit(bob, '1.00', bet.roundId), 'TRANSACTION_CONFLICT', 409);
    expect(await balanceOf(alice.launched)).toBe('40.00');
    expect(await balanceOf(bob.launched)).toBe('50.00');
  });

  it('should accept wins, rollbacks and round ends after the session expired, but no new bet', async () => {
    const alice = await player('50.00');
    const bet = debit(alice, '10.00');
    await vendor.ok('debit', bet);
    const other = debit(alice, '5.00');
    await vendor.ok('debit', other);
    clock.advance(GAME_SESSION_TTL_MS + 1_000);
    await vendor.refused('debit', debit(alice, '1.00'), 'SESSION_EXPIRED', 403);
    await vendor.refused('balance', alice.session, 'SESSION_EXPIRED', 403);
    // A retry of the bet accepted in time still gets its first answer.
    expect(await vendor.ok('debit', bet)).toMatchObject({ balance: '40.00', duplicate: true });
    const win = credit(alice, bet, '30.00', { endRound: true });
    expect(await vendor.ok('credit', win)).toMatchObject({ balance: '65.00' });
    expect(await vendor.ok('rollback', rollback(alice, other))).toMatchObject({ balance: '70.00' });
    const third = debit(alice, '1.00');
    await vendor.refused('debit', third, 'SESSION_EXPIRED', 403);
    // The refused debit left no trace: its id is free for a debit in a new session (a new platform login first:
    // the old one idled out while the clock moved).
    const login = await loginOk(app, alice.username, alice.password, { ip: freshIp(), now: clock.now });
    const fresh = await launch(app, getDb(), login.token, 'rgs-lucky-lanterns');
    expect(await vendor.ok('debit', { ...third, ...sessionFields(fresh) })).toMatchObject({ balance: '69.00' });
  });

  it('should refuse a bet beyond the balance with INSUFFICIENT_FUNDS and the real balance, moving nothing', async () => {
    const alice = await player('7.25');
    const bet = debit(alice, '7.26');
    const refusal = await vendor.refused('debit', bet, 'INSUFFICIENT_FUNDS', 422);
    expect(refusal.value).toEqual({ balance: '7.25', currency: 'USD' });
    // Nothing was recorded: the same id may bet what the player has.
    expect(await vendor.ok('debit', { ...bet, amount: '7.25' })).toMatchObject({ balance: '0.00' });
    expect(await roundOf(bet.roundId)).toMatchObject({ bet: 725n });
  });

  it('should refuse a bad signature, a tampered body, a wrong secret and a missing signature', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '5.00');
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { signature: 'f'.repeat(64) });
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { secret: `${TEST_VENDOR_SECRET}x` });
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { signature: '' });
    // Signed for one body, sent with another.
    const timestampMs = clock.now();
    const signature = signSeamless(TEST_VENDOR_SECRET, String(timestampMs), JSON.stringify(bet));
    await vendor.refused('debit', { ...bet, amount: '0.01' }, 'SIGNATURE_INVALID', 401, { signature, timestampMs });
    // Another vendor's secret does not sign for RGS.
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { secret: `${TEST_VENDOR_SECRET}-pg` });
    expect(await balanceOf(alice.launched)).toBe('20.00');
  });

  it('should refuse a timestamp outside the window, either way', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '5.00');
    await vendor.refused('debit', bet, 'TIMESTAMP_STALE', 401, {
      timestampMs: clock.now() - SEAMLESS_TIME_WINDOW_MS - 1,
    });
    await vendor.refused('debit', bet, 'TIMESTAMP_STALE', 401, {
      timestampMs: clock.now() + SEAMLESS_TIME_WINDOW_MS + 1,
    });
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { timestampMs: Number.NaN });
    // Just inside the window is fine.
    await vendor.ok('debit', bet, { timestampMs: clock.now() - SEAMLESS_TIME_WINDOW_MS + 1_000 });
  });

  it('should refuse a currency or player that does not match the session, and an unknown session', async () => {
    const alice = await player('20.00');
    const bob = await player('20.00');
    await vendor.refused('debit', { ...debit(alice, '5.00'), currency: 'EUR' }, 'CURRENCY_MISMATCH', 422);
    await vendor.refused('balance', { ...alice.session, currency: 'XPL' }, 'CURRENCY_MISMATCH', 422);
    await vendor.refused('debit', { ...debit(alice, '5.00'), playerId: bob.launched.playerId }, 'PLAYER_MISMATCH', 403);
    await vendor.refused('balance', { ...alice.session, sessionToken: 'x'.repeat(43) }, 'SESSION_INVALID', 404);
    expect(await balanceOf(alice.launched)).toBe('20.00');
  });

  it('should refuse bets and balance for a locked member, and still pay the win and refund of earlier bets', async () => {
    const alice = await player('30.00');
    const bet = debit(alice, '10.00');
    await vendor.ok('debit', bet);
    const other = debit(alice, '5.00');
    await vendor.ok('debit', other);
    await getDb().query(`UPDATE members SET status = 'LOCKED' WHERE id = $1`, [alice.id]);
    await vendor.refused('debit', debit(alice, '1.00'), 'ACCOUNT_LOCKED', 403);
    await vendor.refused('balance', alice.session, 'ACCOUNT_LOCKED', 403);
    expect(await vendor.ok('credit', credit(alice, bet, '12.00', { endRound: true }))).toMatchObject({
      balance: '27.00',
    });
    expect(await vendor.ok('rollback', rollback(alice, other))).toMatchObject({ balance: '32.00' });
    await getDb().query(`UPDATE members SET status = 'CLOSED' WHERE id = $1`, [alice.id]);
    await vendor.refused('debit', debit(alice, '1.00'), 'ACCOUNT_LOCKED', 403);
  });

  it('should refuse unknown vendors, vendors without a secret, disabled vendors and malformed headers', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '5.00');
    await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401, { vendor: 'NOPE' });
    await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401, { merchant: 'nowhere' });
    await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401, { vendor: 'rgs; drop' });
    // AG is in the catalogue but has no secret: it cannot call.
    await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401, { vendor: 'AG' });
    // PG has a secret but Alice's session is RGS's.
    await vendor.refused('debit', bet, 'SESSION_INVALID', 404, { vendor: 'PG', secret: `${TEST_VENDOR_SECRET}-pg` });
    await setVendor(`status = 'DISABLED'`);
    try {
      await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401);
    } finally {
      await setVendor(`status = 'ACTIVE'`);
    }
    // Under maintenance, rounds in play still settle.
    await setVendor(`status = 'MAINTENANCE'`);
    try {
      await vendor.ok('debit', bet);
    } finally {
      await setVendor(`status = 'ACTIVE'`);
    }
  });

  it('should accept calls only from the allowed sources when the vendor lists some', async () => {
    const alice = await player('20.00');
    await setVendor(`allowed_sources = '{203.0.113.0/24, 2001:db8::1, not-an-address}'`);
    try {
      await vendor.refused('balance', alice.session, 'SOURCE_NOT_ALLOWED', 403, { ip: '198.51.100.10' });
      await vendor.refused('balance', alice.session, 'SOURCE_NOT_ALLOWED', 403, { ip: '2001:db8::2' });
      await vendor.ok('balance', alice.session, { ip: '203.0.113.77' });
      await vendor.ok('balance', alice.session, { ip: '2001:db8::1' });
    } finally {
      await setVendor(`allowed_sources = '{}'`);
    }
    await vendor.ok('balance', alice.session, { ip: '198.51.100.10' });
  });

  it('should refuse malformed bodies with VALIDATION_FAILED before touching money', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '5.00');
    await vendor.refused('debit', bet, 'VALIDATION_FAILED', 400, { rawBody: '{"not json' });
    await vendor.refused('debit', { ...bet, amount: '-1.00' }, 'VALIDATION_FAILED', 400);
    await vendor.refused('debit', { ...bet, amount: '0.00' }, 'VALIDATION_FAILED', 400);
    await vendor.refused('debit', { ...bet, transactionId: 'has spaces' }, 'VALIDATION_FAILED', 400);
    await vendor.refused('debit', { ...bet, extra: 'field' }, 'VALIDATION_FAILED', 400);
    await vendor.refused('debit', { ...bet, gameCode: 'rgs-dice' }, 'VALIDATION_FAILED', 400);
    const text = await vendor.call('debit', bet, { contentType: 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(await balanceOf(alice.launched)).toBe('20.00');
  });

  it('should settle every open bet of a round as lost on endRound, once', async () => {
    const alice = await player('50.00', 'rgs-mines');
    const mines = (amount: string, roundId: string) => ({ ...debit(alice, amount, roundId), gameCode: 'rgs-mines' });
    const roundId = vendorId('mines');
    const first = mines('2.00', roundId);
    await vendor.ok('debit', first);
    await vendor.ok('debit', mines('3.00', roundId));
    const end = { ...alice.session, transactionId: vendorId('end'), roundId };
    const before = settled.length;
    expect(await vendor.ok('endRound', end)).toMatchObject({ balance: '45.00' });
    expect(await roundOf(roundId)).toEqual({ status: 'SETTLED', bet: 500n, win: 0n, valid: 500n });
    expect(settled.slice(before)).toEqual([
      expect.objectContaining({ roundId, gameCode: 'rgs-mines', betMinor: 500n, winMinor: 0n, play: false }),
    ]);
    expect(await vendor.ok('endRound', end)).toMatchObject({ balance: '45.00', duplicate: true });
    // Closed: no more bets, no rollback of its bets; a jackpot credit on a bet is still paid, and reported again.
    await vendor.refused('debit', mines('1.00', roundId), 'BET_SETTLED', 409);
    await vendor.refused('rollback', rollback(alice, first), 'BET_SETTLED', 409);
    expect(await vendor.ok('credit', credit(alice, first, '100.00'))).toMatchObject({ balance: '145.00' });
    expect(settled.at(-1)).toMatchObject({ roundId, winMinor: 10_000n });
    await vendor.refused(
      'endRound',
      { ...end, transactionId: vendorId('end'), roundId: vendorId('none') },
      'BET_NOT_FOUND',
      404,
    );
  });

  it("should settle the round's other open bets as lost when a win closes it", async () => {
    const alice = await player('50.00', 'rgs-mines');
    const roundId = vendorId('mines');
    const first = { ...debit(alice, '2.00', roundId), gameCode: 'rgs-mines' };
    const second = { ...debit(alice, '3.00', roundId), gameCode: 'rgs-mines' };
    await vendor.ok('debit', first);
    await vendor.ok('debit', second);
    expect(await vendor.ok('credit', credit(alice, first, '4.00', { endRound: true }))).toMatchObject({
      balance: '49.00',
    });
    expect(await roundOf(roundId)).toEqual({ status: 'SETTLED', bet: 500n, win: 400n, valid: 500n });
    await vendor.refused('rollback', rollback(alice, second), 'BET_SETTLED', 409);
    expect(settled.at(-1)).toMatchObject({ roundId, betMinor: 500n, winMinor: 400n });
  });

  it('should play a trial session with play money against the house in the play currency', async () => {
    const token = await trialToken(app, clock.now);
    const launched = await launch(app, getDb(), token, 'rgs-dice');
    expect(launched).toMatchObject({ mode: 'play', currency: 'XPL' });
    const session = sessionFields(launched);
    const start = (await vendor.ok('balance', session)).balance;
    expect(start).not.toBe('0.00');
    const bet = {
      ...session,
      transactionId: vendorId('bet'),
      roundId: vendorId('dice'),
      gameCode: 'rgs-dice',
      amount: '10.00',
    };
    await vendor.ok('debit', bet);
    const answer = await vendor.ok('credit', {
      ...session,
      transactionId: vendorId('win'),
      betTransactionId: bet.transactionId,
      roundId: bet.roundId,
      amount: '19.80',
      endRound: true,
    });
    expect(answer).toMatchObject({ currency: 'XPL' });
    const { rows } = await getDb().query<{ purpose: string; currency: string }>(
      `SELECT DISTINCT a.purpose, a.currency FROM ledger_transfers t JOIN ledger_accounts a
         ON a.merchant_id = t.merchant_id AND a.id IN (t.debit_account_id, t.credit_account_id) AND a.shard = 0
       WHERE t.source = 'seamless:RGS' AND t.reference = $1 ORDER BY a.purpose`,
      [bet.roundId],
    );
    expect(rows).toEqual([
      { purpose: 'HOUSE:RGS', currency: 'XPL' },
      { purpose: 'PLAY', currency: 'XPL' },
    ]);
    expect(settled.at(-1)).toMatchObject({ roundId: bet.roundId, currency: 'XPL', play: true });
  });

  it('should answer each call of a burst on its own, refusals included, when calls commit together', async () => {
    const alice = await player('10.00');
    const bob = await player('10.00');
    const aliceBets = Array.from({ length: 5 }, () => debit(alice, '1.00'));
    const bobBets = Array.from({ length: 3 }, () => debit(bob, '2.00'));
    const [aliceAnswers, bobAnswers, tooMuch, stolenId, ghost] = await Promise.all([
      Promise.all(aliceBets.map((bet) => vendor.call('debit', bet))),
      Promise.all(bobBets.map((bet) => vendor.call('debit', bet))),
      vendor.call('debit', debit(alice, '100.00')),
      vendor.call('debit', { ...debit(bob, '1.00'), transactionId: aliceBets[0]?.transactionId }),
      vendor.call('credit', credit(bob, { transactionId: vendorId('ghost'), roundId: vendorId('round') }, '1.00')),
    ]);
    expect([...aliceAnswers, ...bobAnswers].map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', value: { currency: 'USD' } });
    expect(Number(tooMuch.json().value.balance)).toBeGreaterThanOrEqual(5);
    expect(stolenId.json().code).toBe('TRANSACTION_CONFLICT');
    expect(ghost.json().code).toBe('BET_NOT_FOUND');
    expect(await balanceOf(alice.launched)).toBe('5.00');
    expect(await balanceOf(bob.launched)).toBe('4.00');
    expect(await transfersOf(alice.id)).toHaveLength(5);
    expect(await transfersOf(bob.id)).toHaveLength(3);
  });

  it('should pay once when identical debits arrive together, and answer the others as duplicates', async () => {
    const alice = await player('100.00');
    const bet = debit(alice, '10.00');
    const answers = await Promise.all(Array.from({ length: 12 }, () => vendor.call('debit', bet)));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const values = answers.map((res) => res.json().value as { balance: string; duplicate?: boolean });
    expect(values.filter((value) => value.duplicate !== true)).toHaveLength(1);
    expect(new Set(values.map((value) => value.balance))).toEqual(new Set(['90.00']));
    expect(await balanceOf(alice.launched)).toBe('90.00');
    expect(await transfersOf(alice.id)).toHaveLength(1);
  });

  it('should never keep both the stake and a tombstone when a rollback races its bet', async () => {
    const alice = await player('100.00');
    const bets = Array.from({ length: 16 }, () => debit(alice, '1.00'));
    const results = await Promise.all(
      bets.map(async (bet, index) => {
        // Half the pairs start with the bet, half with the rollback.
        const send = (op: 'debit' | 'rollback') =>
          op === 'debit' ? vendor.call('debit', bet) : vendor.call('rollback', rollback(alice, bet));
        const order: ('debit' | 'rollback')[] = index % 2 === 0 ? ['debit', 'rollback'] : ['rollback', 'debit'];
        const started = order.map(send);
        const answers = await Promise.all(started);
        const byOp = new Map(order.map((op, i) => [op, answers[i]]));
        const debited = byOp.get('debit');
        const rolled = byOp.get('rollback');
        if (debited === undefined || rolled === undefined) throw new Error('a call of the pair has no answer');
        return { debited, rolled };
      }),
    );
    for (const { debited, rolled } of results) {
      expect(rolled.statusCode, rolled.body).toBe(200);
      expect([200, 409]).toContain(debited.statusCode);
      if (debited.statusCode === 409) expect(debited.json().code).toBe('BET_ROLLED_BACK');
    }
    // Every stake came back (or was never taken); no bet is left open.
    expect(await balanceOf(alice.launched)).toBe('100.00');
    const { rows } = await getDb().query<{ status: string }>(
      `SELECT status FROM vendor_transactions WHERE vendor_code = 'RGS' AND transaction_id = ANY($1::text[])`,
      [bets.map((bet) => bet.transactionId)],
    );
    expect(rows).toHaveLength(bets.length);
    for (const { status } of rows) expect(['ROLLED_BACK', 'TOMBSTONE']).toContain(status);
  });

  /** Resolves once `count` seamless calls wait on a row lock (PostgreSQL's view of its backends). */
  const lockWaiters = async (count: number) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { rows } = await getDb().query<{ waiting: bigint }>(
        `SELECT count(*) AS waiting FROM pg_stat_activity
         WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT seamless_call%'`,
      );
      if ((rows[0]?.waiting ?? 0n) >= BigInt(count)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`never saw ${count} seamless calls waiting on a lock`);
  };

  // PGlite has one connection: two statements can never be inside the database at once there.
  if (engine.kind === 'postgres') {
    it('should refund a bet whose rollback arrived while the bet was being written', async () => {
      const alice = await player('10.00');
      const bet = debit(alice, '4.00');
      // Hold the player's account so the debit stops half-way, its transaction id written but not committed.
      let locked!: () => void;
      let release!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = getDb().transaction(async (tx) => {
        await tx.query(
          `SELECT 1 FROM ledger_accounts WHERE owner_kind = 'MEMBER' AND owner_id = $1 AND purpose = 'CASH' FOR UPDATE`,
          [alice.id],
        );
        locked();
        await released;
      });
      await isLocked;
      const debited = vendor.call('debit', bet);
      await lockWaiters(1);
      // The rollback finds no bet, tries to leave a tombstone, and waits for the bet's own row. Calls are grouped in
      // two lanes (house shard modulo 2) and a lane sends one batch at a time: a rollback in the bet's lane would wait
      // in the queue, never inside the database, so its id is picked in the other lane.
      const laneOf = (id: string) => ledgerShardOf('seamless:RGS', id, HOUSE_SHARDS) % 2;
      let rollbackId = vendorId('rb');
      while (laneOf(rollbackId) === laneOf(bet.transactionId)) rollbackId = vendorId('rb');
      const rolled = vendor.call('rollback', rollback(alice, bet, rollbackId));
      await lockWaiters(2);
      release();
      await holder;
      expect((await debited).statusCode, (await debited).body).toBe(200);
      expect((await rolled).json()).toMatchObject({ success: true, value: { balance: '10.00' } });
      expect((await transfersOf(alice.id)).map((t) => t.code)).toEqual(['BET', 'REFUND']);
      const { rows } = await getDb().query<{ status: string }>(
        `SELECT status FROM vendor_transactions WHERE vendor_code = 'RGS' AND transaction_id = $1`,
        [bet.transactionId],
      );
      expect(rows).toEqual([{ status: 'ROLLED_BACK' }]);
      expect(await balanceOf(alice.launched)).toBe('10.00');
    });
  }
});
