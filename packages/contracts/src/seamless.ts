import { z } from 'zod';

/**
 * The seamless wallet protocol (issue 6; DESIGN.md §6; published in docs/protocols/seamless-wallet.md). A vendor calls
 * the platform on every money movement of a round; the platform's ledger is the only balance.
 *
 * Transport: `POST <platform>/wps/seamless/v1/<op>` with a JSON body and these headers:
 * - `X-Merchant`: the merchant code the vendor was configured for (e.g. `demo`);
 * - `X-Vendor`: the vendor code (e.g. `RGS`);
 * - `X-Timestamp`: milliseconds since the epoch when the request was signed;
 * - `X-Signature`: lower-case hex HMAC-SHA256 of `${timestamp}.${rawBody}` keyed with the vendor's shared secret.
 * A request is refused when the signature does not match (SIGNATURE_INVALID) or the timestamp is more than
 * SEAMLESS_TIME_WINDOW_MS away from the platform's clock (TIMESTAMP_STALE).
 *
 * Answers use the platform envelope `{ success, value?, code?, message? }`; HTTP status is honest (4xx the vendor's
 * fault or a business refusal, 5xx ours). Amounts are decimal strings in the currency's scale ("12.50").
 */
export const SEAMLESS_BASE_PATH = '/wps/seamless/v1';
export const SEAMLESS_OPS = ['balance', 'debit', 'credit', 'rollback', 'endRound'] as const;
export type SeamlessOp = (typeof SEAMLESS_OPS)[number];
export const seamlessPath = <O extends SeamlessOp>(op: O): `${typeof SEAMLESS_BASE_PATH}/${O}` =>
  `${SEAMLESS_BASE_PATH}/${op}`;

