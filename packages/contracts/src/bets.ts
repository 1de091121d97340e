import { z } from 'zod';
import { GAME_TYPES } from './catalogue-constants';
import { RecordPeriodSchema } from './wallet';

/**
 * Betting record (issue 6; spec member centre personalHistoryCopy): every round a vendor reported for the member,
 * through the seamless protocol (live) or the transfer protocol's bet-record pull.
 */

/** OPEN: bets placed, not settled; SETTLED: won or lost; CANCELLED: every bet rolled back. */
export const ROUND_STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;
export const RoundStatusSchema = z.enum(ROUND_STATUSES);
export type RoundStatus = z.infer<typeof RoundStatusSchema>;

export const BETS_PAGE_SIZE_MAX = 50;
/** A custom period spans at most this many days, both ends included. */
export const BETS_CUSTOM_DAYS_MAX = 90;

const LanguageParamSchema = z.preprocess((value) => (value === '' ? undefined : value), z.string().max(16).optional());

const DateTextSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** GET API.game.bets (T). Period days are in the merchant's time zone; CUSTOM needs startDate and endDate. */
export const BetRecordQuerySchema = z
  .object({
    vendor: z
      .string()
      .regex(/^[A-Z0-9_]{1,32}$/)
      .optional(),
    gameType: z.enum(GAME_TYPES).optional(),
    status: RoundStatusSchema.optional(),
    period: RecordPeriodSchema.default('TODAY'),
    startDate: DateTextSchema.optional(),
    endDate: DateTextSchema.optional(),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(BETS_PAGE_SIZE_MAX).default(20),
    /** The language of game names (a pack code such as EN or TY); unknown or absent: the merchant's default. */
    language: LanguageParamSchema,
  })
  .refine((query) => query.period !== 'CUSTOM' || (query.startDate !== undefined && query.endDate !== undefined), {
    message: 'a custom period needs startDate and endDate',
    path: ['startDate'],
  });
export type BetRecordQuery = z.input<typeof BetRecordQuerySchema>;

/** GET API.game.betDetail (T) query: the language of the game name, as in the list. */
export const BetDetailQuerySchema = z.object({ language: LanguageParamSchema });
export type BetDetailQuery = z.input<typeof BetDetailQuerySchema>;

/** One round as the member sees it. Amounts are decimal strings; `play` marks play money (trial). */
export const BetRoundSchema = z.object({
  vendor: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: z.string(),
  roundId: z.string(),
  /** ISO 8601: the first bet of the round. */
  betTime: z.string(),
  settledAt: z.string().nullable(),
  bet: z.string(),
  win: z.string(),
  /** The stake that counts for turnover: bets not rolled back. */
  validBet: z.string(),
  /** win − validBet, signed ("+12.00", "-5.00", "0.00"): rolled-back bets were refunded and do not count. */
  profit: z.string(),
  status: RoundStatusSchema,
  currency: z.string(),
  play: z.boolean(),
});
export type BetRound = z.infer<typeof BetRoundSchema>;

export const BetTotalsSchema = z.object({
  rounds: z.number().int(),
  bet: z.string(),
  win: z.string(),
  validBet: z.string(),
  profit: z.string(),
});
export type BetTotals = z.infer<typeof BetTotalsSchema>;

export const BetRecordPageSchema = z.object({
  list: z.array(BetRoundSchema),
  /** Totals over every round the filters select, not only this page. */
  totals: BetTotalsSchema,
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type BetRecordPage = z.infer<typeof BetRecordPageSchema>;

/** GET API.game.betDetail (T): a round with its vendor transactions and the vendor's replay link. */
export const BetRoundDetailSchema = BetRoundSchema.extend({
  transactions: z.array(
    z.object({
      transactionId: z.string(),
      /** BET, WIN, ROLLBACK. */
      kind: z.string(),
      amount: z.string(),
      time: z.string(),
      /** Rolled-back bets stay listed with status ROLLED_BACK. */
      status: z.string(),
    }),
  ),
  /** The vendor's round replay (verifier for the in-house games); null when the vendor has none. */
  replayUrl: z.string().nullable(),
});
export type BetRoundDetail = z.infer<typeof BetRoundDetailSchema>;

/** GET API.game.jackpots (public): the in-house vendor's progressive pools, one per currency. */
export const JackpotPoolsSchema = z.object({
  pools: z.array(
    z.object({
      vendor: z.string(),
      /** The vendor's name for the pool, e.g. "Grand". */
      name: z.string(),
      currency: z.string(),
      amount: z.string(),
    }),
  ),
});
export type JackpotPools = z.infer<typeof JackpotPoolsSchema>;
