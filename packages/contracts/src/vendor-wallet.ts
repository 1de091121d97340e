import { z } from 'zod';
import { AmountTextSchema } from './wallet';

/**
 * Transfer wallet (issue 4; spec §7 wallet transfer `/wps/relay/GCS_walletTransfer`, member centre transferFund).
 * Only for merchants whose merchant wallet is not single; otherwise every call answers 400 SINGLE_WALLET.
 */

/** A vendor code as the platform stores it (also the `VENDOR:<code>` ledger purpose). */
export const VendorCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,32}$/, 'must be a vendor code such as DEMO');

/** The main (CASH) wallet on the `from`/`to` side of a spec-style request. */
export const MAIN_WALLET = 'MAIN' as const;

/** IN: main wallet → vendor wallet; OUT: vendor wallet → main wallet. */
export const TransferDirectionSchema = z.enum(['IN', 'OUT']);
export type TransferDirection = z.infer<typeof TransferDirectionSchema>;

export const VendorTransferStatusSchema = z.enum(['PENDING', 'SUCCESS', 'FAILED']);
export type VendorTransferStatus = z.infer<typeof VendorTransferStatusSchema>;

/**
 * POST API.wallet.vendorTransfer (T). Either `vendor` + `direction`, or the spec's `from`/`to` wallets (one of them
 * MAIN, the other a vendor code). `requestId` is the idempotency key: a retry with the same id returns the same order.
 */
export const VendorTransferRequestSchema = z
  .object({
    vendor: VendorCodeSchema.optional(),
    direction: TransferDirectionSchema.optional(),
    from: z.string().trim().min(1).max(32).optional(),
    to: z.string().trim().min(1).max(32).optional(),
    amount: AmountTextSchema,
    requestId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-'),
  })
  .refine(
    (body) =>
      (body.vendor !== undefined && body.direction !== undefined) || (body.from !== undefined && body.to !== undefined),
    'give vendor and direction, or from and to',
  );
export type VendorTransferRequest = z.infer<typeof VendorTransferRequestSchema>;

/**
 * A transfer order. The call answers 200 with SUCCESS; 4xx with a code when refused (FAILED orders included, money
 * back in the main wallet); and 202 with `success: false`, code TRANSFER_PENDING and this order as `value` when the
 * vendor did not answer in time (the reconciliation job settles it later; nothing is released meanwhile).
 */
export const VendorTransferOrderSchema = z.object({
  orderNo: z.string(),
  vendor: z.string(),
  direction: TransferDirectionSchema,
  amount: z.string(),
  status: VendorTransferStatusSchema,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type VendorTransferOrder = z.infer<typeof VendorTransferOrderSchema>;

/** GET API.wallet.vendorWallets (T): the main wallet and each transfer-wallet vendor, platform-side balances. */
export const VendorWalletsSchema = z.object({
  main: z.string(),
  currencySymbol: z.string(),
  vendors: z.array(
    z.object({
      vendor: z.string(),
      name: z.string(),
      balance: z.string(),
      /** An order with this vendor is waiting for the vendor's answer; no new transfer until it settles. */
      pending: z.boolean(),
    }),
  ),
});
export type VendorWallets = z.infer<typeof VendorWalletsSchema>;

export const VENDOR_TRANSFER_MAX_PAGE_SIZE = 100;

/** GET OPS_API.vendorTransfers (staff): newest first, optionally by status. */
export const VendorTransferListQuerySchema = z.object({
  status: VendorTransferStatusSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(VENDOR_TRANSFER_MAX_PAGE_SIZE).default(20),
});

export const StaffVendorTransferSchema = VendorTransferOrderSchema.extend({
  username: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export const StaffVendorTransferPageSchema = z.object({
  list: z.array(StaffVendorTransferSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