export const SEAMLESS_HEADERS = {
  merchant: 'x-merchant',
  vendor: 'x-vendor',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;
/** A signed request is accepted within ±5 minutes of the platform's clock. */
export const SEAMLESS_TIME_WINDOW_MS = 5 * 60_000;
/** A game session (launch) is valid this long for debits; credits and rollbacks are accepted after it expired. */
export const GAME_SESSION_TTL_MS = 4 * 60 * 60_000;
/** What is signed: the timestamp header, a dot, and the raw request body exactly as sent. */
export const seamlessSigningText = (timestamp: string, rawBody: string): string => `${timestamp}.${rawBody}`;

/**
 * The signed launch URL (docs/protocols/seamless-wallet.md "Launch"). The player's browser carries the launch query to
 * the vendor, so the vendor must not trust a value the player could edit (play money claimed on a real session, another
 * player, another currency): the platform adds `wallet`, `exp` and `sig`, where `sig` is the lower-case hex
 * HMAC-SHA256, keyed with the shared secret, of launchSigningText(every other query parameter).
 */
export const LAUNCH_WALLETS = ['seamless', 'transfer'] as const;
export type LaunchWallet = (typeof LAUNCH_WALLETS)[number];
/** The player's theme, carried by the launch (`theme`) so the game client looks like the lobby it was opened from. */
export const LAUNCH_THEMES = ['dark', 'light'] as const;
export type LaunchTheme = (typeof LAUNCH_THEMES)[number];
/** A launch URL is accepted this long after it was issued (`exp` = launch time + this, ms since the epoch). */
export const LAUNCH_LINK_TTL_MS = 2 * 60_000;
/**
 * The canonical query: every launch parameter except `sig`, sorted by key (plain code-unit order, as the keys are
 * ASCII), written `key=value` with the values as they are (not URL-encoded) and joined by `&`.
 */
export const launchSigningText = (params: Readonly<Record<string, string>>): string =>
  Object.keys(params)
    .filter((key) => key !== 'sig')
    .sort()
    .map((key) => `${key}=${params[key] ?? ''}`)
    .join('&');

/** The vendor's id for one money movement: unique per vendor (and merchant); the idempotency key. */
const TransactionIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits or _.:-');
const RoundIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits or _.:-');
/** A non-negative decimal with at most 2 decimals (the platform converts it with the merchant's currency scale). */
const AmountSchema = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be a non-negative decimal such as 12.50');

const SessionFields = {
  /** The game session issued at launch (it names the member, vendor, game and currency). */
  sessionToken: z.string().min(16).max(128),
  /** The player reference given at launch; must match the session's. */
  playerId: z.string().min(1).max(64),
  currency: z.string().regex(/^[A-Z][A-Z0-9]{2,7}$/),
};

export const SeamlessBalanceRequestSchema = z.strictObject({ ...SessionFields });
export type SeamlessBalanceRequest = z.infer<typeof SeamlessBalanceRequestSchema>;

/** A bet: money leaves the player's wallet. Refused after the session expired, or without the funds. */
export const SeamlessDebitRequestSchema = z.strictObject({
  ...SessionFields,
  transactionId: TransactionIdSchema,
  roundId: RoundIdSchema,
  gameCode: z.string().min(1).max(64),
  amount: AmountSchema,
});
export type SeamlessDebitRequest = z.infer<typeof SeamlessDebitRequestSchema>;

/** A win (0 allowed: settles the bet as lost) referencing its bet. `endRound` also closes the round. */
export const SeamlessCreditRequestSchema = z.strictObject({
  ...SessionFields,
  transactionId: TransactionIdSchema,
  betTransactionId: TransactionIdSchema,
  roundId: RoundIdSchema,
  amount: AmountSchema,
  endRound: z.boolean().optional(),
});
export type SeamlessCreditRequest = z.infer<typeof SeamlessCreditRequestSchema>;

/**
 * Cancels a bet and returns its amount. When the bet has not arrived (yet), the rollback succeeds and leaves a
 * tombstone: a later debit with that transaction id is refused with BET_ROLLED_BACK.
 */
export const SeamlessRollbackRequestSchema = z.strictObject({
  ...SessionFields,
  transactionId: TransactionIdSchema,
  betTransactionId: TransactionIdSchema,
  roundId: RoundIdSchema,
});
export type SeamlessRollbackRequest = z.infer<typeof SeamlessRollbackRequestSchema>;

/** Closes a round: its bets with no win yet are settled as lost. */
export const SeamlessEndRoundRequestSchema = z.strictObject({
  ...SessionFields,
  transactionId: TransactionIdSchema,
  roundId: RoundIdSchema,
});
export type SeamlessEndRoundRequest = z.infer<typeof SeamlessEndRoundRequestSchema>;

export const SEAMLESS_REQUEST_SCHEMAS = {
  balance: SeamlessBalanceRequestSchema,
  debit: SeamlessDebitRequestSchema,
  credit: SeamlessCreditRequestSchema,
  rollback: SeamlessRollbackRequestSchema,
  endRound: SeamlessEndRoundRequestSchema,
} as const satisfies Record<SeamlessOp, z.ZodType>;

/**
 * The batch call (ADR 0047): many settlements of a vendor under one signature, `POST <platform>/wps/seamless/v1/batch`
 * with `{ "items": [...] }`. Each item is a credit or an endRound as the single calls take them, with its `op`; the
 * platform applies them in one transaction and answers per item (`SeamlessBatchAnswer`), each idempotent on its own
 * transaction id. More than SEAMLESS_BATCH_MAX_ITEMS items is refused whole with BATCH_TOO_LARGE (413).
 */
export const SEAMLESS_BATCH_PATH = `${SEAMLESS_BASE_PATH}/batch` as const;
export const SEAMLESS_BATCH_MAX_ITEMS = 1000;
/** A batch of SEAMLESS_BATCH_MAX_ITEMS items of about 300 bytes each fits with room to spare. */
export const SEAMLESS_BATCH_BODY_LIMIT_BYTES = 1024 * 1024;
export const SEAMLESS_BATCH_OPS = ['credit', 'endRound'] as const;
export type SeamlessBatchOp = (typeof SEAMLESS_BATCH_OPS)[number];

export const SeamlessBatchItemSchema = z.discriminatedUnion('op', [
  SeamlessCreditRequestSchema.extend({ op: z.literal('credit') }),
  SeamlessEndRoundRequestSchema.extend({ op: z.literal('endRound') }),
]);
export type SeamlessBatchItem = z.infer<typeof SeamlessBatchItemSchema>;

/**
 * The envelope only: `items` is a non-empty list, each item checked on its own (an item that does not parse is answered
 * VALIDATION_FAILED by itself, the others are applied).
 */
export const SeamlessBatchRequestSchema = z.strictObject({ items: z.array(z.unknown()).min(1) });
export type SeamlessBatchRequest = { items: SeamlessBatchItem[] };

/** One item's answer, in the order of the request: the single call's answer, or its refusal. */
export const SeamlessBatchResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    transactionId: z.string(),
    balance: z.string(),
    currency: z.string(),
    duplicate: z.boolean().optional(),
  }),
  z.object({
    ok: z.literal(false),
    transactionId: z.string().optional(),
    code: z.string(),
    message: z.string(),
    balance: z.string().optional(),
  }),
]);
export type SeamlessBatchResult = z.infer<typeof SeamlessBatchResultSchema>;
export const SeamlessBatchAnswerSchema = z.object({ items: z.array(SeamlessBatchResultSchema) });
export type SeamlessBatchAnswer = z.infer<typeof SeamlessBatchAnswerSchema>;

/**
 * Every successful answer (and the value of an INSUFFICIENT_FUNDS refusal): the wallet's balance after the call.
 * A repeated transaction id answers the first answer again, with `duplicate: true`.
 */
export const SeamlessAnswerSchema = z.object({
  balance: AmountSchema,
  currency: z.string(),
  transactionId: z.string().optional(),
  duplicate: z.boolean().optional(),
});
export type SeamlessAnswer = z.infer<typeof SeamlessAnswerSchema>;

/** The protocol's error codes (also members of the platform's ErrorCode). */
export const SEAMLESS_ERROR_CODES = [
  'VALIDATION_FAILED',
  'SIGNATURE_INVALID',
  'TIMESTAMP_STALE',
  'VENDOR_UNKNOWN',
  'SOURCE_NOT_ALLOWED',
  'SESSION_INVALID',
  'SESSION_EXPIRED',
  'PLAYER_MISMATCH',
  'CURRENCY_MISMATCH',
  'ACCOUNT_LOCKED',
  'INSUFFICIENT_FUNDS',
  'TRANSACTION_CONFLICT',
  'BET_NOT_FOUND',
  'BET_ROLLED_BACK',
  'BET_SETTLED',
  /** The round's stake would pass the maximum bet of the bonus being wagered (DESIGN.md §13). */
  'BONUS_MAX_BET',
  /** A batch call of more than SEAMLESS_BATCH_MAX_ITEMS items (refused whole, nothing applied). */
  'BATCH_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type SeamlessErrorCode = (typeof SEAMLESS_ERROR_CODES)[number];
