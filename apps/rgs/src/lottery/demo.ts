import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import type { LotteryAdmin } from './admin';
import { lotteryOf } from './catalogue';
import type { Issues } from './issues';
import { businessDayOf } from './schedule';

/**
 * Demo data of the lottery back office (ADR 0048, 0050), for the embedded demo start only (`npm start` on the
 * embedded database; never in production, see scripts/embedded.ts): a second odds version of a fast game and a
 * cancelled issue of another, so the back office's odds history and results history have something to show. Both go
 * through the admin service as a staff change would (its checks, its log); each step is done once: a restart finds it
 * done (an odds version beyond the catalogue's, an issue cancelled for the demo reason) and adds nothing.
 */
export const DEMO_LOTTERY = {
  /** The demo merchant and the demo back-office admin (the platform's demo staff) the changes are logged under. */
  operator: 'demo',
  staff: 'ops_admin',
  oddsGame: 'lott-ffc1',
  oddsMethod: 'd5.position',
  oddsKey: 'win',
  /** 9.75 (prize group 1950) to 9.70: the house keeps 3% instead of 2.5% on a one-position bet. */
  oddsFrom: '9.75',
  oddsTo: '9.70',
  oddsNote: 'Demo: one-position odds 9.75 → 9.70',
  cancelGame: 'lott-ffc5',
  cancelReason: 'Demo: draw feed check',
} as const;

export type LotteryDemoResult = { oddsVersion: number | null; cancelledIssue: string | null };

export const seedLotteryDemo = async (deps: {
  db: Database;
  clock: Clock;
  admin: LotteryAdmin;
  issues: Issues;
}): Promise<LotteryDemoResult> => {
  const { db, clock, admin } = deps;
  const actor = { operator: DEMO_LOTTERY.operator, staff: DEMO_LOTTERY.staff };
  const result: LotteryDemoResult = { oddsVersion: null, cancelledIssue: null };

  // A second odds version, unless the game has any published version already (the demo's, or staff's own).
  const versions = await db.query('SELECT 1 FROM lottery_odds_versions WHERE lottery_code = $1 LIMIT 1', [
    DEMO_LOTTERY.oddsGame,
  ]);
  if (versions.rows.length === 0) {
    const view = await admin.odds({ staff: actor.staff, gameCode: DEMO_LOTTERY.oddsGame });
    const odds = Object.fromEntries(
      view.methods.map((m) => [m.method, Object.fromEntries(m.odds.map((o) => [o.key, o.odds]))]),
    );
    const method = odds[DEMO_LOTTERY.oddsMethod];
    if (method?.[DEMO_LOTTERY.oddsKey] === DEMO_LOTTERY.oddsFrom) {
      method[DEMO_LOTTERY.oddsKey] = DEMO_LOTTERY.oddsTo;
      const published = await admin.publishOdds(actor, {
        staff: actor.staff,
        gameCode: DEMO_LOTTERY.oddsGame,
        basedOnVersion: view.version,
        odds,
        note: DEMO_LOTTERY.oddsNote,
      });
      result.oddsVersion = published.version;
    }
  }

  // One issue of a fast game cancelled with a reason: the one taking bets now (or the next to open), so the results
  // history shows it at once. Never again once an issue was cancelled for the demo's reason.
  const cancelled = await db.query(
    'SELECT 1 FROM lottery_issues WHERE lottery_code = $1 AND cancel_reason = $2 LIMIT 1',
    [DEMO_LOTTERY.cancelGame, DEMO_LOTTERY.cancelReason],
  );
  const lottery = lotteryOf(DEMO_LOTTERY.cancelGame);
  if (cancelled.rows.length === 0 && lottery !== undefined) {
    await deps.issues.ensureDay(lottery, businessDayOf(lottery, clock.now()));
    const { rows } = await db.query<{ issue_no: string }>(
      `SELECT issue_no FROM lottery_issues WHERE lottery_code = $1 AND state IN ('SCHEDULED', 'OPEN') AND closes_at > $2
       ORDER BY draw_at LIMIT 1`,
      [lottery.code, new Date(clock.now())],
    );
    const issueNo = rows[0]?.issue_no;
    if (issueNo !== undefined) {
      const answer = await admin.cancel(actor, {
        staff: actor.staff,
        gameCode: lottery.code,
        issueNo,
        reason: DEMO_LOTTERY.cancelReason,
      });
      if (answer.cancelled) result.cancelledIssue = issueNo;
    }
  }
  return result;
};
