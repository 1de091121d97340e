import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { ContractType, TierValue } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { describeEachDatabase } from '../../../test/databases';
import { freshMerchant } from '../../../test/ledger-helpers';
import { defaultPolicy } from './agent-contract.types';
import { addMember } from './agent-contract.test-support';
import { orderedTiersArb, under } from './tiers.test-support';
import { dividendDeductions, settleWindow, type WindowAgent } from './settle';
import { countWindowRows } from './settlement.count';
import { windowAt } from './windows';

/**
 * The one-statement count (settlement.count.ts) over random trees, tier tables and team play, on both databases: it
 * writes exactly the rows of the pure model (settle.ts), and so the payouts of a window sum to the top agent's rate ×
 * the top team's base, none negative, a child's rate never above its parent's (issue 19 "Done when"). Dividends deduct
 * the team's bonuses and rebates when the drawn policy says so (ADR 0049).
 */

const tiersArb = orderedTiersArb({ maxBetMinor: 60_000n, maxActiveMembers: 4, maxTiers: 3 });

const scenarioArb = fc.record({
  parents: fc.array(fc.nat(), { minLength: 1, maxLength: 9 }),
  holds: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
  tiers: fc.array(tiersArb, { minLength: 10, maxLength: 10 }),
  /** Each member's own play on the day (members lose: profit ≤ 0) and the promotion cash it received (ADR 0049). */
  play: fc.array(
    fc.record({
      validBet: fc.bigInt({ min: 0n, max: 30_000n }),
      profit: fc.bigInt({ min: -30_000n, max: 0n }),
      bonus: fc.bigInt({ min: 0n, max: 12_000n }),
      rebate: fc.bigInt({ min: 0n, max: 6_000n }),
    }),
    {
      minLength: 10,
      maxLength: 10,
    },
  ),
  type: fc.constantFrom<ContractType>('DAILY_SALARY', 'DIVIDEND'),
  minActiveMembers: fc.nat(3),
  /** The dividend policy's deductions of promotion cash. */
  bonuses: fc.boolean(),
  rebates: fc.boolean(),
});

const TZ = 'Asia/Manila';
let merchants = 0;
/** A merchant of its own per run (freshMerchant migrates first: done once, in beforeAll). */
const newMerchant = async (db: Database): Promise<number> => {
  merchants += 1;
  const code = `count-${process.pid}-${merchants}-${Math.floor(Math.random() * 1e6)}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO merchants (code, name, default_language, currency_code, logo_url, main_domain, lottery_type,
       esport_game, cockfight_game, timezone)
     VALUES ($1, $1, 'EN', 'USD', '/logo.png', $1 || '.test', 'x', 'x', 'x', $2) RETURNING id`,
    [code, TZ],
  );
  return rows[0]!.id;
};
const DAY = '2026-03-10';

