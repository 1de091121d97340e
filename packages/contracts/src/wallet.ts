import { z } from 'zod';

/**
 * Wallet wire (issue 4; spec §2 header, §3 public state and merchant wallet, §7 balance and wallet transfer).
 * Money travels as a decimal string in the merchant's scale (DESIGN.md §4); the server parses it with parseMoney.
 */

/** A wire amount as the client sends it; the server parses it in the merchant's scale (money.ts). */
export const AmountTextSchema = z.string().trim().min(1).max(40);

/** GET /wps/v2/wallets/balance (T). A trial member's balance is its play money (`play` true). */
export const BalanceSchema = z.object({
  balance: z.string(),
  /** The merchant's symbol; `$` unless configured (spec §3). */
  currencySymbol: z.string().default('$'),
  currency: z.string(),
  /** Money held by pending withdrawals (not spendable). */
  frozen: z.string(),
  play: z.boolean(),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** GET merchant wallet (spec §7): isSingle true is the seamless single wallet; false adds vendor transfer wallets. */
export const MerchantWalletSchema = z.object({
  isSingle: z.boolean(),
  currency: z.string(),
  currencySymbol: z.string(),
  scale: z.number().int(),
});
export type MerchantWallet = z.infer<typeof MerchantWalletSchema>;

/** Periods of the account record and the order lists (spec transactionHistory). */
export const RecordPeriodSchema = z.enum(['TODAY', 'YESTERDAY', 'LAST_7_DAYS', 'LAST_30_DAYS', 'CUSTOM']);
export type RecordPeriod = z.infer<typeof RecordPeriodSchema>;
