import {
  formatMoney,
  MoneyError,
  parseMoney,
  VendorBalanceAnswerSchema,
  VendorOrderAnswerSchema,
  VendorTransferAnswerSchema,
  VendorTransferCallSchema,
  type VendorTransferCallBody,
} from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import type { Merchant } from '../../platform/merchant';
import { playerIdOf } from './player-id';
import type { TransferWalletAdapter } from './transfer-adapter';
import {
  resolveApiBase,
  VendorNoAnswerError,
  type TransferEndpoint,
  type TransferProtocolClient,
} from './transfer-protocol.client';
import { vendorTransferRepository as repo } from './vendor-transfer.repository';

/**
 * The shared secret of (merchant code, vendor code), undefined when none is set: the same resolver the app gives the
 * seamless module (app.ts, BuildAppOptions.vendorSecret).
 */
export type VendorSecretResolver = (merchantCode: string, vendorCode: string) => string | undefined;

export type TransferEndpointDeps = {
  db: Queryable;
  merchantById: (merchantId: number) => Promise<Merchant>;
  vendorSecret: VendorSecretResolver;
  /** The platform's own address, for a relative api_url; undefined until the server listens. */
  selfUrl: () => string | undefined;
};

/**
 * How the platform reaches (merchant, vendor) now: the registry's api_url, the merchant's code and the shared secret,
 * read on every use so that a changed api_url or secret applies without a restart. A missing piece is "no answer"
 * (the order stays PENDING until it is configured), never a refusal.
 */
export const transferEndpointResolver =
  (deps: TransferEndpointDeps) =>
  async (merchantId: number, vendorCode: string): Promise<{ merchant: Merchant; endpoint: TransferEndpoint }> => {
    const merchant = await deps.merchantById(merchantId);
    const apiUrl = await repo.apiUrl(deps.db, merchantId, vendorCode);
    if (apiUrl === null) throw new VendorNoAnswerError(`vendor ${vendorCode} has no api_url`);
    const baseUrl = resolveApiBase(apiUrl, deps.selfUrl());
    if (baseUrl === undefined) throw new VendorNoAnswerError('the platform does not know its own address yet');
    const secret = deps.vendorSecret(merchant.code, vendorCode);
    if (secret === undefined || secret === '') {
      throw new VendorNoAnswerError(`no shared secret for ${merchant.code}/${vendorCode}`);
    }
    return { merchant, endpoint: { baseUrl, merchantCode: merchant.code, vendorCode, secret } };
  };

export type TransferEndpointResolver = ReturnType<typeof transferEndpointResolver>;

/** A decimal string from the vendor in the merchant's scale; anything else is a malformed answer. */
export const vendorAmountMinor = (text: string, merchant: Pick<Merchant, 'currencyScale'>): bigint => {
  try {
    return parseMoney(text, merchant.currencyScale, { allowZero: true });
  } catch (error) {
    if (error instanceof MoneyError) throw new VendorNoAnswerError(`amount ${error.reason}`);
    throw error;
  }
};

/**
 * The adapter of kind HTTP: the published transfer protocol over `client`. It only maps calls and answers; what a
 * missing or unusable answer means for the money is the service's business (vendor-transfer.service.ts).
 */
export const httpTransferAdapter = (
  endpoints: TransferEndpointResolver,
  client: TransferProtocolClient,
  merchantId: number,
  vendorCode: string,
): TransferWalletAdapter => ({
  code: vendorCode,
  transfer: async (call) => {
    const { merchant, endpoint } = await endpoints(merchantId, vendorCode);
    const body: VendorTransferCallBody = {
      orderNo: call.orderNo,
      playerId: playerIdOf(call.memberId),
      direction: call.direction,
      amount: formatMoney(call.amountMinor, merchant.currencyScale),
      currency: call.currency,
    };
    // Our own mistake (a currency with more decimals than the protocol carries) must not reach the vendor half-formed.
    const checked = VendorTransferCallSchema.safeParse(body);
    if (!checked.success) throw new VendorNoAnswerError('transfer: request outside the protocol, not sent');
    const answer = await client.call(endpoint, 'transfer', checked.data, VendorTransferAnswerSchema);
    return answer.status;
  },
  queryOrder: async (orderNo) => {
    const { endpoint } = await endpoints(merchantId, vendorCode);
    return (await client.call(endpoint, 'order', { orderNo }, VendorOrderAnswerSchema)).status;
  },
  balance: async (memberId) => {
    const { merchant, endpoint } = await endpoints(merchantId, vendorCode);
    const body = { playerId: playerIdOf(memberId), currency: merchant.currencyCode };
    const answer = await client.call(endpoint, 'balance', body, VendorBalanceAnswerSchema);
    return vendorAmountMinor(answer.balance, merchant);
  },
});
