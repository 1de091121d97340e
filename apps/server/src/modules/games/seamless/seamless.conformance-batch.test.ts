import { expect, it } from 'vitest';
import { SEAMLESS_BATCH_MAX_ITEMS, type SeamlessBatchResult } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { seamlessConformance } from './seamless.conformance-fixture';
import { vendorId } from './seamless.test-support';

/**
 * The seamless batch call (ADR 0047, docs/protocols/seamless-wallet.md "Batch"): many credits and endRounds under one
 * signature, applied in one transaction, each item once and answered by itself. After every test the ledger audit
 * must find nothing.
 */
describeEachDatabase('seamless wallet conformance: the batch call', (getDb) => {
  const { app, clock, vendor, settled, player, balanceOf, debit, credit, transfersOf, roundOf } =
    seamlessConformance(getDb);

  const batch = async (items: unknown[]): Promise<SeamlessBatchResult[]> => {
    const res = await vendor.call('batch', { items });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.items as SeamlessBatchResult[];
  };
  const endRound = (p: Awaited<ReturnType<typeof player>>, roundId: string, transactionId = vendorId('end')) => ({
    op: 'endRound' as const,
    ...p.session,
    transactionId,
    roundId,
  });
  const win = (...args: Parameters<typeof credit>) => ({ op: 'credit' as const, ...credit(...args) });

  it('should credit each item once, close the rounds, and answer a retried batch with the first answers', async () => {
    const alice = await player('50.00');
    const bob = await player('50.00');
    const aliceBets = [debit(alice, '2.00'), debit(alice, '3.00'), debit(alice, '1.00')];
    const bobBet = debit(bob, '4.00');
    for (const bet of [...aliceBets, bobBet]) await vendor.ok('debit', bet);
    const items = [
      win(alice, aliceBets[0]!, '10.00', { endRound: true }),
      endRound(alice, aliceBets[1]!.roundId),
      win(alice, aliceBets[2]!, '0.00', { endRound: true }),
      win(bob, bobBet, '7.50', { endRound: true }),
    ];
    const before = settled.length;
    const first = await batch(items);
    expect(first).toEqual([
      { ok: true, transactionId: items[0]!.transactionId, balance: '54.00', currency: 'USD' },
      { ok: true, transactionId: items[1]!.transactionId, balance: '54.00', currency: 'USD' },
      { ok: true, transactionId: items[2]!.transactionId, balance: '54.00', currency: 'USD' },
      { ok: true, transactionId: items[3]!.transactionId, balance: '53.50', currency: 'USD' },
    ]);
    expect(await roundOf(aliceBets[0]!.roundId)).toEqual({ status: 'SETTLED', bet: 200n, win: 1_000n, valid: 200n });
    expect(await roundOf(aliceBets[1]!.roundId)).toEqual({ status: 'SETTLED', bet: 300n, win: 0n, valid: 300n });
    expect(settled.slice(before).map((e) => [e.roundId, e.betMinor, e.winMinor])).toEqual([
      [aliceBets[0]!.roundId, 200n, 1_000n],
      [aliceBets[1]!.roundId, 300n, 0n],
      [aliceBets[2]!.roundId, 100n, 0n],
      [bobBet.roundId, 400n, 750n],
    ]);

    // The same batch again (a timeout on the vendor's side): every item its first answer, nothing moves.
    const again = await batch(items);
    expect(again).toEqual(first.map((answer) => ({ ...answer, duplicate: true })));
    expect((await transfersOf(alice.id)).filter((t) => t.code === 'WIN')).toEqual([
      { code: 'WIN', amount: 1_000n, key: items[0]!.transactionId },
    ]);
    expect(await balanceOf(alice.launched)).toBe('54.00');
    expect(await balanceOf(bob.launched)).toBe('53.50');
    expect(settled.length).toBe(before + 4);
  });

  it('should apply each item once when the same batch and the same items as single calls arrive at once', async () => {
    const alice = await player('50.00');
    const bob = await player('50.00');
    const bets = [debit(alice, '2.00'), debit(bob, '3.00'), debit(alice, '4.00'), debit(bob, '1.00')];
    for (const bet of bets) await vendor.ok('debit', bet);
    const items = [
      win(alice, bets[0]!, '10.00', { endRound: true }),
      endRound(bob, bets[1]!.roundId),
      win(alice, bets[2]!, '6.00', { endRound: true }),
      endRound(bob, bets[3]!.roundId),
    ];
    const before = settled.length;
    const [first, second, ...singles] = await Promise.all([
      batch(items),
      batch(items),
      vendor.call(
        'credit',
        credit(alice, bets[0]!, '10.00', { endRound: true, transactionId: items[0]!.transactionId }),
      ),
      vendor.call('endRound', { ...items[1]!, op: undefined }),
    ]);
    // Both batches answer alike (the balance after each win, applied once), whoever applied an item first.
    for (const answers of [first!, second!]) {
      expect(answers.map((a) => (a.ok ? a.balance : a.code))).toEqual(['54.00', '46.00', '60.00', '46.00']);
    }
    for (const res of singles) expect(res.statusCode, res.body).toBe(200);
    expect((await transfersOf(alice.id)).filter((t) => t.code === 'WIN').map((t) => t.amount)).toEqual([1_000n, 600n]);
    expect((await transfersOf(bob.id)).filter((t) => t.code === 'WIN')).toEqual([]);
    expect(await balanceOf(alice.launched)).toBe('60.00');
    expect(await balanceOf(bob.launched)).toBe('46.00');
    for (const bet of bets) expect((await roundOf(bet.roundId))?.status).toBe('SETTLED');
    expect(settled.length).toBe(before + 4);
  });

  it('should answer an item a single call applied earlier with its first answer, and a reused id as a conflict', async () => {
    const alice = await player('20.00');
    const [one, two, three] = [debit(alice, '2.00'), debit(alice, '2.00'), debit(alice, '2.00')];
    for (const bet of [one, two, three]) await vendor.ok('debit', bet);
    const single = credit(alice, one, '5.00', { endRound: true });
    expect(await vendor.ok('credit', single)).toMatchObject({ balance: '19.00' });
    const results = await batch([
      { op: 'credit', ...single },
      // The id of the first win with another amount: refused, and nothing else of the batch is held back.
      win(alice, two, '9.00', { endRound: true, transactionId: single.transactionId }),
      win(alice, three, '3.00', { endRound: true }),
    ]);
    expect(results.map((r) => (r.ok ? { balance: r.balance, duplicate: r.duplicate } : r.code))).toEqual([
      { balance: '19.00', duplicate: true },
      'TRANSACTION_CONFLICT',
      { balance: '22.00', duplicate: undefined },
    ]);
    expect((await roundOf(two.roundId))?.status).toBe('OPEN');
    // A single call that repeats a batch item gets the batch's answer.
    const third = results[2]!;
    expect(
      await vendor.ok('credit', credit(alice, three, '3.00', { endRound: true, transactionId: third.transactionId })),
    ).toMatchObject({ balance: '22.00', duplicate: true });
  });

  it("should answer a bad item's own error and apply the others", async () => {
    const alice = await player('20.00');
    const bob = await player('20.00');
    const bet = debit(alice, '2.00');
    const rolled = debit(alice, '2.00');
    await vendor.ok('debit', bet);
    await vendor.ok('debit', rolled);
    await vendor.ok('rollback', {
      ...alice.session,
      transactionId: vendorId('rb'),
      betTransactionId: rolled.transactionId,
      roundId: rolled.roundId,
    });
    const good = win(alice, bet, '6.00', { endRound: true });
    const results = await batch([
      win(alice, { transactionId: vendorId('nobet'), roundId: bet.roundId }, '1.00', { endRound: true }),
      { op: 'credit', transactionId: 'no amount', roundId: bet.roundId },
      { ...win(alice, bet, '1.00', { endRound: true }), sessionToken: 'x'.repeat(43) },
      { ...win(alice, bet, '1.00', { endRound: true }), playerId: bob.session.playerId },
      win(alice, rolled, '1.00', { endRound: true }),
      endRound(bob, bet.roundId),
      good,
    ]);
    expect(results.map((r) => (r.ok ? r.balance : r.code))).toEqual([
      'BET_NOT_FOUND',
      'VALIDATION_FAILED',
      'SESSION_INVALID',
      'PLAYER_MISMATCH',
      'BET_ROLLED_BACK',
      'BET_NOT_FOUND',
      '24.00',
    ]);
    expect(results[0]).toMatchObject({ ok: false, message: expect.any(String), transactionId: expect.any(String) });
    // Refused items leave no claim: the same id with a good request is applied later.
    const retried = win(alice, bet, '0.00', { transactionId: (results[0] as { transactionId: string }).transactionId });
    expect((await batch([retried]))[0]).toMatchObject({ ok: true, balance: '24.00' });
    expect((await transfersOf(alice.id)).filter((t) => t.code === 'WIN').map((t) => t.amount)).toEqual([600n]);
  });

  it('should refuse a batch whole without a valid signature, and one of too many items with its own code', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '2.00');
    await vendor.ok('debit', bet);
    const items = [win(alice, bet, '5.00', { endRound: true })];
    await vendor.refused('batch', { items }, 'SIGNATURE_INVALID', 401, { signature: 'f'.repeat(64) });
    await vendor.refused('batch', { items }, 'SIGNATURE_INVALID', 401, {
      secret: 'another-secret-of-at-least-32-chars!!',
    });
    await vendor.refused('batch', { items }, 'TIMESTAMP_STALE', 401, { timestampMs: clock.now() - 10 * 60_000 });
    await vendor.refused('batch', { items: [] }, 'VALIDATION_FAILED', 400);
    await vendor.refused('batch', items, 'VALIDATION_FAILED', 400);
    const many = Array.from({ length: SEAMLESS_BATCH_MAX_ITEMS + 1 }, () => items[0]);
    const refusal = await vendor.refused('batch', { items: many }, 'BATCH_TOO_LARGE', 413);
    expect(refusal.message).toContain(String(SEAMLESS_BATCH_MAX_ITEMS));
    expect(await balanceOf(alice.launched)).toBe('18.00');
    expect((await roundOf(bet.roundId))?.status).toBe('OPEN');
  });

  it('should settle items the set does not take one by one: a round named twice, a win that leaves its round open', async () => {
    const alice = await player('50.00', 'rgs-mines');
    const roundId = vendorId('mines');
    const first = { ...debit(alice, '2.00', roundId), gameCode: 'rgs-mines' };
    const second = { ...debit(alice, '3.00', roundId), gameCode: 'rgs-mines' };
    const spin = { ...debit(alice, '1.00'), gameCode: 'rgs-mines' };
    for (const bet of [first, second, spin]) await vendor.ok('debit', bet);
    const results = await batch([
      win(alice, first, '4.00'),
      endRound(alice, roundId),
      win(alice, spin, '2.00', { endRound: false }),
    ]);
    expect(results.map((r) => (r.ok ? r.balance : r.code))).toEqual(['48.00', '48.00', '50.00']);
    expect(await roundOf(roundId)).toEqual({ status: 'SETTLED', bet: 500n, win: 400n, valid: 500n });
    expect((await roundOf(spin.roundId))?.status).toBe('OPEN');
  });

  it("should split a win of a bet paid partly by bonus in the stake's proportion, as the single credit does", async () => {
    const merchant = (await getDb().query<{ id: number }>("SELECT id FROM merchants WHERE code = 'demo'")).rows[0]!.id;
    const alice = await player('5.00');
    const bob = await player('10.00');
    await app().bonusWallet.grant(merchant, alice.id, `batch-${alice.id}`, {
      amountMinor: 2_000n,
      turnoverBase: 'BONUS',
      turnoverMultiple: 2,
      expiresAt: new Date(clock.now() + 86_400_000),
    });
    const bet = debit(alice, '8.00');
    const plain = debit(bob, '1.00');
    await vendor.ok('debit', bet);
    await vendor.ok('debit', plain);
    const results = await batch([
      win(alice, bet, '16.00', { endRound: true }),
      win(bob, plain, '2.00', { endRound: true }),
    ]);
    expect(results.map((r) => (r.ok ? r.balance : r.code))).toEqual(['33.00', '11.00']);
    // 5.00 cash and 3.00 bonus staked: 10.00 back to cash, 6.00 to bonus.
    const { rows } = await getDb().query<{ purpose: string; balance: bigint }>(
      `SELECT purpose, balance_minor AS balance FROM ledger_accounts
       WHERE owner_kind = 'MEMBER' AND owner_id = $1 AND purpose IN ('CASH', 'BONUS') AND shard = 0 ORDER BY purpose`,
      [alice.id],
    );
    expect(rows).toEqual([
      { purpose: 'BONUS', balance: 2_300n },
      { purpose: 'CASH', balance: 1_000n },
    ]);
  });
});
