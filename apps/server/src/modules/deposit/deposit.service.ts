import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  MoneyError,
  type CashierOrderEvent,
  parseMoney,
  type CreateDepositRequest,
  type CreateDepositResponse,
  type DepositChannel,
  type DepositOrder,
  type DepositOrderPage,
  type DepositOrderQuery,
  type OpsDepositOrder,
  type OpsDepositPage,
  type OpsDepositQuery,
} from '@platform/contracts';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import { recordAudit } from '../audit';
import { filterAmountMinor, type MemberContexts } from '../cashier';
import type { Merchant } from '../merchant';
import type { StaffCaller } from '../staff';
import { enforceLimits, type RateLimiter, type RateRule } from '../rate-limit';
import { parseAmount, type WalletService } from '../wallet';
import type { ChannelRow, DepositRepository, OrderRow } from './deposit.repository';
import type { PaymentGateway } from './payment-gateway';

/** Creating an order calls the gateway: at most 10 a minute per member. */
export const CREATE_ORDER_RULE: RateRule = { name: 'deposit.create', limit: 10, periodMs: 60_000 };

/** Where the player lands after the gateway (member centre depositv2 showing the order), and our webhook. */
export type CallbackUrls = { returnUrl: (orderNo: string) => string; notifyUrl: (gatewayCode: string) => string };

export type DepositServiceDeps = {
  repository: DepositRepository;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
  limiter: RateLimiter;
  now: Clock;
  gateways: ReadonlyMap<string, PaymentGateway>;
  merchantById: (id: number) => Promise<Merchant>;
  findMember: (merchantId: number, username: string) => Promise<{ id: bigint } | undefined>;
  /** Runs `fn` in one transaction with a repository on it (a staff decision and its audit entry commit together). */
  transaction: <T>(fn: (repository: DepositRepository, tx: Queryable) => Promise<T>) => Promise<T>;
  memberContexts: MemberContexts;
  /** Tells the member's open pages (realtime `cashier.order`) once a decision or a payment committed. */
  bus: Pick<EventBus, 'emit'>;
};

type Caller = { merchant: Merchant; memberId: bigint };

const iso = (date: Date | null): string | null => (date === null ? null : new Date(date).toISOString());

