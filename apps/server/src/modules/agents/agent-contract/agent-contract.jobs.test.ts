import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openSecondPool } from '../../../test/databases';
import { expectSoundLedger, freshMerchant } from '../../../test/ledger-helpers';
import { addMember, flat, paidTo, pipeline, playRound, setPolicy, wireTiers } from './agent-contract.test-support';
import { zonedInstant } from './windows';

/**
 * Settlement jobs on both databases (issue 19 "Done when"): a window pays once whether it is run twice, by two
 * processes at once, or again after a crash between counting and paying; a late round lands in the next window; a
 * semimonthly window ends on the month's last day in the merchant's time zone (Asia/Manila, UTC+8).
 */
const TZ = 'Asia/Manila';
const HOUR_MS = 3_600_000;
const at = (day: string, hour = 0) => zonedInstant(TZ, day, hour).getTime();

describeEachDatabase('agent contract settlement jobs', (getDb) => {
  let merchantId: number;
  let tree: { a: bigint; b: bigint; c: bigint; p: bigint; q: bigint };

  beforeAll(async () => {
    const db = getDb();
    merchantId = await freshMerchant(db);
    await db.query('UPDATE merchants SET timezone = $2 WHERE id = $1', [merchantId, TZ]);
    for (const type of ['DAILY_SALARY', 'REALTIME_SALARY'] as const) await setPolicy(db, merchantId, type);
    await setPolicy(db, merchantId, 'DIVIDEND', { period: 'SEMIMONTHLY', carryForward: 'CARRY' });
    // A ← B ← C agents; P plays under C, Q under B.
    const a = await addMember(db, merchantId, null, 1);
    const b = await addMember(db, merchantId, a.id, 1);
    const c = await addMember(db, merchantId, b.id, 1);
    const p = await addMember(db, merchantId, c.id, 0);
    const q = await addMember(db, merchantId, b.id, 0);
    tree = { a: a.id, b: b.id, c: c.id, p: p.id, q: q.id };
    // Contracts accepted on 2026-02-10, in force from the next window: A 2 %, B 1.5 %, C 1 % (and dividends 40/30/20 %).
    const { module } = pipeline(db, at('2026-02-10', 9));
    const merchant = { id: merchantId, currencyScale: 2 };
    for (const [type, rates] of [
      ['DAILY_SALARY', [200, 150, 100]],
      ['REALTIME_SALARY', [200, 150, 100]],
      ['DIVIDEND', [4_000, 3_000, 2_000]],
    ] as const) {
      const top = await module.contracts.offer(
        merchant,
        { kind: 'staff', name: 'ops' },
        {
          username: a.username,
          type,
          tiers: wireTiers(flat(rates[0])),
        },
      );
      await module.contracts.accept(merchantId, a.id, top.id, null);
      const mid = await module.contracts.offer(
        merchant,
        { kind: 'agent', id: a.id },
        {
          username: b.username,
          type,
          tiers: wireTiers(flat(rates[1])),
        },
      );
      await module.contracts.accept(merchantId, b.id, mid.id, null);
      const low = await module.contracts.offer(
        merchant,
        { kind: 'agent', id: b.id },
        {
          username: c.username,
          type,
          tiers: wireTiers(flat(rates[2])),
        },
      );
      await module.contracts.accept(merchantId, c.id, low.id, null);
    }
  });

  it('should pay each agent its differential once for a day, however often the job runs', async () => {
    const db = getDb();
    const { module, rollUp } = pipeline(db, at('2026-02-12', 2));
    await playRound(db, merchantId, tree.p, 100_000n, 0n, at('2026-02-11', 10));
    await playRound(db, merchantId, tree.q, 50_000n, 20_000n, at('2026-02-11', 15));
    await rollUp();
    const now = new Date(at('2026-02-12', 2));
    await module.settlement.run('DAILY_SALARY', now);
    await module.settlement.run('DAILY_SALARY', now);
    // Team bases: C 1,000.00; B 1,500.00; A 1,500.00. C 1 % = 10.00; B 1.5 % × 1,500 − 10 = 12.50; A 2 % × 1,500 − 22.50.
    expect(await paidTo(db, merchantId, tree.c)).toEqual({ total: 1_000n, count: 1 });
    expect(await paidTo(db, merchantId, tree.b)).toEqual({ total: 1_250n, count: 1 });
    expect(await paidTo(db, merchantId, tree.a)).toEqual({ total: 750n, count: 1 });
    await expectSoundLedger(db, merchantId);
  });

  it('should count a late round of a closed day in the next day, and pay that day once across two processes', async () => {
    const db = getDb();
    // A round settled on the 11th that arrives after the 11th was paid: its day's figures change, the 12th corrects.
    await playRound(db, merchantId, tree.p, 20_000n, 0n, at('2026-02-11', 23));
    await playRound(db, merchantId, tree.p, 10_000n, 0n, at('2026-02-12', 12));
    const one = pipeline(db, at('2026-02-13', 2));
    await one.rollUp();
    const second = db.kind === 'postgres' ? await openSecondPool(db) : db;
    try {
      const two = pipeline(second, at('2026-02-13', 2));
      const now = new Date(at('2026-02-13', 2));
      await Promise.all([
        one.module.settlement.run('DAILY_SALARY', now),
        two.module.settlement.run('DAILY_SALARY', now),
      ]);
    } finally {
      if (second !== db) await second.close();
    }
    const { rows } = await db.query<{ correction: string; base: string }>(
      `SELECT correction_minor::text AS correction, team_base_minor::text AS base FROM agent_contract_windows
       WHERE merchant_id = $1 AND agent_id = $2 AND type = 'DAILY_SALARY' AND first_day = '2026-02-12'`,
      [merchantId, tree.c],
    );
    expect(rows).toEqual([{ correction: '20000', base: '30000' }]);
    // C: 10.00 on the 11th, then 1 % of 300.00 on the 12th: once, whichever process paid it.
    expect(await paidTo(db, merchantId, tree.c)).toEqual({ total: 1_000n + 300n, count: 2 });
    await expectSoundLedger(db, merchantId);
  });

  it('should pay a window once after a crash between counting and paying, and after a crash right after paying', async () => {
    const db = getDb();
    await playRound(db, merchantId, tree.p, 40_000n, 0n, at('2026-02-13', 8));
    const now = new Date(at('2026-02-14', 2));
    const crashing = pipeline(db, now.getTime(), {
      payMany: async () => {
        throw new Error('process died');
      },
    });
    await crashing.rollUp();
    await expect(crashing.module.settlement.run('DAILY_SALARY', now)).rejects.toThrow('process died');
    const before = await paidTo(db, merchantId, tree.c);
    // Paid, then the process dies before marking the window paid: the next run replays the same transfer.
    let crashes = 1;
    const afterPost = pipeline(db, now.getTime(), {
      faults: {
        afterPost: () => {
          if (crashes > 0) {
            crashes -= 1;
            throw new Error('process died after paying');
          }
        },
      },
    });
    await expect(afterPost.module.settlement.run('DAILY_SALARY', now)).rejects.toThrow('process died after paying');
    await afterPost.module.settlement.run('DAILY_SALARY', now);
    await afterPost.module.settlement.run('DAILY_SALARY', new Date(now.getTime() + HOUR_MS));
    expect(await paidTo(db, merchantId, tree.c)).toEqual({ total: before.total + 400n, count: before.count + 1 });
    const { rows } = await db.query<{ status: string }>(
      `SELECT DISTINCT status FROM agent_contract_windows WHERE merchant_id = $1 AND type = 'DAILY_SALARY'
         AND first_day = '2026-02-13'`,
      [merchantId],
    );
    expect(rows).toEqual([{ status: 'PAID' }]);
    await expectSoundLedger(db, merchantId);
  });

  it('should count a round that arrives after its 5-minute window was counted in the next window', async () => {
    const db = getDb();
    const { module, rollUp } = pipeline(db, at('2026-02-14', 12));
    const windowStart = at('2026-02-14', 12);
    await playRound(db, merchantId, tree.p, 10_000n, 0n, windowStart + 60_000);
    await rollUp();
    await module.settlement.run('REALTIME_SALARY', new Date(windowStart + 6 * 60_000));
    // Settled at 12:04 but taken in after the 12:00 window was counted: it lands in 12:05.
    await playRound(db, merchantId, tree.p, 5_000n, 0n, windowStart + 4 * 60_000);
    await rollUp();
    await module.settlement.run('REALTIME_SALARY', new Date(windowStart + 11 * 60_000));
    const { rows } = await db.query<{ start: Date; bet: string }>(
      `SELECT window_start AS start, team_valid_bet_minor::text AS bet FROM agent_contract_windows
       WHERE merchant_id = $1 AND agent_id = $2 AND type = 'REALTIME_SALARY' ORDER BY window_start`,
      [merchantId, tree.c],
    );
    expect(rows.map((r) => [new Date(r.start).getTime() - windowStart, r.bet])).toEqual([
      [0, '10000'],
      [5 * 60_000, '5000'],
    ]);
  });

  it('should settle the second half of February from the 16th to the 28th in Manila, with losses carried forward', async () => {
    const db = getDb();
    const { module, rollUp } = pipeline(db, at('2026-03-01', 2));
    await playRound(db, merchantId, tree.q, 100_000n, 0n, at('2026-02-28', 23));
    await playRound(db, merchantId, tree.p, 10_000n, 50_000n, at('2026-02-16', 1));
    await rollUp();
    await module.settlement.run('DIVIDEND', new Date(at('2026-03-01', 2)));
    const { rows } = await db.query<{ first: string; last: string; start: Date; end: Date }>(
      `SELECT to_char(first_day, 'YYYY-MM-DD') AS first, to_char(last_day, 'YYYY-MM-DD') AS last,
         window_start AS start, window_end AS "end"
       FROM agent_contract_runs WHERE merchant_id = $1 AND type = 'DIVIDEND'`,
      [merchantId],
    );
    expect(
      rows.map((r) => ({ ...r, start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() })),
    ).toEqual([
      { first: '2026-02-16', last: '2026-02-28', start: '2026-02-15T16:00:00.000Z', end: '2026-02-28T16:00:00.000Z' },
    ]);
    const windows = await db.query<{ agent: string; base: string; carry: string; status: string }>(
      `SELECT agent_id::text AS agent, team_base_minor::text AS base, carry_out_minor::text AS carry, status
       FROM agent_contract_windows WHERE merchant_id = $1 AND type = 'DIVIDEND' ORDER BY agent_id`,
      [merchantId],
    );
    // C's team (P) won 400.00: a negative base carried forward; B's team lost 1,000 − 400 = 600.00 net.
    expect(windows.rows).toEqual([
      { agent: tree.a.toString(), base: '60000', carry: '0', status: 'PAID' },
      { agent: tree.b.toString(), base: '60000', carry: '0', status: 'PAID' },
      { agent: tree.c.toString(), base: '-40000', carry: '-40000', status: 'CARRIED' },
    ]);
    // B: 30 % × 600.00 = 180.00 (C's share is 0); A: 40 % × 600.00 − 180.00 = 60.00.
    const dividends = await db.query<{ total: string }>(
      `SELECT coalesce(sum(net_minor), 0)::text AS total FROM agent_contract_windows
       WHERE merchant_id = $1 AND type = 'DIVIDEND' AND status = 'PAID'`,
      [merchantId],
    );
    expect(dividends.rows[0]!.total).toBe('24000');
  });
});
