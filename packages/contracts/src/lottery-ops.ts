import { z } from 'zod';

/**
 * The lottery back office (issue 23; ADR 0048). The lottery is the RGS's, a vendor's: staff reach it through the
 * platform server, which calls the RGS's lottery admin API signed with the merchant's LOTT secret (as every
 * platform-to-vendor call is signed) and audits each change. games.manage for every call.
 */
export const LOTTERY_OPS_API = {
  /** GET: every lottery with its schedule, suspension, odds version, caps and next issue. */
  games: '/wps/ops/lottery/games',
  /** PUT: suspends (with a reason) or resumes a game: no new bets while suspended. */
  suspension: '/wps/ops/lottery/games/:gameCode/suspension',
  /** GET: the odds table in force and its versions; POST: publishes a new version (new bets only). */
  odds: '/wps/ops/lottery/games/:gameCode/odds',
  /** PUT: the per-bet and per-issue payout caps. */
  caps: '/wps/ops/lottery/games/:gameCode/caps',
  /** GET: results history (issues up to now, with the merchant's bets on each). */
  issues: '/wps/ops/lottery/games/:gameCode/issues',
  /** POST: cancels an issue not yet drawn; every bet on it is refunded once. */
  cancelIssue: '/wps/ops/lottery/games/:gameCode/issues/:issueNo/cancel',
  /** GET: profit and loss per issue (the merchant's bets): stakes, payouts, refunds, net. */
  pnl: '/wps/ops/lottery/games/:gameCode/pnl',
} as const;

const Amount = z.string().regex(/^-?\d{1,16}(\.\d{1,2})?$/);
const Reason = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(200);

export const LotteryGameParamsSchema = z.object({ gameCode: z.string().regex(/^[a-z0-9-]{1,40}$/) });
export const LotteryIssueParamsSchema = LotteryGameParamsSchema.extend({ issueNo: z.string().regex(/^\d{8,14}$/) });
export const LotteryPageQuerySchema = z.object({ pageNo: z.coerce.number().int().min(1).max(1000).default(1) });

export const OpsLotterySchema = z.object({
  gameCode: z.string(),
  name: z.object({ en: z.string(), ty: z.string() }),
  vendor: z.string(),
  family: z.string(),
  region: z.string().nullable(),
  schedule: z.union([
    z.object({ kind: z.literal('fast'), intervalSec: z.number(), closeBeforeSec: z.number() }),
    z.object({ kind: z.literal('daily'), drawAtSec: z.number(), closeBeforeSec: z.number() }),
  ]),
  tzOffsetMinutes: z.number(),
  suspended: z.boolean(),
  suspendReason: z.string().nullable(),
  oddsVersion: z.number(),
  maxWinPerBet: Amount,
  maxWinPerIssue: Amount,
  nextIssue: z.object({ issueNo: z.string(), drawAt: z.string(), station: z.string().nullable() }).nullable(),
});
export const OpsLotteryListSchema = z.object({ list: z.array(OpsLotterySchema) });
export type OpsLottery = z.infer<typeof OpsLotterySchema>;

export const LotterySuspensionSchema = z
  .object({ suspended: z.boolean(), reason: Reason.optional() })
  .refine((v) => !v.suspended || v.reason !== undefined, {
    message: 'Say why the game is suspended',
    path: ['reason'],
  });

/** Decimal odds per method and key ("9.75"): the whole table, as the RGS's catalogue names its methods and keys. */
export const LotteryOddsPublishSchema = z.object({
  basedOnVersion: z.number().int().min(1),
  odds: z.record(
    z.string().max(40),
    z.record(z.string().max(40), z.string().regex(/^\d{1,7}(\.\d{1,4})?$/, 'Odds such as 9.75')),
  ),
  note: z.string().trim().max(200).optional(),
});
export const OpsLotteryOddsSchema = z.object({
  gameCode: z.string(),
  oddsId: z.string(),
  version: z.number(),
  methods: z.array(
    z.object({
      method: z.string(),
      odds: z.array(z.object({ key: z.string(), odds: z.string(), rtp: z.number() })),
    }),
  ),
  versions: z.array(
    z.object({
      version: z.number(),
      publishedAt: z.string().nullable(),
      publishedBy: z.string().nullable(),
      note: z.string().nullable(),
      bets: z.number(),
    }),
  ),
});
export type OpsLotteryOdds = z.infer<typeof OpsLotteryOddsSchema>;
export const LotteryOddsPublishedSchema = z.object({ gameCode: z.string(), version: z.number() });

const CapAmount = z.string().regex(/^\d{1,14}(\.\d{1,2})?$/, 'An amount such as 5000.00');
export const LotteryCapsSchema = z
  .object({ maxWinPerBet: CapAmount, maxWinPerIssue: CapAmount })
  .refine((v) => Number(v.maxWinPerIssue) >= Number(v.maxWinPerBet), {
    message: 'The per-issue cap must be at least the per-bet cap',
    path: ['maxWinPerIssue'],
  });
export const LotteryCapsAnswerSchema = z.object({
  gameCode: z.string(),
  maxWinPerBet: Amount,
  maxWinPerIssue: Amount,
});

export const OpsLotteryIssuesSchema = z.object({
  gameCode: z.string(),
  pageNo: z.number(),
  list: z.array(
    z.object({
      issueNo: z.string(),
      state: z.string(),
      station: z.string().nullable(),
      closesAt: z.string(),
      drawAt: z.string(),
      numbers: z.array(z.string()).nullable(),
      cancelReason: z.string().nullable(),
      bets: z.number(),
      cancellable: z.boolean(),
    }),
  ),
});
export type OpsLotteryIssues = z.infer<typeof OpsLotteryIssuesSchema>;

export const LotteryCancelSchema = z.object({ reason: Reason });
export const LotteryCancelAnswerSchema = z.object({
  gameCode: z.string(),
  issueNo: z.string(),
  cancelled: z.boolean(),
  alreadyCancelled: z.boolean(),
});

export const OpsLotteryPnlSchema = z.object({
  gameCode: z.string(),
  pageNo: z.number(),
  list: z.array(
    z.object({
      issueNo: z.string(),
      state: z.string(),
      drawAt: z.string(),
      currency: z.string(),
      bets: z.number(),
      stakes: Amount,
      payouts: Amount,
      refunds: Amount,
      net: Amount,
    }),
  ),
});
export type OpsLotteryPnl = z.infer<typeof OpsLotteryPnlSchema>;
