import { z } from 'zod';
import { DepositChannelKindSchema } from './deposit';

/**
 * Staff API for payment channels and limits (issue 7 back office, permission payments.manage): the merchant's deposit
 * channels (`/wps/ops/deposit-channels`) and its withdrawal rules (`/wps/ops/withdraw-settings`). Amounts are decimal
 * strings in the merchant's currency on the wire (DESIGN.md §4) and minor units in the database; the server refuses
 * more decimals than the currency has. Neither deposit channels nor withdrawal rules carry fees or per-day amount
 * limits in the schema (0005, 0006), so the back office does not offer them.
 */

/** Whole digits and an optional fraction; the server checks the fraction against the currency's scale. */
const AMOUNT_TEXT = /^\d{1,13}(\.\d{1,8})?$/;

/** "100.5" -> 10050000000n: the amount at 8 decimals (the largest scale), so two amounts compare exactly. */
const atMaxScale = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole + fraction.padEnd(8, '0'));
};

export const OpsAmountSchema = z
  .string()
  .trim()
  .regex(AMOUNT_TEXT, 'must be an amount such as 100.00')
  // Zod runs this check even when the pattern failed: only a well-formed amount is compared.
  .refine((text) => !AMOUNT_TEXT.test(text) || atMaxScale(text) > 0n, 'must be more than zero');

/** True when both amounts are well-formed and the minimum is above the maximum. */
export const amountsOutOfOrder = (min: string | undefined, max: string | undefined): boolean =>
  min !== undefined &&
  max !== undefined &&
  AMOUNT_TEXT.test(min.trim()) &&
  AMOUNT_TEXT.test(max.trim()) &&
  atMaxScale(min) > atMaxScale(max);

export const MIN_ABOVE_MAX_MESSAGE = 'must not be below the minimum';

const SortSchema = z.number().int().min(-1_000_000).max(1_000_000);
const BankTextSchema = z.string().trim().min(1, 'is required for a bank transfer channel').max(64);

/** A channel as staff see it: everything the player sees plus what only staff set. */
export const OpsDepositChannelSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: DepositChannelKindSchema,
  /** The online gateway (GATEWAY channels); null for MANUAL_BANK. */
  gatewayCode: z.string().nullable(),
  displayName: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The account the player transfers to (MANUAL_BANK); null for GATEWAY. */
  bankName: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  /** A PENDING order of this channel expires after this many minutes. */
  expiryMinutes: z.number().int(),
});
export type OpsDepositChannel = z.infer<typeof OpsDepositChannelSchema>;

/** GET /wps/ops/deposit-channels: every channel of the merchant (enabled or not) by sort and id, at most 200. */
export const OpsDepositChannelListSchema = z.object({
  list: z.array(OpsDepositChannelSchema),
  /** The gateways this platform has (a GATEWAY channel names one of them). */
  gateways: z.array(z.string()),
  /** Decimals of the merchant's currency: amounts may carry at most this many. */
  currencyScale: z.number().int(),
  currencySymbol: z.string(),
});
export type OpsDepositChannelList = z.infer<typeof OpsDepositChannelListSchema>;

const channelFields = {
  displayName: z.string().trim().min(1, 'is required').max(64),
  minAmount: OpsAmountSchema,
  maxAmount: OpsAmountSchema,
  enabled: z.boolean(),
  sort: SortSchema,
  gatewayCode: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,32}$/, 'must be a gateway code such as demo')
    .nullable(),
  bankName: BankTextSchema.nullable(),
  bankAccountName: BankTextSchema.nullable(),
  bankAccountNumber: BankTextSchema.nullable(),
  expiryMinutes: z.number().int().min(1).max(10_080),
};

/** POST /wps/ops/deposit-channels. A MANUAL_BANK channel needs its bank account; a GATEWAY channel its gateway. */
export const OpsDepositChannelCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'must be lower-case letters, digits, - or _ (at most 32)'),
    kind: DepositChannelKindSchema,
    ...channelFields,
    enabled: z.boolean().default(true),
    sort: SortSchema.default(0),
    gatewayCode: channelFields.gatewayCode.default(null),
    bankName: channelFields.bankName.default(null),
    bankAccountName: channelFields.bankAccountName.default(null),
    bankAccountNumber: channelFields.bankAccountNumber.default(null),
    expiryMinutes: channelFields.expiryMinutes.default(30),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (amountsOutOfOrder(c.minAmount, c.maxAmount)) {
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: MIN_ABOVE_MAX_MESSAGE });
    }
    if (c.kind === 'GATEWAY' && c.gatewayCode === null) {
      ctx.addIssue({ code: 'custom', path: ['gatewayCode'], message: 'is required for a gateway channel' });
    }
    if (c.kind === 'MANUAL_BANK') {
      for (const key of ['bankName', 'bankAccountName', 'bankAccountNumber'] as const) {
        if (c[key] === null)
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required for a bank transfer channel' });
      }
    }
  });
export type OpsDepositChannelCreate = z.infer<typeof OpsDepositChannelCreateSchema>;

/**
 * PATCH /wps/ops/deposit-channels/:id: any of the fields (code and kind never change); at least one. The server checks
 * the merged channel (minimum not above maximum, bank account of a MANUAL_BANK channel, gateway of a GATEWAY channel).
 */
export const OpsDepositChannelUpdateSchema = z
  .object(channelFields)
  .partial()
  .strict()
  .refine((c) => Object.keys(c).length > 0, 'nothing to change')
  .refine((c) => !amountsOutOfOrder(c.minAmount, c.maxAmount), { message: MIN_ABOVE_MAX_MESSAGE, path: ['maxAmount'] });
export type OpsDepositChannelUpdate = z.infer<typeof OpsDepositChannelUpdateSchema>;

export const OpsChannelParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a channel id') });

/** GET and PUT /wps/ops/withdraw-settings: the merchant's withdrawal rules (spec member centre withdraw). */
export const OpsWithdrawSettingsSchema = z.object({
  minAmount: z.string(),
  maxAmount: z.string(),
  /** Requests a member may make per day. */
  dailyCount: z.number().int(),
  /** Payout accounts a member may bind. */
  maxAccounts: z.number().int(),
  /** A paid order the member has not confirmed within this many minutes counts as received. */
  autoReceiveMinutes: z.number().int(),
  currencyScale: z.number().int(),
  currencySymbol: z.string(),
});
export type OpsWithdrawSettings = z.infer<typeof OpsWithdrawSettingsSchema>;

/** PUT body: the whole rule set (the form always sends every field). */
export const OpsWithdrawSettingsUpdateSchema = z
  .object({
    minAmount: OpsAmountSchema,
    maxAmount: OpsAmountSchema,
    dailyCount: z.number().int().min(1).max(100),
    maxAccounts: z.number().int().min(1).max(20),
    autoReceiveMinutes: z.number().int().min(1).max(43_200),
  })
  .strict()
  .refine((s) => !amountsOutOfOrder(s.minAmount, s.maxAmount), { message: MIN_ABOVE_MAX_MESSAGE, path: ['maxAmount'] });
export type OpsWithdrawSettingsUpdate = z.infer<typeof OpsWithdrawSettingsUpdateSchema>;
