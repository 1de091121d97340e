import { GameInputError, priceBet, type Rows } from '@platform/game-math';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import type { Clock } from '../lib/clock';
import { RgsError } from '../lib/errors';
import { toJson } from '../lib/json';
import { parseBet, toWire } from '../lib/money';
import { parseInput } from '../lib/validate';
import type { Payments } from '../platform/payments';
import type { Rounds } from '../rounds/rounds';
import { requireFamily, type PageSession } from '../sessions/sessions';
import { lotteryOf, type LotteryDefinition } from './catalogue';
import { lotteryInForce } from './settings';
import type { Settlement } from './settlement';

/**
 * Bets and chases (ADR 0033). The server prices every bet from the pick (game-math priceBet): the client's count
 * and cost are never read. A bet is a round: its stake is debited through the round's debit call, and the bet row is
 * written only while its issue is still open, under a share lock on the issue row, so the close stage waits for it
 * and a bet can never land after the window closed (a debit confirmed too late is rolled back and refused).
 * A chase pays all its issues up front, one round per issue; it is refused whole if one stake is refused.
 */
export const CHASE_ISSUES_MAX = 50;

const Pick = {
  method: z.string().min(1).max(40),
  picks: z.array(z.array(z.number().int()).max(10_000)).min(1).max(10),
  unit: z.string().max(20),
  multiple: z.number().int().min(1).max(10_000),
};
export const LotteryBetSchema = z.strictObject({ ...Pick, issueNo: z.string().max(32).optional() });
export const LotteryChaseSchema = z.strictObject({
  ...Pick,
  issues: z.number().int().min(2).max(CHASE_ISSUES_MAX),
  winStop: z.boolean(),
});

type Priced = { lottery: LotteryDefinition; method: string; picks: Rows; unitMinor: bigint; multiple: number };

