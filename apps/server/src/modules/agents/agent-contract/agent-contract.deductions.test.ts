import { beforeAll, expect, it } from 'vitest';
import type { TierValue } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { createEventBus } from '../../../lib/event-bus';
import { describeEachDatabase } from '../../../test/databases';
import { expectSoundLedger, freshMerchant } from '../../../test/ledger-helpers';
import { createBonusWalletModule } from '../../engagement/bonus-wallet';
import { createRewardsModule } from '../../engagement/rewards';
import { defaultPolicy } from './agent-contract.types';
import { addMember, flat, paidTo, pipeline, playRound, setPolicy, wireTiers } from './agent-contract.test-support';
import { countWindowRows } from './settlement.count';
import { windowAt, zonedInstant } from './windows';

/**
 * Dividend deductions of the team's promotion cash (ADR 0049): a rebate claimed in cash and a bonus converted to cash
 * by a member under an agent are taken into the agent's team days from the ledger, and the dividend deducts exactly
 * them when the policy's bonuses and rebates are on, nothing when they are off; and the worked example of
 * domain-rules §3.4 counted by the settlement statement.
 */
const TZ = 'Asia/Manila';
const DAY_MS = 86_400_000;

const newMerchant = async (db: Database): Promise<number> => {
  const merchantId = await freshMerchant(db);
  await db.query('UPDATE merchants SET timezone = $2 WHERE id = $1', [merchantId, TZ]);
  return merchantId;
};

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describeEachDatabase('agent contract dividend deductions', (getDb) => {
  beforeAll(async () => {
    await freshMerchant(getDb());
  });

  /**
   * Agent A (dividend 40 %) with members M and N: M loses 1,000.00 today, claims a 12.00 rebate in cash and converts a
   * 30.00 bonus; N holds a 50.00 bonus still being wagered (not cash: not deducted). The ledger stamps its transfers
   * with the database's time, so the window is today's business day in Manila, counted tomorrow by the test clock.
   */
  const scenario = async (deduct: boolean) => {
    const db = getDb();
    const merchantId = await newMerchant(db);
    const { rows } = await db.query<{ day: string }>(`SELECT (now() AT TIME ZONE $1)::date::text AS day`, [TZ]);
    const today = rows[0]!.day;
    await setPolicy(db, merchantId, 'DIVIDEND', {
      period: 'DAILY',
      deductions: { bonuses: deduct, rebates: deduct, salaries: false, feeBps: 0 },
    });
    const a = await addMember(db, merchantId, null, 1);
    const m = await addMember(db, merchantId, a.id, 0);
    const n = await addMember(db, merchantId, a.id, 0);

    const setup = pipeline(db, zonedInstant(TZ, plusDays(today, -2), 9).getTime());
    const merchant = { id: merchantId, currencyScale: 2 };
    const offered = await setup.module.contracts.offer(
      merchant,
      { kind: 'staff', name: 'ops' },
      { username: a.username, type: 'DIVIDEND', tiers: wireTiers(flat(4_000)) },
    );
    await setup.module.contracts.accept(merchantId, a.id, offered.id, null);

    const { clock, module, rollUp, wallet, merchants } = pipeline(db, zonedInstant(TZ, today, 10).getTime());
    const bus = createEventBus(() => undefined);
    const bonus = createBonusWalletModule({ db, wallet: wallet.service, merchants, bus, now: clock.now }).service;
    const rewards = createRewardsModule({ db, wallet: wallet.service, bonus, now: clock.now }).service;
    const full = (await merchants.byId(merchantId))!;
    await playRound(db, merchantId, m.id, 100_000n, 0n, zonedInstant(TZ, today, 10).getTime());
    const rebate = await rewards.offer(merchantId, {
      memberId: m.id,
      kind: 'REBATE',
      key: `rebate:${today}:${m.id}`,
      amountMinor: 1_200n,
      period: today,
      expiresAt: new Date(clock.now() + DAY_MS),
    });
    await rewards.claim(full, m.id, rebate.reward.id);
    const expiresAt = new Date(clock.now() + 7 * DAY_MS);
    const grant = await bonus.grant(merchantId, m.id, `test-bonus:${m.id}`, {
      amountMinor: 3_000n,
      turnoverBase: 'BONUS',
      turnoverMultiple: 0,
      expiresAt,
    });
    expect((await bonus.convert(merchantId, grant.id))?.status).toBe('CONVERTED');
    await bonus.grant(merchantId, n.id, `test-bonus:${n.id}`, {
      amountMinor: 5_000n,
      turnoverBase: 'BONUS',
      turnoverMultiple: 1,
      expiresAt,
    });
    await rollUp();

    const facts = await db.query<{ day: string; bonus: string; rebate: string; profit: string }>(
      `SELECT business_day::text AS day, bonus_minor::text AS bonus, rebate_minor::text AS rebate,
         profit_minor::text AS profit
       FROM agent_team_day_facts WHERE merchant_id = $1 AND agent_id = $2 ORDER BY business_day`,
      [merchantId, a.id],
    );
    expect(facts.rows).toEqual([{ day: today, bonus: '3000', rebate: '1200', profit: '-100000' }]);

    const now = new Date(zonedInstant(TZ, plusDays(today, 1), 2).getTime());
    clock.set(now.getTime());
    await module.settlement.run('DIVIDEND', now);
    const windows = await db.query<{ first: string; deductions: string; base: string; net: string; status: string }>(
      `SELECT first_day::text AS first, deductions_minor::text AS deductions, team_base_minor::text AS base,
         net_minor::text AS net, status
       FROM agent_contract_windows WHERE merchant_id = $1 AND agent_id = $2 AND type = 'DIVIDEND'`,
      [merchantId, a.id],
    );
    await expectSoundLedger(db, merchantId);
    return { windows: windows.rows, paid: await paidTo(db, merchantId, a.id), today };
  };

  it('should deduct exactly the rebate claimed and the bonus converted when both deductions are on', async () => {
    const { windows, paid, today } = await scenario(true);
    // 1,000.00 lost − 30.00 bonus − 12.00 rebate = 958.00; 40 % = 383.20.
    expect(windows).toEqual([{ first: today, deductions: '4200', base: '95800', net: '38320', status: 'PAID' }]);
    expect(paid).toEqual({ total: 38_320n, count: 1 });
  });

  it('should deduct nothing when the deductions are off', async () => {
    const { windows, paid, today } = await scenario(false);
    expect(windows).toEqual([{ first: today, deductions: '0', base: '100000', net: '40000', status: 'PAID' }]);
    expect(paid).toEqual({ total: 40_000n, count: 1 });
  });

  it('should correct promotion cash taken in after its day was counted in the next window, as for late play', async () => {
    const db = getDb();
    const merchantId = await newMerchant(db);
    const a = await addMember(db, merchantId, null, 1);
    const first = windowAt({ type: 'DIVIDEND', period: 'DAILY' }, TZ, zonedInstant(TZ, '2026-05-10', 12));
    const second = windowAt({ type: 'DIVIDEND', period: 'DAILY' }, TZ, zonedInstant(TZ, '2026-05-11', 12));
    await db.query(
      `INSERT INTO agent_contracts (merchant_id, type, version, holder_id, status, tiers, offered_at, accepted_at)
       VALUES ($1, 'DIVIDEND', 1, $2, 'ACTIVE', $3::jsonb, $4, $4)`,
      [
        merchantId,
        a.id,
        JSON.stringify(flat(1_000).map((t) => ({ ...t, minValidBetMinor: '0' }))),
        new Date(first.start.getTime() - 2 * DAY_MS),
      ],
    );
    const day = (business: string, profit: number, bonus: number, rebate: number) =>
      db.query(
        `INSERT INTO agent_team_days (merchant_id, agent_id, business_day, valid_bet_minor, profit_minor, active_members,
           bonus_minor, rebate_minor)
         VALUES ($1, $2, $3, 1000, $4, 1, $5, $6)
         ON CONFLICT (merchant_id, agent_id, business_day) DO UPDATE SET bonus_minor = excluded.bonus_minor,
           rebate_minor = excluded.rebate_minor`,
        [merchantId, a.id, business, profit, bonus, rebate],
      );
    const policy = {
      ...defaultPolicy('DIVIDEND'),
      enabled: true,
      period: 'DAILY' as const,
      deductions: { bonuses: true, rebates: true, salaries: false, feeBps: 0 },
    };
    const count = (window: typeof first) =>
      db.transaction((tx) => countWindowRows(tx, merchantId, policy, window, new Date()));
    await day(first.firstDay, -50_000, 1_000, 400);
    await count(first);
    // A bonus of 500 and a rebate of 100 on the 10th arrive after the 10th was counted; the 11th corrects them.
    await day(first.firstDay, -50_000, 1_500, 500);
    await day(second.firstDay, -20_000, 0, 0);
    await count(second);
    const { rows } = await db.query(
      `SELECT first_day::text AS day, deductions_minor::text AS deductions, correction_minor::text AS correction,
         team_base_minor::text AS base, team_bonus_minor::text AS bonus, team_rebate_minor::text AS rebate
       FROM agent_contract_windows WHERE merchant_id = $1 ORDER BY first_day`,
      [merchantId],
    );
    expect(rows).toEqual([
      { day: first.firstDay, deductions: '1400', correction: '0', base: '48600', bonus: '1000', rebate: '400' },
      { day: second.firstDay, deductions: '0', correction: '-600', base: '19400', bonus: '0', rebate: '0' },
    ]);
  });

  it('should count the worked example of domain-rules 3.4: base 80,000, A keeps 23,000 and B gets 9,000', async () => {
    const db = getDb();
    const merchantId = await newMerchant(db);
    const a = await addMember(db, merchantId, null, 1);
    const b = await addMember(db, merchantId, a.id, 1);
    const window = windowAt({ type: 'DIVIDEND', period: 'DAILY' }, TZ, zonedInstant(TZ, '2026-04-10', 12));
    const tierA: TierValue[] = [
      { minValidBetMinor: 500_000n, minActiveMembers: 5, rateBps: 2_000 },
      { minValidBetMinor: 2_000_000n, minActiveMembers: 10, rateBps: 3_000 },
      { minValidBetMinor: 5_000_000n, minActiveMembers: 20, rateBps: 4_000 },
    ];
    const tierB: TierValue[] = [{ minValidBetMinor: 2_000_000n, minActiveMembers: 10, rateBps: 3_000 }];
    for (const [holder, tiers] of [
      [a.id, tierA],
      [b.id, tierB],
    ] as const) {
      await db.query(
        `INSERT INTO agent_contracts (merchant_id, type, version, holder_id, status, tiers, offered_at, accepted_at)
         VALUES ($1, 'DIVIDEND', 1, $2, 'ACTIVE', $3::jsonb, $4, $4)`,
        [
          merchantId,
          holder,
          JSON.stringify(tiers.map((t) => ({ ...t, minValidBetMinor: t.minValidBetMinor.toString() }))),
          new Date(window.start.getTime() - 2 * DAY_MS),
        ],
      );
    }
    // A's team: valid bet 6M, 25 active, P&L −150,000, bonuses 30,000, rebates 12,000; B's team lost 30,000 of it.
    await db.query(
      `INSERT INTO agent_team_days (merchant_id, agent_id, business_day, valid_bet_minor, profit_minor, active_members,
         bonus_minor, rebate_minor)
       VALUES ($1, $2, $4, 6000000, -150000, 25, 30000, 12000), ($1, $3, $4, 2000000, -30000, 10, 0, 0)`,
      [merchantId, a.id, b.id, window.firstDay],
    );
    // Salaries of 8,000 counted for A's team in the window; A's last window carried −20,000 forward.
    const row = (type: string, start: Date, day: string, net: number, carry: number, status: string) =>
      db.query(
        `INSERT INTO agent_contract_windows (merchant_id, agent_id, type, window_start, window_end, first_day, last_day,
           contract_id, team_valid_bet_minor, team_profit_minor, active_members, deductions_minor, carried_in_minor,
           correction_minor, team_base_minor, rate_bps, gross_minor, downline_minor, accrued_in_minor, net_minor,
           carry_out_minor, status, settled_at)
         VALUES ($1, $2, $3, $4, $4::timestamptz + interval '1 day', $5, $5, 0, 0, 0, 0, 0, 0, 0, $7, 0, 0, 0, 0, $6, $7,
           $8, $4::timestamptz + interval '1 day')`,
        [merchantId, a.id, type, start, day, net, carry, status],
      );
    await row('DAILY_SALARY', window.start, window.firstDay, 8_000, 0, 'PAID');
    await row(
      'DIVIDEND',
      new Date(window.start.getTime() - DAY_MS),
      plusDays(window.firstDay, -1),
      0,
      -20_000,
      'CARRIED',
    );

    const policy = {
      ...defaultPolicy('DIVIDEND'),
      enabled: true,
      period: 'DAILY' as const,
      carryForward: 'CARRY' as const,
      deductions: { bonuses: true, rebates: true, salaries: true, feeBps: 0 },
    };
    const counted = await db.transaction((tx) => countWindowRows(tx, merchantId, policy, window, new Date()));
    expect(counted).toBe(2);
    const { rows } = await db.query(
      `SELECT agent_id::text AS agent, deductions_minor::text AS deductions, carried_in_minor::text AS carried,
         team_base_minor::text AS base, rate_bps AS rate, gross_minor::text AS gross, downline_minor::text AS downline,
         net_minor::text AS net
       FROM agent_contract_windows WHERE merchant_id = $1 AND type = 'DIVIDEND' AND window_start = $2
       ORDER BY agent_id`,
      [merchantId, window.start],
    );
    expect(rows).toEqual([
      {
        agent: a.id.toString(),
        deductions: '50000',
        carried: '-20000',
        base: '80000',
        rate: 4_000,
        gross: '32000',
        downline: '9000',
        net: '23000',
      },
      {
        agent: b.id.toString(),
        deductions: '0',
        carried: '0',
        base: '30000',
        rate: 3_000,
        gross: '9000',
        downline: '0',
        net: '9000',
      },
    ]);
  });
});
