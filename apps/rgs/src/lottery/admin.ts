import { formatDraw, keyRtp, lotteryMethod, type OddsTable } from '@platform/game-math';
import { z } from 'zod';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { RgsError } from '../lib/errors';
import { parseBet, toWire } from '../lib/money';
import { LOTTERIES, lotteryOf, type LotteryDefinition } from './catalogue';
import { lotteryInForce } from './settings';
import type { Settlement } from './settlement';

/**
 * The lottery back office, vendor side (ADR 0048). Lottery-wide switches (suspension, odds versions, payout caps,
 * cancelling an issue) and per-operator reports (results history with that operator's bets, profit and loss per
 * issue). Every change is written to lottery_admin_log with the operator and the staff member it named.
 */
export type AdminActor = { operator: string; staff: string };

const Staff = { staff: z.string().trim().min(1).max(64) };
const Code = { gameCode: z.string().min(1).max(40) };
const Reason = z.string().trim().min(3).max(200);
/** Decimal odds ("9.75"): at most 4 decimals, stored as the multiplier × 10,000. */
const OddsText = z.string().regex(/^\d{1,7}(\.\d{1,4})?$/, 'odds such as 9.75');
const Money = z.string().max(20);

export const AdminSchemas = {
  list: z.strictObject({ ...Staff }),
  suspend: z.strictObject({ ...Staff, ...Code, suspended: z.boolean(), reason: Reason.optional() }),
  odds: z.strictObject({ ...Staff, ...Code }),
  publishOdds: z.strictObject({
    ...Staff,
    ...Code,
    basedOnVersion: z.number().int().min(1),
    odds: z.record(z.string().max(40), z.record(z.string().max(40), OddsText)),
    note: z.string().trim().max(200).optional(),
  }),
  caps: z.strictObject({ ...Staff, ...Code, maxWinPerBet: Money, maxWinPerIssue: Money }),
  issues: z.strictObject({ ...Staff, ...Code, pageNo: z.number().int().min(1).max(1000).default(1) }),
  cancel: z.strictObject({ ...Staff, ...Code, issueNo: z.string().min(1).max(32), reason: Reason }),
  pnl: z.strictObject({ ...Staff, ...Code, pageNo: z.number().int().min(1).max(1000).default(1) }),
};

const PAGE = 20;
const e4ToText = (e4: number): string => (e4 / 10_000).toString();
const textToE4 = (text: string): number => {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
};

const lotteryParam = (code: string): LotteryDefinition => {
  const lottery = lotteryOf(code);
  if (lottery === undefined) throw new RgsError('NOT_FOUND', 404, 'No such lottery');
  return lottery;
};