export const betsFactory = (deps: {
  db: Database;
  clock: Clock;
  rounds: Rounds;
  payments: Payments;
  settlement: Settlement;
  randomBytes: (n: number) => Uint8Array;
}) => {
  const { db, clock, rounds, payments, settlement } = deps;

  const lotteryFor = async (session: PageSession): Promise<LotteryDefinition> => {
    requireFamily(session, 'lottery');
    const lottery = lotteryOf(session.gameCode);
    if (lottery === undefined) throw new RgsError('GAME_UNKNOWN', 404, 'No such lottery');
    // The odds version and caps staff published (settings.ts): a bet is priced and stored with the version in force.
    const inForce = await lotteryInForce(db, lottery);
    if (inForce.suspended) {
      throw new RgsError('LOTTERY_SUSPENDED', 409, 'This lottery is closed for now; no bet was taken', {
        gameCode: lottery.code,
      });
    }
    return inForce;
  };

  const price = (lottery: LotteryDefinition, input: z.infer<typeof LotteryBetSchema>) => {
    const unitMinor = parseBet(input.unit);
    if (!lottery.unitsMinor.includes(unitMinor)) {
      throw new RgsError(
        'VALIDATION_FAILED',
        400,
        `The unit must be one of ${lottery.unitsMinor.map(toWire).join(', ')}`,
      );
    }
    try {
      const priced = priceBet(
        { method: input.method, rows: input.picks, unitMinor, multiple: input.multiple },
        lottery.odds,
      );
      return { ...priced, unitMinor };
    } catch (error) {
      if (error instanceof GameInputError) throw new RgsError('VALIDATION_FAILED', 400, error.message);
      throw error;
    }
  };

  /** Writes the bet of an accepted stake if its issue still takes bets; false when the window closed meanwhile. */
  const recordBet = async (
    tx: Queryable,
    round: { roundId: string },
    session: PageSession,
    bet: Priced & { issueNo: string; count: number; costMinor: bigint; chaseId: string | null },
  ): Promise<boolean> => {
    const now = clock.now();
    const { rows } = await tx.query<{ state: string; closes_at: Date }>(
      'SELECT state, closes_at FROM lottery_issues WHERE lottery_code = $1 AND issue_no = $2 FOR SHARE',
      [bet.lottery.code, bet.issueNo],
    );
    const issue = rows[0];
    if (issue === undefined || !['SCHEDULED', 'OPEN'].includes(issue.state) || issue.closes_at.getTime() <= now) {
      return false;
    }
    await tx.query(
      `INSERT INTO lottery_bets (round_id, operator, player_id, currency, lottery_code, issue_no, method, picks,
         unit_minor, multiple, ticket_count, cost_minor, odds_id, odds_version, odds, chase_id, state, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'PLACED', $17)`,
      [
        round.roundId,
        session.operator,
        session.playerId,
        session.currency,
        bet.lottery.code,
        bet.issueNo,
        bet.method,
        JSON.stringify(bet.picks),
        bet.unitMinor,
        bet.multiple,
        bet.count,
        bet.costMinor,
        bet.lottery.odds.id,
        bet.lottery.odds.version,
        JSON.stringify(bet.lottery.odds.odds[bet.method]),
        bet.chaseId,
        new Date(now),
      ],
    );
    await tx.query(`UPDATE rounds SET state = 'OPEN' WHERE id = $1 AND state = 'DEBITING'`, [round.roundId]);
    return true;
  };

  /** Debits one issue's stake and records the bet; a bet the window closed on is rolled back and refused. */
  const stake = async (
    session: PageSession,
    bet: Priced & { issueNo: string; count: number; costMinor: bigint; chaseId: string | null },
  ) => {
    const started = await rounds.begin(session, {
      family: 'lottery',
      params: toJson({ lottery: bet.lottery.code, issueNo: bet.issueNo, method: bet.method, picks: bet.picks }),
      betMinor: bet.costMinor,
    });
    const recorded = await db.transaction((tx) => recordBet(tx, started, session, bet));
    if (!recorded) {
      const refund = await payments.rollBack(started.betTransactionId, started.roundId, 'the betting window closed');
      throw new RgsError('BETTING_CLOSED', 409, 'Betting on this issue has closed; your stake was refunded', {
        balance: refund.balance ?? started.balance,
        issueNo: bet.issueNo,
        nextIssueNo: (await windowNow(bet.lottery)).current,
      });
    }
    return started;
  };

  /** The issues still taking bets, oldest first (a chase may pay for issues whose window opens later). */
  const openIssues = async (lottery: LotteryDefinition, limit: number) => {
    const { rows } = await db.query<{ issue_no: string; state: string }>(
      `SELECT issue_no, state FROM lottery_issues WHERE lottery_code = $1 AND state IN ('SCHEDULED', 'OPEN')
         AND closes_at > $2 ORDER BY draw_at LIMIT $3`,
      [lottery.code, new Date(clock.now()), limit],
    );
    return rows;
  };

  /**
   * The issue whose window is open now, by the clock (the OPEN state may trail it by a tick), and the one after it.
   * Between a window's close and the next one's opening there is none.
   */
  const windowNow = async (lottery: LotteryDefinition) => {
    const now = new Date(clock.now());
    const { rows } = await db.query<{ issue_no: string; opens_at: Date }>(
      `SELECT issue_no, opens_at FROM lottery_issues WHERE lottery_code = $1 AND state IN ('SCHEDULED', 'OPEN')
         AND closes_at > $2 ORDER BY draw_at LIMIT 2`,
      [lottery.code, now],
    );
    const first = rows[0];
    return first !== undefined && first.opens_at <= now
      ? { current: first.issue_no, next: rows[1]?.issue_no ?? null }
      : { current: null, next: first?.issue_no ?? null };
  };

  /**
   * A bet goes on the issue the player saw (issueNo), never silently on another: when that window closed, the
   * refusal names the issue taking bets now (or the next to open), and the player decides.
   */
  const placeBet = async (session: PageSession, body: unknown) => {
    const lottery = await lotteryFor(session);
    const input = parseInput(LotteryBetSchema, body, 'lottery bet');
    const priced = price(lottery, input);
    const window = await windowNow(lottery);
    const issueNo = input.issueNo ?? window.current;
    if (issueNo === null || issueNo !== window.current) {
      throw new RgsError('BETTING_CLOSED', 409, 'This issue is not open for bets', {
        issueNo: input.issueNo ?? null,
        openIssueNo: window.current,
        nextIssueNo: window.current ?? window.next,
      });
    }
    const bet = {
      lottery,
      method: input.method,
      picks: input.picks,
      unitMinor: priced.unitMinor,
      multiple: input.multiple,
    };
    const started = await stake(session, {
      ...bet,
      issueNo,
      count: priced.count,
      costMinor: priced.costMinor,
      chaseId: null,
    });
    return {
      betId: started.roundId,
      issueNo,
      count: priced.count,
      cost: toWire(priced.costMinor),
      balance: started.balance,
    };
  };

  const placeChase = async (session: PageSession, body: unknown) => {
    const lottery = await lotteryFor(session);
    const input = parseInput(LotteryChaseSchema, body, 'chase');
    const priced = price(lottery, input);
    const issues = await openIssues(lottery, input.issues);
    if (issues.length < input.issues) {
      throw new RgsError('VALIDATION_FAILED', 400, `Only ${issues.length} issues are open for a chase now`);
    }
    const chaseId = `chase-${Buffer.from(deps.randomBytes(12)).toString('hex')}`;
    await db.query(
      `INSERT INTO lottery_chases (id, operator, player_id, lottery_code, win_stop, issues, state, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'ACTIVE', $7)`,
      [chaseId, session.operator, session.playerId, lottery.code, input.winStop, input.issues, new Date(clock.now())],
    );
    const bet = {
      lottery,
      method: input.method,
      picks: input.picks,
      unitMinor: priced.unitMinor,
      multiple: input.multiple,
    };
    let balance = '';
    try {
      for (const issue of issues) {
        const started = await stake(session, {
          ...bet,
          issueNo: issue.issue_no,
          count: priced.count,
          costMinor: priced.costMinor,
          chaseId,
        });
        balance = started.balance;
      }
    } catch (error) {
      // Paid up front or not at all: the stakes already taken are refunded.
      await db.query(`UPDATE lottery_chases SET state = 'CANCELLED', ended_at = $2 WHERE id = $1`, [
        chaseId,
        new Date(clock.now()),
      ]);
      await db.query(`UPDATE lottery_bets SET state = 'REFUNDING' WHERE chase_id = $1 AND state = 'PLACED'`, [chaseId]);
      await settlement.refundDue();
      throw error;
    }
    return {
      chaseId,
      issues: issues.map((i) => i.issue_no),
      count: priced.count,
      costPerIssue: toWire(priced.costMinor),
      total: toWire(priced.costMinor * BigInt(issues.length)),
      balance,
    };
  };

  /** The player's own bet, while its issue still takes bets. */
  const cancelBet = async (session: PageSession, betId: string) => {
    const cancelled = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ state: string; closes_at: Date; issue_state: string }>(
        `SELECT b.state, i.closes_at, i.state AS issue_state FROM lottery_bets b
         JOIN lottery_issues i ON i.lottery_code = b.lottery_code AND i.issue_no = b.issue_no
         WHERE b.round_id = $1 AND b.operator = $2 AND b.player_id = $3 FOR SHARE OF i`,
        [betId, session.operator, session.playerId],
      );
      const row = rows[0];
      if (row === undefined) throw new RgsError('NOT_FOUND', 404, 'No such bet');
      if (row.state !== 'PLACED') throw new RgsError('ROUND_NOT_OPEN', 409, 'This bet can no longer be cancelled');
      if (!['SCHEDULED', 'OPEN'].includes(row.issue_state) || row.closes_at.getTime() <= clock.now()) {
        throw new RgsError('BETTING_CLOSED', 409, 'Betting on this issue has closed; the bet stands');
      }
      await tx.query(`UPDATE lottery_bets SET state = 'REFUNDING' WHERE round_id = $1 AND state = 'PLACED'`, [betId]);
      return true;
    });
    if (cancelled) await settlement.refundDue();
    return { betId, state: 'REFUNDED' as const };
  };

  /** The rest of the player's chase: every bet whose issue still takes bets is refunded. */
  const cancelChase = async (session: PageSession, chaseId: string) => {
    await db.transaction(async (tx) => {
      const updated = await tx.query(
        `UPDATE lottery_chases SET state = 'CANCELLED', ended_at = $4
         WHERE id = $1 AND operator = $2 AND player_id = $3 AND state = 'ACTIVE' RETURNING id`,
        [chaseId, session.operator, session.playerId, new Date(clock.now())],
      );
      if (updated.rows.length === 0) throw new RgsError('NOT_FOUND', 404, 'No such chase in progress');
      await tx.query(
        `UPDATE lottery_bets b SET state = 'REFUNDING' FROM lottery_issues i
         WHERE b.chase_id = $1 AND b.state = 'PLACED' AND i.lottery_code = b.lottery_code AND i.issue_no = b.issue_no
           AND i.state IN ('SCHEDULED', 'OPEN') AND i.closes_at > $2`,
        [chaseId, new Date(clock.now())],
      );
    });
    const refunded = await settlement.refundDue();
    return { chaseId, refunded };
  };

  return { placeBet, placeChase, cancelBet, cancelChase };
};
export type LotteryBets = ReturnType<typeof betsFactory>;
