import { expect, it } from 'vitest';
import { GAME_SESSION_TTL_MS } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { freshIp, loginOk } from '../../../test/identity-helpers';
import { launch, sessionFields, vendorId } from './seamless.test-support';
import { seamlessConformance } from './seamless.conformance-fixture';

/**
 * The seamless wallet's published contract (docs/protocols/seamless-wallet.md), rule by rule, over HTTP with a signing
 * vendor client, on PGlite and PostgreSQL: balance, bets, wins and rollbacks. After every test the ledger audit must
 * find nothing (seamless.conformance-fixture.ts).
 */
describeEachDatabase('seamless wallet conformance', (getDb) => {
  const {
    app,
    clock,
    vendor,
    settled,
    walletChanges,
    player,
    balanceOf,
    debit,
    credit,
    rollback,
    transfersOf,
    roundOf,
  } = seamlessConformance(getDb);

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
    const login = await loginOk(app(), alice.username, alice.password, { ip: freshIp(), now: clock.now });
    const fresh = await launch(app(), getDb(), login.token, 'rgs-lucky-lanterns');
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
});
