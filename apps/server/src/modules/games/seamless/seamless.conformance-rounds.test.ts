import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { trialToken } from '../../../test/wallet-helpers';
import { ledgerShardOf } from '../../money/ledger';
import { HOUSE_SHARDS } from './seamless.service';
import { launch, sessionFields, vendorId } from './seamless.test-support';
import { seamlessConformance } from './seamless.conformance-fixture';

/**
 * The seamless wallet's published contract (docs/protocols/seamless-wallet.md): round ends, play money, and calls that
 * arrive together. After every test the ledger audit must find nothing.
 */
describeEachDatabase('seamless wallet conformance: rounds and bursts', (getDb, engine) => {
  const { app, clock, vendor, settled, player, balanceOf, debit, credit, rollback, transfersOf, roundOf } =
    seamlessConformance(getDb);

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
    const token = await trialToken(app(), clock.now);
    const launched = await launch(app(), getDb(), token, 'rgs-dice');
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
