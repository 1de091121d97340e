import { BalanceSchema, MerchantWalletSchema } from '../wallet';
import {
  CreateDepositRequestSchema,
  CreateDepositResponseSchema,
  DepositChannelListSchema,
  DepositOrderPageSchema,
  DepositOrderQuerySchema,
  DepositOrderSchema,
  DepositWebhookAnswerSchema,
} from '../deposit';
import { API } from '../paths';
import {
  DepositOrderParamsSchema,
  GatewayParamsSchema,
  WithdrawAccountParamsSchema,
  WithdrawConfirmFieldsSchema,
  WithdrawOrderParamsSchema,
  WithdrawProofParamsSchema,
} from './params';
import type { SEAMLESS_BASE_PATH } from '../seamless';
import {
  SEAMLESS_BATCH_PATH,
  SEAMLESS_OPS,
  SEAMLESS_REQUEST_SCHEMAS,
  SeamlessAnswerSchema,
  SeamlessBatchAnswerSchema,
  SeamlessBatchRequestSchema,
  seamlessPath,
  type SeamlessOp,
} from '../seamless';
import {
  TransactionPageSchema,
  TransactionsQuerySchema,
  TransferDownlineRequestSchema,
  TransferResultSchema,
  TransferUplineRequestSchema,
  UplineInfoSchema,
} from '../transfer';
import { VendorTransferOrderSchema, VendorTransferRequestSchema, VendorWalletsSchema } from '../vendor-wallet';
import {
  BindWithdrawAccountRequestSchema,
  WithdrawAccountListSchema,
  WithdrawAccountSchema,
  WithdrawOrderPageSchema,
  WithdrawOrderSchema,
  WithdrawPageQuerySchema,
  WithdrawRequestSchema,
  WithdrawSettingsSchema,
} from '../withdraw';
import type { RouteDescriptor } from './route-descriptor';

/** A seamless call's descriptor: its path stays a path of the API's (not any string) for lookups by path. */
type SeamlessRoute = RouteDescriptor & { method: 'POST'; path: `${typeof SEAMLESS_BASE_PATH}/${SeamlessOp}` };

/** The calls that move or show money: wallet, transfers, deposits, withdrawals, and the vendors' seamless wallet. */
export const MONEY_ROUTES = [
  { method: 'GET', path: API.wallet.balance, auth: 'session', response: BalanceSchema },
  { method: 'GET', path: API.wallet.merchantWallet, auth: 'none', response: MerchantWalletSchema },
  {
    method: 'GET',
    path: API.wallet.transactions,
    auth: 'session',
    query: TransactionsQuerySchema,
    response: TransactionPageSchema,
  },
  {
    method: 'POST',
    path: API.wallet.vendorTransfer,
    auth: 'member',
    body: VendorTransferRequestSchema,
    response: VendorTransferOrderSchema,
  },
  { method: 'GET', path: API.wallet.vendorWallets, auth: 'member', response: VendorWalletsSchema },
  { method: 'GET', path: API.wallet.transferUpline, auth: 'member', response: UplineInfoSchema },
  {
    method: 'POST',
    path: API.wallet.transferUpline,
    auth: 'member',
    body: TransferUplineRequestSchema,
    encoding: 'sealed',
    response: TransferResultSchema,
  },
  {
    method: 'POST',
    path: API.agent.transferDownline,
    auth: 'agent',
    body: TransferDownlineRequestSchema,
    encoding: 'sealed',
    response: TransferResultSchema,
  },
  // Deposits (issue 4)
  { method: 'GET', path: API.deposit.channels, auth: 'session', response: DepositChannelListSchema },
  {
    method: 'POST',
    path: API.deposit.orders,
    auth: 'member',
    body: CreateDepositRequestSchema,
    response: CreateDepositResponseSchema,
  },
  {
    method: 'GET',
    path: API.deposit.orders,
    auth: 'session',
    query: DepositOrderQuerySchema,
    response: DepositOrderPageSchema,
  },
  {
    method: 'GET',
    path: API.deposit.order,
    auth: 'session',
    params: DepositOrderParamsSchema,
    response: DepositOrderSchema,
  },
  // The body's shape is the gateway's own; the route reads the signed bytes.
  {
    method: 'POST',
    path: API.deposit.webhook,
    auth: 'gateway-signature',
    params: GatewayParamsSchema,
    encoding: 'signed-json',
    response: DepositWebhookAnswerSchema,
  },
  // Withdrawals (issue 4)
  { method: 'GET', path: API.withdraw.settings, auth: 'member', response: WithdrawSettingsSchema },
  { method: 'GET', path: API.withdraw.accounts, auth: 'member', response: WithdrawAccountListSchema },
  {
    method: 'POST',
    path: API.withdraw.accounts,
    auth: 'member',
    body: BindWithdrawAccountRequestSchema,
    response: WithdrawAccountSchema,
  },
  // Answers `done(...)`: a message, no value.
  { method: 'DELETE', path: API.withdraw.account, auth: 'member', params: WithdrawAccountParamsSchema },
  {
    method: 'POST',
    path: API.withdraw.orders,
    auth: 'member',
    body: WithdrawRequestSchema,
    encoding: 'sealed',
    response: WithdrawOrderSchema,
  },
  {
    method: 'GET',
    path: API.withdraw.orders,
    auth: 'member',
    query: WithdrawPageQuerySchema,
    response: WithdrawOrderPageSchema,
  },
  {
    method: 'GET',
    path: API.withdraw.order,
    auth: 'member',
    params: WithdrawOrderParamsSchema,
    response: WithdrawOrderSchema,
  },
  {
    method: 'POST',
    path: API.withdraw.confirm,
    auth: 'member',
    params: WithdrawOrderParamsSchema,
    body: WithdrawConfirmFieldsSchema,
    encoding: 'multipart',
    response: WithdrawOrderSchema,
  },
  // Answers the image itself.
  { method: 'GET', path: API.withdraw.proof, auth: 'member', params: WithdrawProofParamsSchema },
  // The seamless wallet's five signed calls (docs/protocols/seamless-wallet.md)
  ...SEAMLESS_OPS.map((op): SeamlessRoute => ({
    method: 'POST',
    path: seamlessPath(op),
    auth: 'vendor-signature',
    body: SEAMLESS_REQUEST_SCHEMAS[op],
    encoding: 'signed-json',
    response: SeamlessAnswerSchema,
  })),
  // Many settlements under one signature, answered per item (ADR 0047)
  {
    method: 'POST',
    path: SEAMLESS_BATCH_PATH,
    auth: 'vendor-signature',
    body: SeamlessBatchRequestSchema,
    encoding: 'signed-json',
    response: SeamlessBatchAnswerSchema,
  },
] as const satisfies readonly RouteDescriptor[];
