import { createHmac } from 'node:crypto';
import {
  API,
  formatMoney,
  sealPayload,
  SEAMLESS_HEADERS,
  seamlessPath,
  seamlessSigningText,
  type PublicKeyInfo,
  type SeamlessOp,
  OPS_API,
} from '@platform/contracts';
import { signNotification, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../modules/money/demo-gateway';
import {
  CURRENCY,
  GAME,
  PAYMENT_PASSWORD,
  SCALE,
  VENDOR,
  type CrashFixture,
  type Party,
  type Player,
} from './crash-fixture';
import type { HttpRequest, Sent } from './crash-support';

/**
 * The money operations of the crash test's load (issue 4), each over the HTTP API a real caller uses: staff
 * adjustments, a vendor's seamless bets, wins and rollbacks, deposits (the member's order, then the gateway's signed
 * notification), withdrawals (the member's sealed request, then the staff decision) and sealed transfers to the upline.
 *
 * Every operation has a key (request id, vendor transaction id, order number) and two requests under it: variant 0, the
 * operation; variant 1, the same key with another request (another amount, round or decision), which is sent only
 * once variant 0 was acknowledged and must then be refused.
 */
export type Decision = 'PAID' | 'REJECTED';
type Base = { key: string; amounts: readonly [bigint, bigint] };
export type Op =
  | (Base & { kind: 'adjust'; party: Party; direction: 'CREDIT' | 'DEBIT' })
  | (Base & { kind: 'bet'; player: Player; round: string })
  | (Base & { kind: 'win'; player: Player; round: string; bet: string })
  /** Variant 1 names another round. */
  | (Base & { kind: 'rollback'; player: Player; round: string; bet: string })
  /** Keyed by the member's request id. */
  | (Base & { kind: 'depositOrder'; player: Player })
  /** Keyed by the order number; variant 1 notifies another amount. */
  | (Base & { kind: 'depositPaid'; player: Player; gatewayOrderId: string })
  | (Base & { kind: 'withdraw'; player: Player })
  /** Keyed by the order number; variant 1 is the other decision. */
  | (Base & { kind: 'decide'; player: Player; decisions: readonly [Decision, Decision] })
  | (Base & { kind: 'transfer'; player: Player });
export type Kind = Op['kind'];
export const KINDS: readonly Kind[] = [
  'adjust',
  'bet',
  'win',
  'rollback',
  'depositOrder',
  'depositPaid',
  'withdraw',
  'decide',
  'transfer',
];

export type Outcome =
  /** Acknowledged: the operation is in. */
  | 'ACK'
  /** The connection died with the request: it may or may not have landed. */
  | 'UNKNOWN'
  /** The connection was refused: the request never reached a server. */
  | 'NOT_SENT'
  /** A refusal the caller expects for this request: nothing moved. */
  | `REFUSED ${string}`
  | `UNEXPECTED ${string}`;

export type Answer = {
  variant: 0 | 1;
  outcome: Outcome;
  /** Whether this call applied the operation, when the API says (replayed, duplicate). */
  first?: boolean;
  /** Transfer id (adjustments, transfers) or order number (deposits, withdrawals). */
  ref?: string;
  /** The balance the caller was told it left (adjustments, transfers, seamless calls). */
  balance?: string;
  /** Decided withdrawals: the order's status in the answer. */
  status?: string;
  /** Deposit orders: the gateway's payment id, read from the payment URL. */
  gatewayOrderId?: string;
};

/** Refusals each variant may get; anything else fails the test. */
const REFUSALS: Record<Kind, readonly [readonly string[], readonly string[]]> = {
  adjust: [['INSUFFICIENT_FUNDS'], ['IDEMPOTENCY_CONFLICT']],
  bet: [['INSUFFICIENT_FUNDS', 'BET_ROLLED_BACK'], ['TRANSACTION_CONFLICT']],
  win: [[], ['TRANSACTION_CONFLICT']],
  rollback: [[], ['TRANSACTION_CONFLICT']],
  depositOrder: [['RATE_LIMITED'], ['IDEMPOTENCY_CONFLICT', 'RATE_LIMITED']],
  depositPaid: [[], ['INVALID_AMOUNT']],
  withdraw: [
    ['INSUFFICIENT_FUNDS', 'RATE_LIMITED'],
    ['IDEMPOTENCY_CONFLICT', 'RATE_LIMITED'],
  ],
  // A withdrawal acknowledged as pending may still be HOLDING (its own request is holding it): not decidable yet.
  decide: [['ORDER_STATE_INVALID:HOLDING'], ['ORDER_STATE_INVALID:PAID', 'ORDER_STATE_INVALID:REJECTED']],
  transfer: [
    ['INSUFFICIENT_FUNDS', 'RATE_LIMITED'],
    ['IDEMPOTENCY_CONFLICT', 'RATE_LIMITED'],
  ],
};
export const refusalsOf = (kind: Kind, variant: 0 | 1) => REFUSALS[kind][variant];

/** Kinds whose `first` (replayed / duplicate) says whether the call moved money now. */
export const FIRST_MEANS_APPLIED: ReadonlySet<Kind> = new Set([
  'adjust',
  'bet',
  'win',
  'rollback',
  'depositOrder',
  'transfer',
]);

export type OpContext = Pick<
  CrashFixture,
  'host' | 'merchantCode' | 'channelId' | 'staffToken' | 'vendorSecret' | 'gatewaySecret'
> & {
  publicKey: PublicKeyInfo;
};

const money = (minor: bigint) => formatMoney(minor, SCALE);

const staffCall = (ctx: OpContext, path: string, body: unknown): HttpRequest => ({
  method: 'POST',
  path,
  headers: { host: ctx.host, authorization: `Bearer ${ctx.staffToken}` },
  body: JSON.stringify(body),
});

const memberCall = (ctx: OpContext, player: Player, path: string, body: unknown): HttpRequest => ({
  method: 'POST',
  path,
  headers: { host: ctx.host, authorization: `Bearer ${player.token}` },
  body: JSON.stringify(body),
});

/** Sealed at send time with a fresh nonce, as the web app does for every attempt (a replayed seal is refused). */
const sealedCall = async (ctx: OpContext, player: Player, path: string, body: unknown): Promise<HttpRequest> =>
  memberCall(ctx, player, path, await sealPayload(ctx.publicKey, body, Date.now()));

/** A vendor's call, signed over the exact bytes sent (docs/protocols/seamless-wallet.md). */
const vendorCall = (ctx: OpContext, op: SeamlessOp, player: Player, fields: Record<string, unknown>): HttpRequest => {
  const body = JSON.stringify({ ...player.game, ...fields });
  const timestamp = String(Date.now());
  return {
    method: 'POST',
    path: seamlessPath(op),
    headers: {
      host: ctx.host,
      [SEAMLESS_HEADERS.merchant]: ctx.merchantCode,
      [SEAMLESS_HEADERS.vendor]: VENDOR,
      [SEAMLESS_HEADERS.timestamp]: timestamp,
      [SEAMLESS_HEADERS.signature]: createHmac('sha256', ctx.vendorSecret)
        .update(seamlessSigningText(timestamp, body))
        .digest('hex'),
    },
    body,
  };
};

/** The demo gateway's signed notification, as the gateway sends it once the player paid. */
const gatewayCall = (ctx: OpContext, op: Extract<Op, { kind: 'depositPaid' }>, amount: string): HttpRequest => {
  const body = JSON.stringify({
    gatewayOrderId: op.gatewayOrderId,
    merchantOrderNo: op.key,
    amount,
    currency: CURRENCY,
    status: 'PAID',
    paidAt: new Date().toISOString(),
  });
  const timestamp = Math.floor(Date.now() / 1000).toString();
  return {
    method: 'POST',
    path: API.deposit.webhook.replace(':gateway', 'demo'),
    headers: {
      host: ctx.host,
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signNotification(ctx.gatewaySecret, timestamp, body),
    },
    body,
  };
};

/** The HTTP request of one variant of an operation. */
export const requestOf = async (op: Op, variant: 0 | 1, ctx: OpContext): Promise<HttpRequest> => {
  const amount = money(op.amounts[variant]);
  switch (op.kind) {
    case 'adjust':
      return staffCall(ctx, OPS_API.adjustments, {
        username: op.party.username,
        direction: op.direction,
        amount,
        reason: 'crash test',
        requestId: op.key,
      });
    case 'bet':
      return vendorCall(ctx, 'debit', op.player, { transactionId: op.key, roundId: op.round, gameCode: GAME, amount });
    case 'win':
      return vendorCall(ctx, 'credit', op.player, {
        transactionId: op.key,
        betTransactionId: op.bet,
        roundId: op.round,
        amount,
        endRound: true,
      });
    case 'rollback':
      return vendorCall(ctx, 'rollback', op.player, {
        transactionId: op.key,
        betTransactionId: op.bet,
        roundId: variant === 0 ? op.round : `${op.round}-other`,
      });
    case 'depositOrder':
      return memberCall(ctx, op.player, API.deposit.orders, { channelId: ctx.channelId, amount, requestId: op.key });
    case 'depositPaid':
      return gatewayCall(ctx, op, amount);
    case 'withdraw':
      return sealedCall(ctx, op.player, API.withdraw.orders, {
        accountId: op.player.withdrawAccountId,
        amount,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: op.key,
      });
    case 'decide':
      return op.decisions[variant] === 'PAID'
        ? staffCall(ctx, OPS_API.withdrawalApprove.replace(':orderNo', op.key), {})
        : staffCall(ctx, OPS_API.withdrawalReject.replace(':orderNo', op.key), { reason: 'crash test rejection' });
    case 'transfer':
      return sealedCall(ctx, op.player, API.wallet.transferUpline, {
        amount,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: op.key,
      });
  }
};

type Value = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What an acknowledgement says, by kind. */
const acknowledged = (op: Op, value: Value): Omit<Answer, 'variant' | 'outcome'> => {
  switch (op.kind) {
    case 'adjust':
    case 'transfer':
      return { first: value.replayed === false, ref: text(value.transferId), balance: text(value.balanceAfter) };
    case 'bet':
    case 'win':
    case 'rollback':
      return { first: value.duplicate !== true, ref: text(value.transactionId), balance: text(value.balance) };
    case 'depositOrder':
      return {
        first: value.replayed === false,
        ref: text(value.orderNo),
        // `<origin>/demo-gateway/pay/<account>/<payment id>`: shown while the order waits for its payment.
        gatewayOrderId: text(value.paymentUrl)?.split('/').at(-1),
      };
    case 'depositPaid':
      return { first: value.replayed === false, ref: text(value.orderNo) };
    case 'withdraw':
      return { ref: text(value.orderNo), status: text(value.status) };
    case 'decide':
      return { first: value.replayed === false, ref: text(value.orderNo), status: text(value.status) };
  }
};

/** Sorts an HTTP outcome into what the caller learnt. */
export const classify = (op: Op, variant: 0 | 1, sent: Sent): Answer => {
  if (sent === 'UNKNOWN' || sent === 'NOT_SENT') return { variant, outcome: sent };
  const { status, body } = sent;
  if (status === 200 && body.success)
    return { variant, outcome: 'ACK', ...acknowledged(op, (body.value ?? {}) as Value) };
  // The same request id is still being processed by an earlier request (withdrawals): nothing definite yet.
  if (status === 409 && body.code === 'REQUEST_IN_PROGRESS') return { variant, outcome: 'UNKNOWN' };
  let code = body.code ?? '?';
  if (code === 'ORDER_STATE_INVALID' && op.kind === 'decide')
    code += `:${text((body.value as Value | undefined)?.status) ?? '?'}`;
  const expected = status >= 400 && status < 500 && refusalsOf(op.kind, variant).includes(code);
  return { variant, outcome: expected ? `REFUSED ${code}` : `UNEXPECTED ${status} ${code}` };
};
