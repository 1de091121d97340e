import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateAt, tiersExceeding, type ContractType, type TierValue } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { checkUnderUpline, endedByAcceptance } from './rules';
import { orderedTiersArb, under } from './tiers.test-support';
import { dividendDeductions, settleWindow, type WindowAgent } from './settle';

/**
 * The differential and the offer rules over random trees, tier tables and rounds (issue 19 "Done when"). Pure: the
 * job tests run the same functions against the databases.
 */

const tiersArb = orderedTiersArb({ maxBetMinor: 100_000n, maxActiveMembers: 6, maxTiers: 4 });

/** A random tree of members: each member's upline an earlier one; some members hold contracts. */
const scenarioArb = fc.record({
  parents: fc.array(fc.nat(), { minLength: 1, maxLength: 14 }),
  holds: fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }),
  tiers: fc.array(tiersArb, { minLength: 14, maxLength: 14 }),
  play: fc.array(
    fc.record({
      member: fc.nat(),
      validBet: fc.bigInt({ min: 0n, max: 40_000n }),
      profit: fc.bigInt({ min: -40_000n, max: 0n }),
      /** Promotion cash the member received (ADR 0049): within its own loss, so no team base falls below its children's. */
      bonusShare: fc.integer({ min: 0, max: 60 }),
      rebateShare: fc.integer({ min: 0, max: 40 }),
    }),
    {
      maxLength: 30,
    },
  ),
  deductions: fc.record({
    bonuses: fc.boolean(),
    rebates: fc.boolean(),
    salaries: fc.constant(false),
    feeBps: fc.constant(0),
  }),
});

type ScenarioInput = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;
type Scenario = { agents: WindowAgent[]; top: bigint };

/** Builds the window's contract holders as the settlement reads them: member 0 holds the top contract. */
const build = ({ parents, holds, tiers, play, deductions }: ScenarioInput, type: ContractType): Scenario => {
  const n = parents.length + 1;
  const up = (i: number): number | null => (i === 0 ? null : parents[i - 1]! % i);
  const holding = new Map<number, TierValue[]>();
  for (let i = 0; i < n; i += 1) {
    if (i !== 0 && !holds[i]) continue;
    let parent = up(i);
    while (parent !== null && !holding.has(parent)) parent = up(parent);
    const own = tiers[i]!;
    holding.set(i, parent === null ? own : under(own, holding.get(parent)!));
  }
  const inTeam = (agent: number, member: number) => {
    for (let at: number | null = member; at !== null; at = up(at)) if (at === agent) return true;
    return false;
  };
  const agents: WindowAgent[] = [...holding.entries()].map(([i, t]) => {
    let parent = up(i);
    while (parent !== null && !holding.has(parent)) parent = up(parent);
    const team = play.filter((p) => inTeam(i, p.member % n));
    const members = new Set(team.filter((p) => p.validBet > 0n).map((p) => p.member % n));
    return {
      agentId: BigInt(i),
      parentId: parent === null ? null : BigInt(parent),
      contractId: BigInt(i + 100),
      tiers: t,
      validBetMinor: team.reduce((s, p) => s + p.validBet, 0n),
      profitMinor: team.reduce((s, p) => s + p.profit, 0n),
      activeMembers: members.size,
      deductionsMinor:
        type === 'DIVIDEND'
          ? dividendDeductions(deductions, {
              profitMinor: team.reduce((s, p) => s + p.profit, 0n),
              bonusMinor: team.reduce((s, p) => s + (-p.profit * BigInt(p.bonusShare)) / 100n, 0n),
              rebateMinor: team.reduce((s, p) => s + (-p.profit * BigInt(p.rebateShare)) / 100n, 0n),
              salariesMinor: 0n,
            })
          : 0n,
      correctionMinor: 0n,
      carriedInMinor: 0n,
      accruedInMinor: 0n,
    };
  });
  return { agents, top: 0n };
};

describe('agent contract settlement and rules (property)', () => {
  it('should pay a window in all exactly the top agent rate times the top team base, and never a negative amount', () => {
    fc.assert(
      fc.property(scenarioArb, fc.constantFrom('DAILY_SALARY' as const, 'DIVIDEND' as const), (scenario, type) => {
        const { agents, top } = build(scenario, type);
        const results = settleWindow(type, agents, { minActiveMembers: 0, carryForward: false });
        const topRow = results.find((r) => r.agentId === top)!;
        const base = type === 'DIVIDEND' ? -topRow.profitMinor - topRow.deductionsMinor : topRow.validBetMinor;
        const expected = (base * BigInt(rateAt(topRow.tiers, topRow.validBetMinor, topRow.activeMembers))) / 10_000n;
        expect(results.reduce((sum, r) => sum + r.netMinor, 0n)).toBe(expected);
        for (const r of results) expect(r.netMinor >= 0n && r.grossMinor >= 0n).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('should refuse an offer whose tiers exceed the upline somewhere, and accepted ones never pay a child more than its parent', () => {
    fc.assert(
      fc.property(
        tiersArb,
        tiersArb,
        fc.bigInt({ min: 0n, max: 200_000n }),
        fc.nat(10),
        (child, parent, bet, active) => {
          let refused = false;
          try {
            checkUnderUpline(child, parent);
          } catch (error) {
            refused = error instanceof AppError && error.code === 'CONTRACT_RATE_ABOVE_UPLINE';
            expect(refused).toBe(true);
          }
          if (!refused) expect(rateAt(child, bet, active)).toBeLessThanOrEqual(rateAt(parent, bet, active));
          else {
            // A refused offer really pays more somewhere: at the thresholds of the tier it names.
            const [first] = tiersExceeding(child, parent);
            const tier = child[first!.index]!;
            expect(rateAt(child, tier.minValidBetMinor, tier.minActiveMembers)).toBeGreaterThan(
              rateAt(parent, tier.minValidBetMinor, tier.minActiveMembers),
            );
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('should end exactly the downline contracts above an accepted lower contract, leaving every other within it', () => {
    fc.assert(
      fc.property(tiersArb, fc.array(tiersArb, { maxLength: 8 }), (accepted, below) => {
        const contracts = below.map((tiers, id) => ({ id, tiers }));
        const ended = new Set(endedByAcceptance(accepted, contracts).map((c) => c.id));
        for (const contract of contracts) {
          // Rates are step functions of the thresholds, so every breakpoint of either table decides it.
          const bets = [...contract.tiers, ...accepted].map((t) => t.minValidBetMinor);
          const actives = [...contract.tiers, ...accepted].map((t) => t.minActiveMembers);
          const exceeds = bets.some((bet) =>
            actives.some((active) => rateAt(contract.tiers, bet, active) > rateAt(accepted, bet, active)),
          );
          expect(ended.has(contract.id)).toBe(exceeds);
        }
      }),
      { numRuns: 50 },
    );
  });
});