describeEachDatabase('agent contract window count (property)', (getDb) => {
  beforeAll(async () => {
    await freshMerchant(getDb());
  });

  it('should write the model differential for every holder, summing to the top agent rate times the top team base', async () => {
    const db = getDb();
    const window = windowAt({ type: 'DAILY_SALARY', period: null }, TZ, new Date(Date.parse(`${DAY}T06:00:00Z`)));
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { parents, holds, tiers, play, type, minActiveMembers, bonuses, rebates } = scenario;
        const merchantId = await newMerchant(db);
        const n = parents.length + 1;
        const up = (i: number): number | null => (i === 0 ? null : parents[i - 1]! % i);
        const ids: bigint[] = [];
        for (let i = 0; i < n; i += 1) {
          const parent = up(i);
          ids.push((await addMember(db, merchantId, parent === null ? null : ids[parent]!, 1)).id);
        }
        // Contracts: member 0 and the members drawn hold one, each under its nearest holding upline's.
        const holding = new Map<number, TierValue[]>();
        const nearest = (i: number) => {
          let at = up(i);
          while (at !== null && !holding.has(at)) at = up(at);
          return at;
        };
        for (let i = 0; i < n; i += 1) {
          if (i !== 0 && !holds[i]) continue;
          const parent = nearest(i);
          holding.set(i, parent === null ? tiers[i]! : under(tiers[i]!, holding.get(parent)!));
        }
        for (const [i, t] of holding) {
          await db.query(
            `INSERT INTO agent_contracts (merchant_id, type, version, holder_id, status, tiers, offered_at, accepted_at)
             VALUES ($1, $2, 1, $3, 'ACTIVE', $4::jsonb, $5, $5)`,
            [
              merchantId,
              type,
              ids[i],
              JSON.stringify(t.map((x) => ({ ...x, minValidBetMinor: x.minValidBetMinor.toString() }))),
              new Date(window.start.getTime() - 86_400_000),
            ],
          );
        }
        // The day's team rollups, as agent-team keeps them: each member's team is itself and everyone below.
        const inTeam = (agent: number, member: number) => {
          for (let at: number | null = member; at !== null; at = up(at)) if (at === agent) return true;
          return false;
        };
        const teams = Array.from({ length: n }, (_, i) => {
          const team = play.slice(0, n).filter((_, m) => inTeam(i, m));
          return {
            validBet: team.reduce((s, p) => s + p.validBet, 0n),
            profit: team.reduce((s, p) => s + p.profit, 0n),
            active: team.filter((p) => p.validBet > 0n).length,
            bonus: team.reduce((s, p) => s + p.bonus, 0n),
            rebate: team.reduce((s, p) => s + p.rebate, 0n),
          };
        });
        for (const [i, t] of teams.entries()) {
          await db.query(
            `INSERT INTO agent_team_days (merchant_id, agent_id, business_day, valid_bet_minor, profit_minor, active_members,
               bonus_minor, rebate_minor)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [merchantId, ids[i], window.firstDay, t.validBet, t.profit, t.active, t.bonus, t.rebate],
          );
        }
        const deductions = { bonuses, rebates, salaries: false, feeBps: 0 };
        const policy = {
          ...defaultPolicy(type),
          enabled: true,
          minActiveMembers,
          deductions: type === 'DIVIDEND' ? deductions : null,
        };
        const counted = await db.transaction((tx) => countWindowRows(tx, merchantId, policy, window, new Date()));

        const agents: WindowAgent[] = [...holding].map(([i, t]) => {
          const parent = nearest(i);
          return {
            agentId: ids[i]!,
            parentId: parent === null ? null : ids[parent]!,
            contractId: 0n,
            tiers: t,
            validBetMinor: teams[i]!.validBet,
            profitMinor: teams[i]!.profit,
            activeMembers: teams[i]!.active,
            deductionsMinor:
              type === 'DIVIDEND'
                ? dividendDeductions(deductions, {
                    profitMinor: teams[i]!.profit,
                    bonusMinor: teams[i]!.bonus,
                    rebateMinor: teams[i]!.rebate,
                    salariesMinor: 0n,
                  })
                : 0n,
            correctionMinor: 0n,
            carriedInMinor: 0n,
            accruedInMinor: 0n,
          };
        });
        const model = settleWindow(type, agents, {
          minActiveMembers,
          carryForward: policy.carryForward !== null && policy.carryForward !== 'NONE',
        });
        const { rows } = await db.query<{
          agent_id: string;
          parent: string | null;
          deductions: string;
          base: string;
          rate: number;
          gross: string;
          downline: string;
          net: string;
          carry: string;
          status: string;
        }>(
          `SELECT agent_id::text, parent_agent_id::text AS parent, deductions_minor::text AS deductions,
             team_base_minor::text AS base, rate_bps AS rate,
             gross_minor::text AS gross, downline_minor::text AS downline, net_minor::text AS net,
             carry_out_minor::text AS carry, status
           FROM agent_contract_windows w WHERE merchant_id = $1 ORDER BY w.agent_id`,
          [merchantId],
        );
        expect(counted).toBe(holding.size);
        const expected = [...model]
          .sort((a, b) => (a.agentId < b.agentId ? -1 : 1))
          .map((r) => ({
            agent_id: r.agentId.toString(),
            parent: r.parentId?.toString() ?? null,
            deductions: r.deductionsMinor.toString(),
            base: r.teamBaseMinor.toString(),
            rate: r.rateBps,
            gross: r.grossMinor.toString(),
            downline: r.downlineMinor.toString(),
            net: r.netMinor.toString(),
            carry: r.carryOutMinor.toString(),
            status: r.status,
          }));
        expect(rows).toEqual(expected);
        // What the window pays in all: the top agent's rate × its team's base (none negative), whenever no team's base
        // can fall below its children's: each member's own deductions fit in its own loss (ADR 0049).
        const top = model.find((r) => r.parentId === null)!;
        const total = rows.reduce((s, r) => s + BigInt(r.net), 0n);
        const owned = (p: (typeof play)[number]) => (bonuses ? p.bonus : 0n) + (rebates ? p.rebate : 0n);
        if (type !== 'DIVIDEND' || play.slice(0, n).every((p) => owned(p) <= -p.profit)) {
          expect(total).toBe(top.teamBaseMinor > 0n ? (top.teamBaseMinor * BigInt(top.rateBps)) / 10_000n : 0n);
        }
        for (const r of rows) expect(BigInt(r.net) >= 0n).toBe(true);
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