export const lotteryAdminFactory = (deps: { db: Database; clock: Clock; settlement: Settlement }) => {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());

  const audit = (actor: AdminActor, action: string, code: string, issueNo: string | null, detail: object) =>
    db.query(
      `INSERT INTO lottery_admin_log (operator, staff, action, lottery_code, issue_no, detail, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [actor.operator, actor.staff, action, code, issueNo, JSON.stringify(detail), now()],
    );

  /** Every lottery with its schedule, state and what is in force. */
  const list = async () => {
    const { rows } = await db.query<{ lottery_code: string; issue_no: string; draw_at: Date; station: string | null }>(
      `SELECT DISTINCT ON (lottery_code) lottery_code, issue_no, draw_at, station FROM lottery_issues
       WHERE state IN ('SCHEDULED', 'OPEN') AND closes_at > $1 ORDER BY lottery_code, draw_at`,
      [now()],
    );
    const next = new Map(rows.map((r) => [r.lottery_code, r]));
    return Promise.all(
      LOTTERIES.map(async (definition) => {
        const lottery = await lotteryInForce(db, definition);
        const upcoming = next.get(lottery.code);
        return {
          gameCode: lottery.code,
          name: lottery.name,
          vendor: lottery.vendor,
          family: lottery.family,
          region: lottery.region ?? null,
          schedule: lottery.schedule,
          tzOffsetMinutes: lottery.tzOffsetMinutes,
          suspended: lottery.suspended,
          suspendReason: lottery.suspendReason,
          oddsVersion: lottery.odds.version,
          maxWinPerBet: toWire(lottery.maxWinPerBetMinor),
          maxWinPerIssue: toWire(lottery.maxWinPerIssueMinor),
          nextIssue:
            upcoming === undefined
              ? null
              : { issueNo: upcoming.issue_no, drawAt: upcoming.draw_at.toISOString(), station: upcoming.station },
        };
      }),
    );
  };

  const suspend = async (actor: AdminActor, input: z.infer<typeof AdminSchemas.suspend>) => {
    const lottery = lotteryParam(input.gameCode);
    if (input.suspended && input.reason === undefined) {
      throw new RgsError('VALIDATION_FAILED', 400, 'Say why the game is suspended');
    }
    await db.query(
      `INSERT INTO lottery_settings (lottery_code, suspended, suspend_reason, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (lottery_code) DO UPDATE SET suspended = $2, suspend_reason = $3, updated_at = $4, updated_by = $5`,
      [lottery.code, input.suspended, input.suspended ? input.reason : null, now(), actor.staff],
    );
    await audit(actor, input.suspended ? 'suspend' : 'resume', lottery.code, null, { reason: input.reason ?? null });
    return { gameCode: lottery.code, suspended: input.suspended };
  };

  const tableView = (lottery: LotteryDefinition, table: OddsTable) =>
    Object.entries(table.odds).map(([code, keys]) => {
      const method = lotteryMethod(code);
      return {
        method: code,
        odds: Object.entries(keys).map(([key, e4]) => ({
          key,
          odds: e4ToText(e4),
          rtp: Number((keyRtp(method, table, key) * 100).toFixed(3)),
        })),
      };
    });

  const odds = async (input: z.infer<typeof AdminSchemas.odds>) => {
    const lottery = lotteryParam(input.gameCode);
    const inForce = await lotteryInForce(db, lottery);
    const { rows } = await db.query<{ version: number; published_at: Date; published_by: string; note: string | null }>(
      `SELECT version, published_at, published_by, note FROM lottery_odds_versions WHERE lottery_code = $1
       ORDER BY version DESC LIMIT 50`,
      [lottery.code],
    );
    const counts = await db.query<{ odds_version: number; n: bigint }>(
      'SELECT odds_version, count(*) AS n FROM lottery_bets WHERE lottery_code = $1 GROUP BY odds_version',
      [lottery.code],
    );
    const betsOf = new Map(counts.rows.map((r) => [r.odds_version, Number(r.n)]));
    return {
      gameCode: lottery.code,
      oddsId: inForce.odds.id,
      version: inForce.odds.version,
      methods: tableView(lottery, inForce.odds),
      versions: [
        ...rows.map((r) => ({
          version: r.version,
          publishedAt: r.published_at.toISOString(),
          publishedBy: r.published_by,
          note: r.note,
          bets: betsOf.get(r.version) ?? 0,
        })),
        { version: lottery.odds.version, publishedAt: null, publishedBy: null, note: null, bets: betsOf.get(1) ?? 0 },
      ],
    };
  };

  /**
   * A new version of the whole table: the same methods and keys as the catalogue's, every key's return at most 100%.
   * It applies to bets placed from now on; a placed bet keeps the odds stored with it. basedOnVersion guards against
   * two staff publishing over each other.
   */
  const publishOdds = async (actor: AdminActor, input: z.infer<typeof AdminSchemas.publishOdds>) => {
    const lottery = lotteryParam(input.gameCode);
    const base = lottery.odds;
    const table: OddsTable = { ...base, odds: {} };
    for (const [code, keys] of Object.entries(base.odds)) {
      const given = input.odds[code];
      if (given === undefined) throw new RgsError('VALIDATION_FAILED', 400, `Odds for ${code} are missing`);
      table.odds[code] = {};
      for (const key of Object.keys(keys)) {
        const text = given[key];
        if (text === undefined) throw new RgsError('VALIDATION_FAILED', 400, `Odds for ${code} ${key} are missing`);
        const e4 = textToE4(text);
        if (e4 <= 0) throw new RgsError('VALIDATION_FAILED', 400, `Odds for ${code} ${key} must be above 0`);
        table.odds[code][key] = e4;
        if (keyRtp(lotteryMethod(code), table, key) > 1) {
          throw new RgsError('VALIDATION_FAILED', 400, `Odds of ${text} for ${code} ${key} return more than 100%`);
        }
      }
      if (Object.keys(given).length !== Object.keys(keys).length) {
        throw new RgsError('VALIDATION_FAILED', 400, `Odds for ${code} name keys the method does not have`);
      }
    }
    if (Object.keys(input.odds).length !== Object.keys(base.odds).length) {
      throw new RgsError('VALIDATION_FAILED', 400, 'The table names methods this lottery does not offer');
    }
    const current = (await lotteryInForce(db, lottery)).odds.version;
    if (input.basedOnVersion !== current) {
      throw new RgsError('CONFLICT', 409, `Version ${current} was published meanwhile; reload the table`);
    }
    const version = current + 1;
    const inserted = await db.query(
      `INSERT INTO lottery_odds_versions (lottery_code, version, odds_id, odds, published_at, published_by, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING version`,
      [lottery.code, version, base.id, JSON.stringify(table.odds), now(), actor.staff, input.note ?? null],
    );
    if (inserted.rows.length === 0) {
      throw new RgsError('CONFLICT', 409, `Version ${version} was published meanwhile; reload the table`);
    }
    await audit(actor, 'publish-odds', lottery.code, null, { version, note: input.note ?? null });
    return { gameCode: lottery.code, version };
  };

  const caps = async (actor: AdminActor, input: z.infer<typeof AdminSchemas.caps>) => {
    const lottery = lotteryParam(input.gameCode);
    const perBet = parseBet(input.maxWinPerBet);
    const perIssue = parseBet(input.maxWinPerIssue);
    if (perIssue < perBet) {
      throw new RgsError('VALIDATION_FAILED', 400, 'The per-issue cap must be at least the per-bet cap');
    }
    await db.query(
      `INSERT INTO lottery_settings (lottery_code, suspended, max_win_per_bet_minor, max_win_per_issue_minor, updated_at,
         updated_by)
       VALUES ($1, false, $2, $3, $4, $5)
       ON CONFLICT (lottery_code) DO UPDATE SET max_win_per_bet_minor = $2, max_win_per_issue_minor = $3,
         updated_at = $4, updated_by = $5`,
      [lottery.code, perBet, perIssue, now(), actor.staff],
    );
    await audit(actor, 'caps', lottery.code, null, { maxWinPerBet: toWire(perBet), maxWinPerIssue: toWire(perIssue) });
    return { gameCode: lottery.code, maxWinPerBet: toWire(perBet), maxWinPerIssue: toWire(perIssue) };
  };

  /** Results history: the lottery's issues up to now, newest first, with this operator's bets on each. */
  const issues = async (operator: string, input: z.infer<typeof AdminSchemas.issues>) => {
    const lottery = lotteryParam(input.gameCode);
    const { rows } = await db.query<{
      issue_no: string;
      state: string;
      station: string | null;
      opens_at: Date;
      closes_at: Date;
      draw_at: Date;
      numbers: number[] | null;
      cancel_reason: string | null;
      bets: bigint;
    }>(
      `SELECT i.issue_no, i.state, i.station, i.opens_at, i.closes_at, i.draw_at, i.numbers, i.cancel_reason,
         (SELECT count(*) FROM lottery_bets b WHERE b.lottery_code = i.lottery_code AND b.issue_no = i.issue_no
           AND b.operator = $2) AS bets
       FROM lottery_issues i WHERE i.lottery_code = $1 AND i.opens_at <= $3
       ORDER BY i.draw_at DESC LIMIT ${PAGE} OFFSET $4`,
      [lottery.code, operator, now(), (input.pageNo - 1) * PAGE],
    );
    return {
      gameCode: lottery.code,
      pageNo: input.pageNo,
      list: rows.map((r) => ({
        issueNo: r.issue_no,
        state: r.state,
        station: r.station,
        closesAt: r.closes_at.toISOString(),
        drawAt: r.draw_at.toISOString(),
        numbers: r.numbers === null ? null : formatDraw(lottery.family, r.numbers),
        cancelReason: r.cancel_reason,
        bets: Number(r.bets),
        cancellable: ['SCHEDULED', 'OPEN', 'CLOSED'].includes(r.state),
      })),
    };
  };

  /** Cancels an issue not yet drawn and refunds every bet on it, once (settlement.cancelIssue). */
  const cancel = async (actor: AdminActor, input: z.infer<typeof AdminSchemas.cancel>) => {
    const lottery = lotteryParam(input.gameCode);
    const key = { lotteryCode: lottery.code, issueNo: input.issueNo };
    const result = await deps.settlement.cancelIssue(key, input.reason);
    if (!result.cancelled) {
      const { rows } = await db.query<{ state: string }>(
        'SELECT state FROM lottery_issues WHERE lottery_code = $1 AND issue_no = $2',
        [lottery.code, input.issueNo],
      );
      const state = rows[0]?.state;
      if (state === undefined) throw new RgsError('NOT_FOUND', 404, 'No such issue');
      if (state !== 'CANCELLED') {
        throw new RgsError('ISSUE_DRAWN', 409, 'This issue has been drawn; it can no longer be cancelled');
      }
      return { gameCode: lottery.code, issueNo: input.issueNo, cancelled: false, alreadyCancelled: true };
    }
    await audit(actor, 'cancel-issue', lottery.code, input.issueNo, {
      reason: input.reason,
      refunded: result.refunded,
    });
    return { gameCode: lottery.code, issueNo: input.issueNo, cancelled: true, alreadyCancelled: false };
  };

  /**
   * Profit and loss per issue for this operator, per currency: stakes (every bet placed), payouts (settled wins),
   * refunds (bets refunded or being refunded), net = stakes − payouts − refunds (the house's result).
   */
  const pnl = async (operator: string, input: z.infer<typeof AdminSchemas.pnl>) => {
    const lottery = lotteryParam(input.gameCode);
    const { rows } = await db.query<{
      issue_no: string;
      state: string;
      draw_at: Date;
      currency: string;
      bets: bigint;
      stakes: bigint;
      payouts: bigint;
      refunds: bigint;
    }>(
      `SELECT b.issue_no, i.state, i.draw_at, b.currency, count(*) AS bets, sum(b.cost_minor)::bigint AS stakes,
         coalesce(sum(b.win_minor) FILTER (WHERE b.state = 'SETTLED'), 0)::bigint AS payouts,
         coalesce(sum(b.cost_minor) FILTER (WHERE b.state IN ('REFUNDING', 'REFUNDED')), 0)::bigint AS refunds
       FROM lottery_bets b JOIN lottery_issues i ON i.lottery_code = b.lottery_code AND i.issue_no = b.issue_no
       WHERE b.lottery_code = $1 AND b.operator = $2
       GROUP BY b.issue_no, i.state, i.draw_at, b.currency ORDER BY i.draw_at DESC, b.currency
       LIMIT ${PAGE} OFFSET $3`,
      [lottery.code, operator, (input.pageNo - 1) * PAGE],
    );
    return {
      gameCode: lottery.code,
      pageNo: input.pageNo,
      list: rows.map((r) => {
        const stakes = BigInt(r.stakes);
        const payouts = BigInt(r.payouts);
        const refunds = BigInt(r.refunds);
        return {
          issueNo: r.issue_no,
          state: r.state,
          drawAt: r.draw_at.toISOString(),
          currency: r.currency,
          bets: Number(r.bets),
          stakes: toWire(stakes),
          payouts: toWire(payouts),
          refunds: toWire(refunds),
          net: formatSigned(stakes - payouts - refunds),
        };
      }),
    };
  };

  return { list, suspend, odds, publishOdds, caps, issues, cancel, pnl };
};
export type LotteryAdmin = ReturnType<typeof lotteryAdminFactory>;

const formatSigned = (minor: bigint): string => (minor < 0n ? `-${toWire(-minor)}` : toWire(minor));
