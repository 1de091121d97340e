import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  MoneyError,
  parseMoney,
  type CreateDepositRequest,
  type CreateDepositResponse,
  type DepositChannel,
  type DepositOrder,
  type DepositOrderPage,
  type DepositOrderQuery,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { parseAmount } from '../wallet';
import type { DepositCredit } from './deposit-credit';
import { notFound, stateInvalid, toChannel, toOrder, totalPages } from './deposit.mapping';
import type { ChannelRow, DepositRepository, OrderRow } from './deposit.repository';
import type { PaymentGateway } from './payment-gateway';

/** Creating an order calls the gateway: at most 10 a minute per member. */
export const CREATE_ORDER_RULE: RateRule = { name: 'deposit.create', limit: 10, periodMs: 60_000 };

/** Where the player lands after the gateway (member centre depositv2 showing the order), and our webhook. */
export type CallbackUrls = { returnUrl: (orderNo: string) => string; notifyUrl: (gatewayCode: string) => string };

export type DepositMemberServiceDeps = {
  repository: DepositRepository;
  limiter: RateLimiter;
  now: Clock;
  gateways: ReadonlyMap<string, PaymentGateway>;
  credit: Pick<DepositCredit, 'credit' | 'reload' | 'told' | 'promotion'>;
};

type Caller = { merchant: Merchant; memberId: bigint };

