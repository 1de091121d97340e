import { formatDraw, keyRtp, lotteryMethod } from '@platform/game-math';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { RgsError, success } from '../lib/errors';
import { toWire } from '../lib/money';
import { parseInput } from '../lib/validate';
import type { Sessions } from '../sessions/sessions';
import { LOTTERIES, lotteryOf, PRIZE_MODES, type LotteryDefinition } from './catalogue';
import type { LotteryEngine } from './engine';
import { lotteryInForce } from './settings';
import { nameWithStation, slotsOf } from './stations';

/**
 * The lottery gateway (spec §7 "Lottery", all GET for the lobby; ADR 0033), under /lgw as a lottery vendor serves it:
 * game menus per prize mode, the Vietnamese menu by region, recent results and opened numbers (with the seed and the
 * commitment to verify each draw), a lottery's methods with their odds and return to player; and, with a page session
 * swapped from the platform's launch (POST /rgs/v1/sessions), bets, chases, cancels and the player's own bets.
 */
const MenuQuerySchema = z.object({
  prizeMode: z.enum(PRIZE_MODES).default('LOTT'),
  device: z.string().max(16).optional(),
});
const VnMenuQuerySchema = z.object({ prizeMode: z.string().max(16).optional(), device: z.string().max(16).optional() });
const GameQuerySchema = z.object({
  gameCode: z.string().max(40),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
const IdParamSchema = z.object({ id: z.string().min(1).max(64) });

type IssueRow = {
  lottery_code: string;
  issue_no: string;
  state: string;
  commitment: string;
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  seed: string | null;
  numbers: number[] | null;
  drawn_at: Date | null;
  station: string | null;
};
const ISSUE_COLUMNS = `lottery_code, issue_no, state, commitment, opens_at, closes_at, draw_at, seed, numbers, drawn_at,
  station`;

const issueView = (lottery: LotteryDefinition, row: IssueRow) => ({
  issueNo: row.issue_no,
  state: row.state,
  commitment: row.commitment,
  opensAt: row.opens_at.toISOString(),
  closesAt: row.closes_at.toISOString(),
  drawAt: row.draw_at.toISOString(),
  // The seed and numbers only once drawn: before that the commitment is all anyone may know.
  seed: row.numbers === null ? null : row.seed,
  numbers: row.numbers === null ? null : formatDraw(lottery.family, row.numbers),
  drawnAt: row.drawn_at?.toISOString() ?? null,
  /** The province a regional VN draw is held for (stations rotate by weekday), else null. */
  station: row.station,
});

export const registerLotteryGateway = (
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; sessions: Sessions; lottery: LotteryEngine },
): void => {
  const { db, clock, sessions } = deps;
  const bets = deps.lottery.bets;

  /** Each lottery's issue taking bets now and its latest draw. */
  const menuOf = async (lotteries: readonly LotteryDefinition[]) => {
    const codes = lotteries.map((l) => l.code);
    const now = new Date(clock.now());
    const current = await db.query<IssueRow>(
      `SELECT DISTINCT ON (lottery_code) ${ISSUE_COLUMNS} FROM lottery_issues
       WHERE lottery_code = ANY($1::text[]) AND state IN ('SCHEDULED', 'OPEN') AND closes_at > $2
       ORDER BY lottery_code, draw_at`,
      [codes, now],
    );
    const latest = await db.query<IssueRow>(
      `SELECT DISTINCT ON (lottery_code) ${ISSUE_COLUMNS} FROM lottery_issues
       WHERE lottery_code = ANY($1::text[]) AND numbers IS NOT NULL ORDER BY lottery_code, draw_at DESC`,
      [codes],
    );
    const settings = await db.query<{ lottery_code: string; suspended: boolean }>(
      'SELECT lottery_code, suspended FROM lottery_settings WHERE lottery_code = ANY($1::text[])',
      [codes],
    );
    const byCode = (rows: IssueRow[]) => new Map(rows.map((r) => [r.lottery_code, r]));
    const open = byCode(current.rows);
    const last = byCode(latest.rows);
    const suspended = new Set(settings.rows.filter((r) => r.suspended).map((r) => r.lottery_code));
    return lotteries.map((lottery) => {
      const now = open.get(lottery.code);
      const prev = last.get(lottery.code);
      // A regional VN draw is named with the province its issue on offer is held for (ADR 0050).
      const station = now?.station ?? null;
      return {
        gameCode: lottery.code,
        name: nameWithStation(lottery, station),
        vendor: lottery.vendor,
        family: lottery.family,
        region: lottery.region ?? null,
        /** A regional VN draw's station slot (1 = the main station), else null; `station` is its current province. */
        slot: lottery.slot ?? null,
        station,
        schedule: lottery.schedule,
        suspended: suspended.has(lottery.code),
        current: now === undefined ? null : issueView(lottery, now),
        latest: prev === undefined ? null : issueView(lottery, prev),
      };
    });
  };

  app.get('/lgw/games/game_menus', async (request) => {
    const { prizeMode } = parseInput(MenuQuerySchema, request.query, 'query');
    const lotteries = LOTTERIES.filter((l) => l.prizeModes.includes(prizeMode));
    return success({ prizeMode, serverTime: new Date(clock.now()).toISOString(), gameMenus: await menuOf(lotteries) });
  });

  app.get('/lgw/vn/games/game_menu', async (request) => {
    parseInput(VnMenuQuerySchema, request.query, 'query');
    const menus = await menuOf(LOTTERIES.filter((l) => l.prizeModes.includes('VN')));
    const regions = (['north', 'central', 'south', 'fast'] as const).map((region) => ({
      region,
      games: menus.filter((m) => m.region === region),
    }));
    return success({ prizeMode: 'VN', serverTime: new Date(clock.now()).toISOString(), regions });
  });

  const lotteryParam = (code: string): LotteryDefinition => {
    const lottery = lotteryOf(code);
    if (lottery === undefined) throw new RgsError('NOT_FOUND', 404, 'No such lottery');
    return lottery;
  };

  // Opened numbers: a lottery's drawn issues, newest first, each with its seed and commitment.
  app.get('/lgw/games/results', async (request) => {
    const query = parseInput(GameQuerySchema, request.query, 'query');
    const lottery = lotteryParam(query.gameCode);
    const { rows } = await db.query<IssueRow>(
      `SELECT ${ISSUE_COLUMNS} FROM lottery_issues WHERE lottery_code = $1 AND numbers IS NOT NULL
       ORDER BY draw_at DESC LIMIT $2 OFFSET $3`,
      [lottery.code, query.pageSize, (query.pageNo - 1) * query.pageSize],
    );
    const chain = await db.query<{ business_day: Date; terminating_hash: string }>(
      `SELECT business_day, terminating_hash FROM lottery_chains WHERE lottery_code = $1
       ORDER BY business_day DESC LIMIT 3`,
      [lottery.code],
    );
    return success({
      gameCode: lottery.code,
      family: lottery.family,
      pageNo: query.pageNo,
      list: rows.map((row) => issueView(lottery, row)),
      chains: chain.rows.map((c) => ({
        businessDay: c.business_day.toISOString().slice(0, 10),
        terminatingHash: c.terminating_hash,
      })),
    });
  });

  /**
   * A VN region's results by day (ADR 0050): every station slot's drawn issue of the region's latest days with a draw,
   * newest day first and the main station first within a day, each with its own numbers, seed and commitment. Pages
   * count days.
   */
  app.get('/lgw/vn/games/results', async (request) => {
    const query = parseInput(GameQuerySchema, request.query, 'query');
    const lottery = lotteryParam(query.gameCode);
    const region = lottery.region;
    const slots = region === undefined || region === 'fast' ? [] : slotsOf(LOTTERIES, region);
    if (lottery.vendor !== 'TCG_LOTTO_VN' || slots.length === 0) {
      throw new RgsError('NOT_FOUND', 404, 'Not a regional Vietnamese draw');
    }
    const codes = slots.map((l) => l.code);
    const { rows } = await db.query<IssueRow & { business_day: Date }>(
      `SELECT ${ISSUE_COLUMNS}, business_day FROM lottery_issues
       WHERE lottery_code = ANY($1::text[]) AND numbers IS NOT NULL AND business_day IN (
         SELECT DISTINCT business_day FROM lottery_issues WHERE lottery_code = ANY($1::text[]) AND numbers IS NOT NULL
         ORDER BY business_day DESC LIMIT $2 OFFSET $3)`,
      [codes, query.pageSize, (query.pageNo - 1) * query.pageSize],
    );
    const slotOf = new Map(slots.map((l) => [l.code, l.slot ?? 1]));
    const sorted = rows.sort(
      (a, b) =>
        b.business_day.getTime() - a.business_day.getTime() ||
        slotOf.get(a.lottery_code)! - slotOf.get(b.lottery_code)!,
    );
    return success({
      region,
      family: lottery.family,
      pageNo: query.pageNo,
      list: sorted.map((row) => ({
        gameCode: row.lottery_code,
        slot: slotOf.get(row.lottery_code)!,
        businessDay: row.business_day.toISOString().slice(0, 10),
        ...issueView(lotteryOf(row.lottery_code)!, row),
      })),
    });
  });

  // The methods a lottery offers, their rules, odds per unit and stated return (the odds table in force).
  app.get('/lgw/games/methods', async (request) => {
    const { gameCode } = parseInput(GameQuerySchema, request.query, 'query');
    const lottery = await lotteryInForce(db, lotteryParam(gameCode));
    const methods = Object.entries(lottery.odds.odds).map(([code, keys]) => {
      const method = lotteryMethod(code);
      return {
        method: code,
        rule: method.rule,
        rows: method.rows,
        ticketUnits: method.ticketUnits,
        odds: Object.entries(keys).map(([key, multiplierE4]) => ({
          key,
          odds: (multiplierE4 / 10_000).toString(),
          rtp: Number((keyRtp(method, lottery.odds, key) * 100).toFixed(3)),
        })),
      };
    });
    return success({
      gameCode: lottery.code,
      oddsId: lottery.odds.id,
      oddsVersion: lottery.odds.version,
      units: lottery.unitsMinor.map(toWire),
      maxWinPerBet: toWire(lottery.maxWinPerBetMinor),
      maxWinPerIssue: toWire(lottery.maxWinPerIssueMinor),
      methods,
    });
  });

  app.post('/lgw/v1/bets', async (request, reply) => {
    const session = await sessions.authenticate(request);
    return reply.code(201).send(success(await bets.placeBet(session, request.body)));
  });
  app.post('/lgw/v1/chases', async (request, reply) => {
    const session = await sessions.authenticate(request);
    return reply.code(201).send(success(await bets.placeChase(session, request.body)));
  });
  app.post('/lgw/v1/bets/:id/cancel', async (request) => {
    const session = await sessions.authenticate(request);
    const { id } = parseInput(IdParamSchema, request.params, 'bet');
    return success(await bets.cancelBet(session, id));
  });
  app.post('/lgw/v1/chases/:id/cancel', async (request) => {
    const session = await sessions.authenticate(request);
    const { id } = parseInput(IdParamSchema, request.params, 'chase');
    return success(await bets.cancelChase(session, id));
  });

  // The player's own bets, newest first, with what it takes to verify each settled one.
  app.get('/lgw/v1/bets', async (request) => {
    const session = await sessions.authenticate(request);
    const { rows } = await db.query<{
      round_id: string;
      lottery_code: string;
      issue_no: string;
      method: string;
      picks: number[][];
      unit_minor: bigint;
      multiple: number;
      ticket_count: number;
      cost_minor: bigint;
      state: string;
      win_minor: bigint | null;
      chase_id: string | null;
      created_at: Date;
      numbers: number[] | null;
      seed: string | null;
      commitment: string;
      station: string | null;
    }>(
      `SELECT b.round_id, b.lottery_code, b.issue_no, b.method, b.picks, b.unit_minor, b.multiple, b.ticket_count,
         b.cost_minor, b.state, b.win_minor, b.chase_id, b.created_at, i.numbers, i.seed, i.commitment, i.station
       FROM lottery_bets b JOIN lottery_issues i ON i.lottery_code = b.lottery_code AND i.issue_no = b.issue_no
       WHERE b.operator = $1 AND b.player_id = $2 ORDER BY b.seq DESC LIMIT 50`,
      [session.operator, session.playerId],
    );
    return success({
      list: rows.map((r) => ({
        betId: r.round_id,
        gameCode: r.lottery_code,
        issueNo: r.issue_no,
        /** The province of a regional VN draw the bet is on (its station slot's issue), else null. */
        station: r.station,
        method: r.method,
        picks: r.picks,
        unit: toWire(r.unit_minor),
        multiple: r.multiple,
        count: r.ticket_count,
        cost: toWire(r.cost_minor),
        state: r.state,
        win: r.win_minor === null ? null : toWire(r.win_minor),
        chaseId: r.chase_id,
        placedAt: r.created_at.toISOString(),
        verify: { commitment: r.commitment, seed: r.numbers === null ? null : r.seed, numbers: r.numbers },
      })),
    });
  });
};
