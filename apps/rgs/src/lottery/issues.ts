import { createHash } from 'node:crypto';
import { drawNumbers, generateServerSeed } from '@platform/game-math';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { lotteryOf, type LotteryDefinition } from './catalogue';
import { businessDayOf, dayLabel, dayStartMs, DAY_MS, issuesPerDay, planDay } from './schedule';
import { drawsOn, stationOf } from './stations';

/**
 * Issues and their draws (ADR 0033). The day's hash chain and every issue of it are written together, once (the
 * chain's primary key decides which process writes them); its terminating hash and each issue's commitment are public
 * from then on. The stages move issues by time only: a conditional UPDATE on state per stage, so a stage that two
 * processes run at once happens once. The draw reads the chain and the issue, never the bets.
 */
const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The next day is scheduled this long before it starts, so its commitments are public well before its first window. */
export const SCHEDULE_AHEAD_MS = 3_600_000;
const STAGE_BATCH = 100;

export type IssueKey = { lotteryCode: string; issueNo: string };

export const issuesFactory = (deps: {
  db: Database;
  clock: Clock;
  randomBytes: (n: number) => Uint8Array;
  lotteries: readonly LotteryDefinition[];
}) => {
  const { db, clock } = deps;
  const scheduled = new Set<string>();

  const ensureDay = async (lottery: LotteryDefinition, day: number): Promise<void> => {
    const key = `${lottery.code}:${day}`;
    if (scheduled.has(key)) return;
    // A VN station slot on a day with fewer provinces has no draw: no chain, no issue (ADR 0050).
    if (!drawsOn(lottery, day)) {
      scheduled.add(key);
      return;
    }
    const now = clock.now();
    const count = issuesPerDay(lottery);
    const seed = generateServerSeed(deps.randomBytes);
    const chain = [seed];
    for (let i = 1; i <= count; i += 1) chain.push(sha256Hex(chain[i - 1]!));
    await db.transaction(async (tx) => {
      const created = await tx.query(
        `INSERT INTO lottery_chains (lottery_code, business_day, seed, length, terminating_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING lottery_code`,
        [lottery.code, dayLabel(day), seed, count + 1, chain[count], new Date(now)],
      );
      if (created.rows.length === 0) return;
      // Issues whose window had already closed when the day was scheduled are left out: nobody could bet on them.
      const issues = planDay(lottery, day).filter((issue) => issue.closesAtMs > now);
      if (issues.length === 0) return;
      await tx.query(
        `INSERT INTO lottery_issues (lottery_code, issue_no, business_day, seq, commitment, opens_at, closes_at, draw_at,
           state, station)
         SELECT $1, t.issue_no, $2::date, t.seq, t.commitment, t.opens_at, t.closes_at, t.draw_at, 'SCHEDULED', $9
         FROM unnest($3::text[], $4::int[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[])
           AS t (issue_no, seq, commitment, opens_at, closes_at, draw_at)`,
        [
          lottery.code,
          dayLabel(day),
          issues.map((i) => i.issueNo),
          issues.map((i) => i.seq),
          // Issue k uses chain[count - k]; its commitment is the hash after it, chain[count - k + 1].
          issues.map((i) => chain[count - i.seq + 1]!),
          issues.map((i) => new Date(i.opensAtMs).toISOString()),
          issues.map((i) => new Date(i.closesAtMs).toISOString()),
          issues.map((i) => new Date(i.drawAtMs).toISOString()),
          // A regional VN draw is held for its slot's province of the weekday (stations.ts).
          stationOf(lottery, day),
        ],
      );
    });
    scheduled.add(key);
  };

  /**
   * Today's issues, and tomorrow's from SCHEDULE_AHEAD_MS before midnight (local to each lottery); a daily draw's
   * tomorrow at once, since its next window opens at today's draw.
   */
  const ensureSchedule = async (): Promise<void> => {
    const now = clock.now();
    for (const lottery of deps.lotteries) {
      const day = businessDayOf(lottery, now);
      await ensureDay(lottery, day);
      const ahead = lottery.schedule.kind === 'daily' || now >= dayStartMs(lottery, day) + DAY_MS - SCHEDULE_AHEAD_MS;
      if (ahead) await ensureDay(lottery, day + 1);
    }
  };

  const codes = () => deps.lotteries.map((l) => l.code);

  const openAndClose = async (): Promise<void> => {
    const now = new Date(clock.now());
    await db.query(
      `UPDATE lottery_issues SET state = 'CLOSED'
       WHERE state IN ('SCHEDULED', 'OPEN') AND closes_at <= $1 AND lottery_code = ANY($2::text[])`,
      [now, codes()],
    );
    await db.query(
      `UPDATE lottery_issues SET state = 'OPEN'
       WHERE state = 'SCHEDULED' AND opens_at <= $1 AND closes_at > $1 AND lottery_code = ANY($2::text[])`,
      [now, codes()],
    );
  };

  /**
   * The seed of issue `seq` of a chain: chain[length - 1 - seq], walked from the chain's seed. A chain is walked once
   * and kept (a few recent days' chains), so catching up on a day of 1-minute issues is not quadratic in hashes.
   */
  const chains = new Map<string, string[]>();
  const seedOf = (chainSeed: string, length: number, seq: number): string => {
    let chain = chains.get(chainSeed);
    if (chain === undefined) {
      chain = [chainSeed];
      for (let i = 1; i < length; i += 1) chain.push(sha256Hex(chain[i - 1]!));
      if (chains.size >= 64) chains.delete(chains.keys().next().value!);
      chains.set(chainSeed, chain);
    }
    return chain[length - 1 - seq]!;
  };

  /** Draws the closed issues whose draw time has come: seed revealed, numbers from the seed alone. */
  const drawDue = async (): Promise<IssueKey[]> => {
    const { rows } = await db.query<{
      lottery_code: string;
      issue_no: string;
      seq: number;
      commitment: string;
      chain_seed: string;
      length: number;
    }>(
      `SELECT i.lottery_code, i.issue_no, i.seq, i.commitment, c.seed AS chain_seed, c.length
       FROM lottery_issues i JOIN lottery_chains c USING (lottery_code, business_day)
       WHERE i.state = 'CLOSED' AND i.draw_at <= $1 AND i.lottery_code = ANY($2::text[])
       ORDER BY i.draw_at LIMIT ${STAGE_BATCH}`,
      [new Date(clock.now()), codes()],
    );
    const drawn: IssueKey[] = [];
    for (const row of rows) {
      const lottery = lotteryOf(row.lottery_code)!;
      const seed = seedOf(row.chain_seed, row.length, row.seq);
      if (sha256Hex(seed) !== row.commitment) throw new Error(`issue ${row.issue_no} does not match its commitment`);
      const numbers = drawNumbers(lottery.family, { seed, lotteryCode: row.lottery_code, issueNo: row.issue_no });
      const updated = await db.query(
        `UPDATE lottery_issues SET state = 'DRAWN', seed = $3, numbers = $4::int[], drawn_at = $5
         WHERE lottery_code = $1 AND issue_no = $2 AND state = 'CLOSED' RETURNING issue_no`,
        [row.lottery_code, row.issue_no, seed, numbers, new Date(clock.now())],
      );
      if (updated.rows.length > 0) drawn.push({ lotteryCode: row.lottery_code, issueNo: row.issue_no });
    }
    return drawn;
  };

  /** Drawn issues still to settle, oldest first. */
  const drawnIssues = async (): Promise<IssueKey[]> => {
    const { rows } = await db.query<{ lottery_code: string; issue_no: string }>(
      `SELECT lottery_code, issue_no FROM lottery_issues WHERE state = 'DRAWN' AND lottery_code = ANY($1::text[])
       ORDER BY draw_at LIMIT ${STAGE_BATCH}`,
      [codes()],
    );
    return rows.map((r) => ({ lotteryCode: r.lottery_code, issueNo: r.issue_no }));
  };

  return { ensureSchedule, ensureDay, openAndClose, drawDue, drawnIssues };
};
export type Issues = ReturnType<typeof issuesFactory>;
