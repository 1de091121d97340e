import {
  API,
  MerchantWalletSchema,
  VendorTransferOrderSchema,
  VendorWalletsSchema,
  type MerchantWallet,
  type TransferDirection,
  type VendorTransferOrder,
  type VendorWallets,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/wallet';

/** Under the wallet root, so a realtime `wallet.balance` refreshes the vendor balances too. */
export const vendorWalletsQueryKey = [WALLET_QUERY_ROOT, 'vendors'] as const;
export const merchantWalletQueryKey = [WALLET_QUERY_ROOT, 'merchant'] as const;

/** GET merchant wallet (spec §7): a single-wallet merchant has nothing to transfer. */
export const fetchMerchantWallet = (signal?: AbortSignal): Promise<MerchantWallet> =>
  apiRequest(API.wallet.merchantWallet, { schema: MerchantWalletSchema, ...(signal ? { signal } : {}) });

/** GET the main wallet and each vendor wallet with its balance and whether a transfer is still pending (T). */
export const fetchVendorWallets = (signal?: AbortSignal): Promise<VendorWallets> =>
  apiRequest(API.wallet.vendorWallets, { schema: VendorWalletsSchema, ...(signal ? { signal } : {}) });

/**
 * POST /wps/relay/GCS_walletTransfer (spec §7, T). A vendor that does not answer in time makes it fail with code
 * TRANSFER_PENDING (HTTP 202): the order settles later, and the page says so.
 */
export const sendVendorTransfer = (request: {
  vendor: string;
  direction: TransferDirection;
  amount: string;
  requestId: string;
}): Promise<VendorTransferOrder> =>
  apiRequest(API.wallet.vendorTransfer, { method: 'POST', body: request, schema: VendorTransferOrderSchema });