/** Unguessable and sortable enough for people: D + time in base 36 + 10 random hex digits. */
const newOrderNo = (nowMs: number): string =>
  `D${nowMs.toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

const notFound = () => new AppError('ORDER_NOT_FOUND', 404, 'No such deposit order');
const stateInvalid = (status: string) =>
  new AppError('ORDER_STATE_INVALID', 409, `The order is ${status.toLowerCase()}; this is no longer possible`);

const bankOf = (row: Pick<ChannelRow, 'bankName' | 'bankAccountName' | 'bankAccountNumber'>) =>
  row.bankName !== null && row.bankAccountName !== null && row.bankAccountNumber !== null
    ? { bankName: row.bankName, accountName: row.bankAccountName, accountNumber: row.bankAccountNumber }
    : null;

export const toChannel = (row: ChannelRow, scale: number): DepositChannel => ({
  id: row.id.toString(),
  kind: row.kind,
  name: row.displayName,
  minAmount: formatMoney(row.minAmountMinor, scale),
  maxAmount: formatMoney(row.maxAmountMinor, scale),
  bank: row.kind === 'MANUAL_BANK' ? bankOf(row) : null,
});

export const toOrder = (row: OrderRow, scale: number): DepositOrder => ({
  orderNo: row.orderNo,
  channelId: row.channelId.toString(),
  channelName: row.channelName,
  kind: row.kind,
  amount: formatMoney(row.amountMinor, scale),
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  expiresAt: new Date(row.expiresAt).toISOString(),
  paidAt: iso(row.paidAt),
  decidedAt: iso(row.decidedAt),
  reason: row.reason,
  bank: row.kind === 'MANUAL_BANK' ? bankOf(row) : null,
  paymentUrl: row.status === 'PENDING' ? row.paymentUrl : null,
});

const toOpsOrder = (row: OrderRow, scale: number): OpsDepositOrder => ({
  ...toOrder(row, scale),
  username: row.username,
  gatewayOrderId: row.gatewayOrderId,
  decidedBy: row.decidedBy,
  transferId: row.transferId?.toString() ?? null,
});

const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/**
 * Deposits (issue 4): orders on a merchant's channels, credited to the member's CASH from the merchant's CASHIER once
 * paid at a gateway (signed notification) or approved by staff. The credit's idempotency key is the order number, so
 * however often a notification, an approval or the settle job repeats it, the money moves once.
 */
export const depositServiceFactory = (deps: DepositServiceDeps) => {
  const { repository, wallet, now } = deps;
  const told = (order: OrderRow, status: CashierOrderEvent['status']) =>
    deps.bus.emit('cashier.order', {
      ...{ merchantId: order.merchantId, memberId: order.memberId },
      ...{ kind: 'deposit', orderNo: order.orderNo, status },
    });

  /** Credits the order (idempotent by order number) and records the transfer. */
  const credit = async (merchant: Merchant, order: OrderRow): Promise<void> => {
    const [cash, cashier] = await Promise.all([
      wallet.memberAccount(merchant, order.memberId, 'CASH'),
      wallet.systemAccount(merchant, 'CASHIER'),
    ]);
    const result = await wallet.post(
      {
        merchantId: merchant.id,
        source: 'deposit',
        idempotencyKey: order.orderNo,
        reference: `deposit ${order.orderNo}`,
        legs: [{ debitAccountId: cashier, creditAccountId: cash, amountMinor: order.amountMinor, code: 'DEPOSIT' }],
      },
      [order.memberId],
    );
    const transfer = result.transfers[0];
    if (transfer === undefined) throw new Error('deposit credit without a transfer');
    await repository.setTransfer(merchant.id, order.id, transfer.id);
  };

  const reload = async (merchantId: number, id: bigint): Promise<OrderRow> => {
    const row = await repository.byId(merchantId, id);
    if (row === undefined) throw notFound();
    return row;
  };

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

    opsOrders: async (merchant: Merchant, query: OpsDepositQuery): Promise<OpsDepositPage> => {
      const empty = { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalPages: 0 };
      const minAmountMinor = filterAmountMinor(query.minAmount, merchant, 'minAmount');
      const maxAmountMinor = filterAmountMinor(query.maxAmount, merchant, 'maxAmount');
      let memberId: bigint | undefined;
      if (query.username !== undefined) {
        memberId = (await deps.findMember(merchant.id, query.username))?.id;
        if (memberId === undefined) return empty;
      }
      const offset = (query.pageNo - 1) * query.pageSize;
      const { rows, total } = await repository.opsPage(
        merchant.id,
        {
          status: query.status,
          memberId,
          orderNo: query.orderNo,
          channelId: query.channelId === undefined ? undefined : BigInt(query.channelId),
          minAmountMinor,
          maxAmountMinor,
          fromDay: query.from,
          toDay: query.to,
        },
        query.pageSize,
        offset,
      );
      const members = await deps.memberContexts(
        merchant,
        rows.map((row) => row.memberId),
      );
      return {
        list: rows.map((row) => {
          const member = members.get(row.memberId);
          if (member === undefined) throw new Error('a queued deposit without its member');
          return { ...toOpsOrder(row, merchant.currencyScale), member };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalPages: totalPages(total, query.pageSize),
      };
    },

    /**
     * Staff approve a PENDING manual bank order: it becomes APPROVED and the money is credited. Approving again (or an
     * order in any other state) is 409 ORDER_STATE_INVALID, except that an approval interrupted before its credit is
     * finished by the retry.
     */
    approve: async (caller: StaffCaller, orderNo: string): Promise<OpsDepositOrder> => {
      const { merchant } = caller;
      const order = await repository.byOrderNo(merchant.id, orderNo);
      if (order === undefined) throw notFound();
      if (order.kind !== 'MANUAL_BANK') throw stateInvalid('paid at its gateway');
      // The decision and its audit entry commit together; the credit follows (keyed by the order number).
      const won = await deps.transaction(async (tx, q) => {
        const claimed = await tx.transition(merchant.id, order.id, ['PENDING'], 'APPROVED', {
          atIso: new Date(now()).toISOString(),
          decidedBy: caller.staff,
        });
        if (claimed) {
          await recordAudit(q, caller, {
            action: 'deposit.approve',
            targetType: 'deposit',
            targetId: order.orderNo,
            before: { status: order.status },
            after: { status: 'APPROVED', amount: formatMoney(order.amountMinor, merchant.currencyScale) },
          });
        }
        return claimed;
      });
      const current = await reload(merchant.id, order.id);
      if (!won && !(current.status === 'APPROVED' && current.transferId === null)) throw stateInvalid(current.status);
      await credit(merchant, current);
      told(current, 'APPROVED');
      return toOpsOrder(await reload(merchant.id, order.id), merchant.currencyScale);
    },

    /** Staff reject a PENDING manual bank order with a reason; no money moves. Rejecting again answers the order. */
    reject: async (caller: StaffCaller, orderNo: string, reason: string): Promise<OpsDepositOrder> => {
      const { merchant } = caller;
      const order = await repository.byOrderNo(merchant.id, orderNo);
      if (order === undefined) throw notFound();
      if (order.kind !== 'MANUAL_BANK') throw stateInvalid('paid at its gateway');
      const won = await deps.transaction(async (tx, q) => {
        const claimed = await tx.transition(merchant.id, order.id, ['PENDING'], 'REJECTED', {
          atIso: new Date(now()).toISOString(),
          decidedBy: caller.staff,
          reason,
        });
        if (claimed) {
          await recordAudit(q, caller, {
            action: 'deposit.reject',
            targetType: 'deposit',
            targetId: order.orderNo,
            before: { status: order.status },
            after: { status: 'REJECTED', amount: formatMoney(order.amountMinor, merchant.currencyScale) },
            reason,
          });
        }
        return claimed;
      });
      const current = await reload(merchant.id, order.id);
      if (!won && current.status !== 'REJECTED') throw stateInvalid(current.status);
      if (won) told(current, 'REJECTED');
      return toOpsOrder(current, merchant.currencyScale);
    },

    /** Job: PENDING orders past their expiry become EXPIRED (idempotent; bounded by `batch`). */
    expire: (batch: number): Promise<number> => repository.expire(new Date(now()).toISOString(), batch),

    /** Job: finishes credits interrupted between the ledger post and the order update (the post replays). */
    settle: async (batch: number): Promise<number> => {
      const rows = await repository.unsettled(batch);
      for (const { merchantId, id } of rows) {
        await credit(await deps.merchantById(merchantId), await reload(merchantId, id));
      }
      return rows.length;
    },
  };
};

export type DepositService = ReturnType<typeof depositServiceFactory>;
