import {
  LOTTERY_OPS_API,
  LotteryCancelAnswerSchema,
  LotteryCapsAnswerSchema,
  LotteryOddsPublishedSchema,
  OpsLotteryIssuesSchema,
  OpsLotteryListSchema,
  OpsLotteryOddsSchema,
  OpsLotteryPnlSchema,
  OpsLotterySchema,
} from '@platform/contracts';
import { apiPath, apiRequest } from '@/lib/api-client';

/** The lottery back office (issue 23, ADR 0048): every change refreshes everything under LOTTERY_KEY. */
export const LOTTERY_KEY = ['ops', 'lottery'] as const;

export const getLotteries = (signal?: AbortSignal) =>
  apiRequest(LOTTERY_OPS_API.games, { schema: OpsLotteryListSchema, signal });

export const setSuspension = (gameCode: string, body: { suspended: boolean; reason?: string }) =>
  apiRequest(apiPath(LOTTERY_OPS_API.suspension, { gameCode }), { method: 'PUT', body, schema: OpsLotterySchema });

export const getOdds = (gameCode: string, signal?: AbortSignal) =>
  apiRequest(apiPath(LOTTERY_OPS_API.odds, { gameCode }), { schema: OpsLotteryOddsSchema, signal });

export const publishOdds = (
  gameCode: string,
  body: { basedOnVersion: number; odds: Record<string, Record<string, string>>; note?: string },
) =>
  apiRequest(apiPath(LOTTERY_OPS_API.odds, { gameCode }), {
    method: 'POST',
    body,
    schema: LotteryOddsPublishedSchema,
  });

export const setCaps = (gameCode: string, body: { maxWinPerBet: string; maxWinPerIssue: string }) =>
  apiRequest(apiPath(LOTTERY_OPS_API.caps, { gameCode }), { method: 'PUT', body, schema: LotteryCapsAnswerSchema });

export const getIssues = (gameCode: string, pageNo: number, signal?: AbortSignal) =>
  apiRequest(apiPath(LOTTERY_OPS_API.issues, { gameCode }), {
    query: { pageNo },
    schema: OpsLotteryIssuesSchema,
    signal,
  });

export const cancelIssue = (gameCode: string, issueNo: string, reason: string) =>
  apiRequest(apiPath(LOTTERY_OPS_API.cancelIssue, { gameCode, issueNo }), {
    method: 'POST',
    body: { reason },
    schema: LotteryCancelAnswerSchema,
  });

export const getPnl = (gameCode: string, pageNo: number, signal?: AbortSignal) =>
  apiRequest(apiPath(LOTTERY_OPS_API.pnl, { gameCode }), { query: { pageNo }, schema: OpsLotteryPnlSchema, signal });
