import type { OddsTable } from '@platform/game-math';
import type { Queryable } from '../db/database';
import type { LotteryDefinition } from './catalogue';

/**
 * What staff changed on a lottery (ADR 0048), laid over its catalogue definition: the latest published odds version
 * (new bets are priced and stored with it; a placed bet keeps its own), the payout caps (read when an issue settles)
 * and the suspension (no new bets or chases; issues are still drawn and settled).
 */
export type LotteryInForce = LotteryDefinition & { suspended: boolean; suspendReason: string | null };

export const lotteryInForce = async (db: Queryable, lottery: LotteryDefinition): Promise<LotteryInForce> => {
  const { rows } = await db.query<{
    suspended: boolean | null;
    suspend_reason: string | null;
    max_win_per_bet_minor: bigint | null;
    max_win_per_issue_minor: bigint | null;
    version: number | null;
    odds_id: string | null;
    odds: OddsTable['odds'] | null;
  }>(
    `SELECT s.suspended, s.suspend_reason, s.max_win_per_bet_minor, s.max_win_per_issue_minor, o.version, o.odds_id,
       o.odds
     FROM (SELECT $1::text AS lottery_code) k
     LEFT JOIN lottery_settings s ON s.lottery_code = k.lottery_code
     LEFT JOIN LATERAL (SELECT version, odds_id, odds FROM lottery_odds_versions v WHERE v.lottery_code = k.lottery_code
       ORDER BY version DESC LIMIT 1) o ON true`,
    [lottery.code],
  );
  const row = rows[0];
  const odds: OddsTable =
    row?.version === null || row?.version === undefined || row.odds === null
      ? lottery.odds
      : { ...lottery.odds, id: row.odds_id ?? lottery.odds.id, version: row.version, odds: row.odds };
  return {
    ...lottery,
    odds,
    maxWinPerBetMinor:
      row?.max_win_per_bet_minor == null ? lottery.maxWinPerBetMinor : BigInt(row.max_win_per_bet_minor),
    maxWinPerIssueMinor:
      row?.max_win_per_issue_minor == null ? lottery.maxWinPerIssueMinor : BigInt(row.max_win_per_issue_minor),
    suspended: row?.suspended === true,
    suspendReason: row?.suspend_reason ?? null,
  };
};