/** Unguessable and sortable enough for people: D + time in base 36 + 10 random hex digits. */
const newOrderNo = (nowMs: number): string =>
  `D${nowMs.toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * The member's deposits (issue 4, member centre depositv2): channels, orders on them, and the gateways' signed
 * notifications that pay them. The credit is keyed by the order number (deposit-credit.ts), so the money moves once.
 */
export const depositMemberServiceFactory = (deps: DepositMemberServiceDeps) => {
  const { repository, now } = deps;
  const { credit, reload, told } = deps.credit;

  const gatewayOf = (channel: ChannelRow): PaymentGateway | undefined =>
    channel.gatewayCode === null ? undefined : deps.gateways.get(channel.gatewayCode);

  /** Creates the gateway's payment for an order that has none yet (a retry finishes an interrupted creation). */
  const attachPayment = async (
    merchant: Merchant,
    channel: ChannelRow,
    order: OrderRow,
    urls: CallbackUrls,
  ): Promise<OrderRow> => {
    if (order.kind !== 'GATEWAY' || order.paymentUrl !== null || order.status !== 'PENDING') return order;
    const gateway = gatewayOf(channel);
    if (gateway === undefined) throw new AppError('CHANNEL_UNAVAILABLE', 422, 'This payment channel is unavailable');
    let payment;
    try {
      payment = await gateway.createPayment({
        merchantId: merchant.id,
        merchantName: merchant.name,
        merchantOrderNo: order.orderNo,
        amountMinor: order.amountMinor,
        currency: order.currency,
        currencyScale: merchant.currencyScale,
        notifyUrl: urls.notifyUrl(gateway.code),
        returnUrl: urls.returnUrl(order.orderNo),
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'The payment gateway is not answering; please try again', {
        retryAfterSeconds: 5,
      });
    }
    await repository.attachPayment(merchant.id, order.id, payment.gatewayOrderId, payment.paymentUrl);
    return reload(merchant.id, order.id);
  };

  const checkLimits = (channel: ChannelRow, amountMinor: bigint, scale: number) => {
    const limits = { min: formatMoney(channel.minAmountMinor, scale), max: formatMoney(channel.maxAmountMinor, scale) };
    if (amountMinor < channel.minAmountMinor) {
      throw new AppError('AMOUNT_BELOW_MIN', 422, `The minimum deposit is ${limits.min}`, { value: limits });
    }
    if (amountMinor > channel.maxAmountMinor) {
      throw new AppError('AMOUNT_ABOVE_MAX', 422, `The maximum deposit is ${limits.max}`, { value: limits });
    }
  };

  return {
    channels: async (merchant: Merchant): Promise<DepositChannel[]> =>
      (await repository.enabledChannels(merchant.id))
        .filter((row) => row.kind === 'MANUAL_BANK' || gatewayOf(row) !== undefined)
        .map((row) => toChannel(row, merchant.currencyScale)),

    createOrder: async (
      { merchant, memberId }: Caller,
      body: CreateDepositRequest,
      urls: CallbackUrls,
    ): Promise<CreateDepositResponse> => {
      // A retry of an order already made answers that order whatever the limit says (it makes nothing new).
      if ((await repository.byRequestId(merchant.id, memberId, body.requestId)) === undefined) {
        await enforceLimits(
          deps.limiter,
          merchant.id,
          [[CREATE_ORDER_RULE, memberId.toString()]],
          'Too many deposit requests; please wait a minute',
        );
      }
      const amountMinor = parseAmount(body.amount, merchant);
      const channel = await repository.channel(merchant.id, BigInt(body.channelId));
      if (
        channel === undefined ||
        !channel.enabled ||
        (channel.kind === 'GATEWAY' && gatewayOf(channel) === undefined)
      ) {
        throw new AppError('CHANNEL_UNAVAILABLE', 422, 'This payment channel is unavailable');
      }
      checkLimits(channel, amountMinor, merchant.currencyScale);
      const promotionId = body.promotionId === undefined ? null : BigInt(body.promotionId);
      if (promotionId !== null) {
        const { promotion } = deps.credit;
        if (promotion === undefined) throw new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion');
        await promotion.check(merchant, memberId, promotionId, amountMinor);
      }
      const nowMs = now();
      const insertedId = await repository.insertOrder({
        merchantId: merchant.id,
        orderNo: newOrderNo(nowMs),
        memberId,
        channelId: channel.id,
        requestId: body.requestId,
        amountMinor,
        currency: merchant.currencyCode,
        gatewayCode: channel.gatewayCode,
        createdAt: new Date(nowMs),
        expiresAt: new Date(nowMs + channel.expiryMinutes * 60_000),
        promotionId,
      });
      const order =
        insertedId === undefined
          ? await repository.byRequestId(merchant.id, memberId, body.requestId)
          : await repository.byId(merchant.id, insertedId);
      if (order === undefined) throw new Error('deposit order vanished after insert');
      if (insertedId === undefined && (order.channelId !== channel.id || order.amountMinor !== amountMinor)) {
        throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another deposit');
      }
      const ready = await attachPayment(merchant, channel, order, urls);
      return { ...toOrder(ready, merchant.currencyScale), replayed: insertedId === undefined };
    },

    memberOrders: async ({ merchant, memberId }: Caller, query: DepositOrderQuery): Promise<DepositOrderPage> => {
      const offset = (query.pageNo - 1) * query.pageSize;
      const { rows, total } = await repository.memberPage(merchant.id, memberId, query.status, query.pageSize, offset);
      return {
        list: rows.map((row) => toOrder(row, merchant.currencyScale)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalPages: totalPages(total, query.pageSize),
      };
    },

    /** Another member's order answers 404 as if it did not exist. */
    memberOrder: async ({ merchant, memberId }: Caller, orderNo: string): Promise<DepositOrder> => {
      const row = await repository.byOrderNo(merchant.id, orderNo);
      if (row === undefined || row.memberId !== memberId) throw notFound();
      return toOrder(row, merchant.currencyScale);
    },

    /**
     * A gateway's notification (already routed by gateway code). Verified before anything is read; idempotent by the
     * gateway order id: a replay answers success and credits nothing more. An EXPIRED order is still credited: the
     * player's money did arrive.
     */
    notification: async (
      merchant: Merchant,
      gatewayCode: string,
      headers: Record<string, string | string[] | undefined>,
      rawBody: Buffer,
    ): Promise<{ orderNo: string; replayed: boolean }> => {
      const gateway = deps.gateways.get(gatewayCode);
      if (gateway === undefined) throw new AppError('NOT_FOUND', 404, 'Unknown gateway');
      const note = gateway.verifyNotification(headers, rawBody);
      const order = await repository.byGatewayOrder(merchant.id, gateway.code, note.gatewayOrderId);
      if (order === undefined || order.orderNo !== note.merchantOrderNo) throw notFound();
      let amountMinor: bigint;
      try {
        amountMinor = parseMoney(note.amount, merchant.currencyScale);
      } catch (error) {
        if (error instanceof MoneyError) throw new AppError('INVALID_AMOUNT', 400, 'The notified amount is invalid');
        throw error;
      }
      if (amountMinor !== order.amountMinor) {
        throw new AppError('INVALID_AMOUNT', 400, 'The notified amount differs from the order');
      }
      if (order.status === 'REJECTED') throw stateInvalid(order.status);
      const first = await repository.transition(merchant.id, order.id, ['PENDING', 'EXPIRED'], 'PAID', {
        atIso: new Date(now()).toISOString(),
      });
      const current = await reload(merchant.id, order.id);
      if (current.status !== 'PAID') throw stateInvalid(current.status);
      if (current.transferId === null) {
        await credit(merchant, current);
        told(current, 'PAID');
      }
      return { orderNo: order.orderNo, replayed: !first };
    },
  };
};

export type DepositMemberService = ReturnType<typeof depositMemberServiceFactory>;
