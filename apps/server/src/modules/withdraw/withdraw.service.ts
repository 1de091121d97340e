import { randomBytes } from 'node:crypto';
import {
  type CashierOrderEvent,
  formatMoney,
  type BindWithdrawAccountRequest,
  type OpsWithdrawalQuery,
  type ReceiptAnswer,
  type WithdrawAccount,
  type WithdrawOrder,
  type WithdrawRequest,
  type WithdrawSettings,
} from '@platform/contracts';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import { recordAudit } from '../audit';
import { filterAmountMinor, type MemberContexts } from '../cashier';
import type { MemberRow, Session } from '../identity';
import type { Merchant } from '../merchant';
import type { StaffCaller } from '../staff';
import { parseAmount, type WalletService } from '../wallet';
import type { NewProof, WithdrawAccountRow, WithdrawOrderRow, WithdrawRepository } from './withdraw.repository';

export type WithdrawServiceDeps = {
  repo: WithdrawRepository;
  wallet: WalletService;
  now: Clock;
  members: {
    byId: (merchantId: number, memberId: bigint) => Promise<MemberRow | undefined>;
    byUsername: (merchantId: number, username: string) => Promise<MemberRow | undefined>;
  };
  checkPaymentPassword: (session: Session, password: string) => Promise<void>;
  /** Runs `fn` in one transaction (a staff decision and its audit entry commit together). */
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
  /** The member context each queued order carries (modules/cashier). */
  memberContexts: MemberContexts;
  /** Tells the member's open pages (realtime `cashier.order`) once a decision or an automatic receipt committed. */
  bus: Pick<EventBus, 'emit'>;
};

/** Ledger sources of the three movements; each is keyed by the order number, so each happens at most once. */
const SOURCE = { hold: 'withdraw.hold', paid: 'withdraw.paid', release: 'withdraw.release' } as const;
/** A HOLDING order older than this has lost its request (a crash): the job completes it. */
export const HOLD_GRACE_MS = 2 * 60_000;

/** Real names compare without case and with runs of spaces as one: "Juan  dela Cruz" is "juan dela cruz". */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** The merchant's calendar day at `ms`, as yyyy-MM-dd. */
const dayOf = (ms: number, offsetMinutes: number) => new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10);

const newOrderNo = (ms: number) => {
  const stamp = new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
  return `W${stamp}${randomBytes(8).toString('hex').toUpperCase()}`;
};

const accountWire = (row: WithdrawAccountRow): WithdrawAccount => ({
  id: row.id.toString(),
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  holderName: row.holderName,
  createdAt: row.createdAt.toISOString(),
});

export const orderWire = (row: WithdrawOrderRow, merchant: Merchant): WithdrawOrder => ({
  orderNo: row.orderNo,
  amount: formatMoney(row.amountMinor, merchant.currencyScale),
  // HOLDING is our own short step before the ledger confirms the hold; the member sees it as pending.
  status: row.status === 'HOLDING' ? 'PENDING' : row.status,
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  holderName: row.holderName,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  rejectReason: row.rejectReason,
  receiptState: row.receiptState,
  receiptAt: row.receiptAt?.toISOString() ?? null,
  receiptNote: row.receiptNote,
  proofIds: row.proofIds.map(String),
  canConfirm: row.status === 'PAID' && row.receiptState === 'NONE',
});

export const opsWire = (row: WithdrawOrderRow, merchant: Merchant) => ({
  ...orderWire(row, merchant),
  username: row.username,
  decidedBy: row.decidedBy,
});

const orderNotFound = () => new AppError('ORDER_NOT_FOUND', 404, 'No such withdrawal order');

export const withdrawServiceFactory = ({
  repo,
  wallet,
  now,
  members,
  checkPaymentPassword,
  transaction,
  memberContexts,
  bus,
}: WithdrawServiceDeps) => {
  const told = (
    order: Pick<WithdrawOrderRow, 'merchantId' | 'memberId' | 'orderNo'>,
    status: CashierOrderEvent['status'],
  ) =>
    bus.emit('cashier.order', {
      ...{ merchantId: order.merchantId, memberId: order.memberId },
      ...{ kind: 'withdrawal', orderNo: order.orderNo, status },
    });
  const realNameOf = async (session: Session): Promise<string> => {
    const member = await members.byId(session.merchantId, session.memberId);
    const name = member?.payeeName?.trim() ?? '';
    if (name === '') throw new AppError('REAL_NAME_REQUIRED', 400, 'Please set your real name in your profile first');
    return name;
  };

  /**
   * The hold: CASH → FROZEN keyed by the order number. Its order row is written first (HOLDING), so a crash after the
   * post leaves a row the job finds and completes (the post replays); a crash before it leaves a row whose hold the
   * job posts then. A definite refusal by the ledger (e.g. INSUFFICIENT_FUNDS) means nothing moved: the row goes too.
   */
  const hold = async (merchant: Merchant, order: WithdrawOrderRow): Promise<void> => {
    const [cash, frozen] = await Promise.all([
      wallet.memberAccount(merchant, order.memberId, 'CASH'),
      wallet.memberAccount(merchant, order.memberId, 'FROZEN'),
    ]);
    let transferId: bigint;
    try {
      const result = await wallet.post(
        {
          merchantId: merchant.id,
          source: SOURCE.hold,
          idempotencyKey: order.orderNo,
          reference: `withdrawal ${order.orderNo}`,
          legs: [
            { debitAccountId: cash, creditAccountId: frozen, amountMinor: order.amountMinor, code: 'WITHDRAW_HOLD' },
          ],
        },
        [order.memberId],
      );
      transferId = result.transfers[0]?.id ?? 0n;
    } catch (error) {
      if (error instanceof AppError) await repo.deleteUnheld(merchant.id, order.id);
      throw error;
    }
    await repo.markHeld(merchant.id, order.id, transferId);
  };

  /** The movement that follows a decision: paid (FROZEN → CASHIER) or released (FROZEN → CASH), once per order. */
  const settle = async (merchant: Merchant, order: WithdrawOrderRow): Promise<void> => {
    const paid = order.status === 'PAID';
    const frozen = await wallet.memberAccount(merchant, order.memberId, 'FROZEN');
    const other = paid
      ? await wallet.systemAccount(merchant, 'CASHIER')
      : await wallet.memberAccount(merchant, order.memberId, 'CASH');
    const result = await wallet.post(
      {
        merchantId: merchant.id,
        source: paid ? SOURCE.paid : SOURCE.release,
        idempotencyKey: order.orderNo,
        reference: `withdrawal ${order.orderNo}${order.decidedBy ? ` by ${order.decidedBy}` : ''}`.slice(0, 200),
        legs: [
          {
            debitAccountId: frozen,
            creditAccountId: other,
            amountMinor: order.amountMinor,
            code: paid ? 'WITHDRAW_PAID' : 'WITHDRAW_RELEASE',
          },
        ],
      },
      [order.memberId],
    );
    await repo.setTransfer(merchant.id, order.id, paid ? 'payout' : 'release', result.transfers[0]?.id ?? 0n);
  };

  const settings = async (merchant: Merchant, session: Session): Promise<WithdrawSettings> => {
    const rules = await repo.settings(merchant.id);
    const [used, cash, frozen] = await Promise.all([
      repo.countOnDay(merchant.id, session.memberId, dayOf(now(), rules.dayOffsetMinutes)),
      wallet.balanceMinor(merchant, session.memberId, 'CASH'),
      wallet.balanceMinor(merchant, session.memberId, 'FROZEN'),
    ]);
    const scale = merchant.currencyScale;
    return {
      minAmount: formatMoney(rules.minAmountMinor, scale),
      maxAmount: formatMoney(rules.maxAmountMinor, scale),
      dailyCount: rules.dailyCount,
      usedToday: used,
      leftToday: Math.max(0, rules.dailyCount - used),
      maxAccounts: rules.maxAccounts,
      autoReceiveMinutes: rules.autoReceiveMinutes,
      available: formatMoney(cash, scale),
      frozen: formatMoney(frozen, scale),
      currencySymbol: merchant.currencySymbol || '$',
      scale,
    };
  };

  const bindAccount = async (session: Session, body: BindWithdrawAccountRequest): Promise<WithdrawAccount> => {
    const realName = await realNameOf(session);
    if (!sameName(realName, body.holderName)) {
      throw new AppError('PAYEE_NAME_MISMATCH', 400, 'The account holder must be the real name of your profile');
    }
    const rules = await repo.settings(session.merchantId);
    const bound = await repo.bindAccount(
      session.merchantId,
      session.memberId,
      { ...body, holderName: realName },
      rules.maxAccounts,
    );
    if (bound === null) {
      throw new AppError('WITHDRAW_ACCOUNT_LIMIT', 400, `You can bind at most ${rules.maxAccounts} accounts`, {
        value: { max: rules.maxAccounts },
      });
    }
    if (bound === 'duplicate') throw new AppError('VALIDATION_FAILED', 400, 'This account is already bound');
    return accountWire(bound);
  };

  /** The same request id answers its order; with another account or amount it is refused. */
  const replay = async (merchant: Merchant, existing: WithdrawOrderRow, accountId: bigint, amountMinor: bigint) => {
    if (existing.accountId !== accountId || existing.amountMinor !== amountMinor) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another withdrawal');
    }
    // A HOLDING row of a request that died long ago is completed here as the job would. A young one may still be
    // held by its own request, or may be the row of a request that died before its hold: either way nothing is held
    // yet, and answering "pending" would promise an order the hold can still refuse (and delete). The caller is told
    // to ask again, which it may do safely with the same request id.
    if (existing.status === 'HOLDING') {
      if (existing.createdAt.getTime() >= now() - HOLD_GRACE_MS) {
        throw new AppError('REQUEST_IN_PROGRESS', 409, 'This withdrawal is still being processed. Try again shortly.');
      }
      await hold(merchant, existing);
    }
    const fresh = await repo.byOrderNo(merchant.id, existing.orderNo, existing.memberId);
    if (fresh === undefined) throw orderNotFound();
    return orderWire(fresh, merchant);
  };

  /**
   * The member's own facts (account, limits, balance) are checked before the payment password, so a refused amount
   * does not use up the password's rate limit; the password is checked before anything is written.
   */
  const request = async (merchant: Merchant, session: Session, body: WithdrawRequest): Promise<WithdrawOrder> => {
    const amountMinor = parseAmount(body.amount, merchant);
    const accountId = BigInt(body.accountId);
    const existing = await repo.byRequest(merchant.id, session.memberId, body.requestId);
    // A retry answers its order before the payment password and its limiter are asked: it moves nothing new (the hold
    // it may complete is the first request's, made with the password then), and its caller must be able to learn it.
    if (existing !== undefined) return replay(merchant, existing, accountId, amountMinor);

    const account = await repo.account(merchant.id, session.memberId, accountId);
    if (account === undefined) throw new AppError('WITHDRAW_ACCOUNT_NOT_FOUND', 404, 'No such withdrawal account');
    const rules = await repo.settings(merchant.id);
    const scale = merchant.currencyScale;
    if (amountMinor < rules.minAmountMinor) {
      throw new AppError('AMOUNT_BELOW_MIN', 400, `The minimum is ${formatMoney(rules.minAmountMinor, scale)}`, {
        value: { min: formatMoney(rules.minAmountMinor, scale) },
      });
    }
    if (amountMinor > rules.maxAmountMinor) {
      throw new AppError('AMOUNT_ABOVE_MAX', 400, `The maximum is ${formatMoney(rules.maxAmountMinor, scale)}`, {
        value: { max: formatMoney(rules.maxAmountMinor, scale) },
      });
    }
    const dailyLimit = () =>
      new AppError('DAILY_LIMIT_REACHED', 400, `You can withdraw ${rules.dailyCount} times a day`, {
        value: { dailyCount: rules.dailyCount },
      });
    // A first look at the count; the insert counts again under a lock, which is the check that holds.
    if (
      (await repo.countOnDay(merchant.id, session.memberId, dayOf(now(), rules.dayOffsetMinutes))) >= rules.dailyCount
    ) {
      throw dailyLimit();
    }
    const available = await wallet.balanceMinor(merchant, session.memberId, 'CASH');
    if (amountMinor > available) throw new AppError('INSUFFICIENT_FUNDS', 422, 'Your balance is not enough');
    await checkPaymentPassword(session, body.paymentPassword);

    const nowMs = now();
    const orderNo = newOrderNo(nowMs);
    const written = await repo.insertHolding(
      {
        merchantId: merchant.id,
        orderNo,
        memberId: session.memberId,
        requestId: body.requestId,
        account,
        amountMinor,
        createdAt: new Date(nowMs),
        day: dayOf(nowMs, rules.dayOffsetMinutes),
      },
      rules.dailyCount,
    );
    if (written === 'limit') throw dailyLimit();
    const order = await repo.byRequest(merchant.id, session.memberId, body.requestId);
    if (order === undefined) throw orderNotFound();
    // 'exists': a parallel request with the same id won the insert; answer its order as a retry would.
    if (written === 'exists') return replay(merchant, order, accountId, amountMinor);
    await hold(merchant, order);
    const held = await repo.byOrderNo(merchant.id, orderNo);
    if (held === undefined) throw orderNotFound();
    return orderWire(held, merchant);
  };

  const ownOrder = async (merchant: Merchant, session: Session, orderNo: string): Promise<WithdrawOrderRow> => {
    const order = await repo.byOrderNo(merchant.id, orderNo, session.memberId);
    if (order === undefined) throw orderNotFound();
    return order;
  };

  /**
   * Staff decision. The decision is claimed in the order row first (PENDING → PAID/REJECTED, once), then its
   * transfer is posted with the order number as key: whatever crashes in between, the row says which single
   * movement is owed, and a repeated call (or the job) posts it, the ledger applying it once.
   */
  const decide = async (
    caller: StaffCaller,
    orderNo: string,
    decision: { status: 'PAID' | 'REJECTED'; reason: string | null },
  ): Promise<{ order: ReturnType<typeof opsWire>; replayed: boolean }> => {
    const { merchant } = caller;
    const before = await repo.byOrderNo(merchant.id, orderNo);
    if (before === undefined) throw orderNotFound();
    let replayed = true;
    if (before.status === 'PENDING') {
      // The claim and its audit entry commit together: an entry exists exactly when the decision does.
      const claimed = await transaction(async (tx) => {
        const won = await repo.decide(
          merchant.id,
          before.id,
          { ...decision, by: caller.staff, at: new Date(now()) },
          tx,
        );
        if (won) {
          await recordAudit(tx, caller, {
            action: decision.status === 'PAID' ? 'withdrawal.approve' : 'withdrawal.reject',
            targetType: 'withdrawal',
            targetId: before.orderNo,
            before: { status: before.status },
            after: {
              status: decision.status,
              amount: formatMoney(before.amountMinor, merchant.currencyScale),
              member: before.username,
            },
            reason: decision.reason,
          });
        }
        return won;
      });
      replayed = !claimed;
    }
    const order = await repo.byOrderNo(merchant.id, orderNo);
    if (order === undefined) throw orderNotFound();
    if (order.status !== decision.status) {
      throw new AppError('ORDER_STATE_INVALID', 409, `The order is ${order.status.toLowerCase()}`, {
        value: { status: order.status },
      });
    }
    const transfer = order.status === 'PAID' ? order.payoutTransferId : order.releaseTransferId;
    if (transfer === null) await settle(merchant, order);
    const after = await repo.byOrderNo(merchant.id, orderNo);
    if (after === undefined) throw orderNotFound();
    if (!replayed || transfer === null) told(after, decision.status);
    return { order: opsWire(after, merchant), replayed };
  };

  const confirm = async (
    merchant: Merchant,
    session: Session,
    orderNo: string,
    answer: { state: ReceiptAnswer; note: string | null },
    proofs: readonly NewProof[],
  ): Promise<WithdrawOrder> => {
    const order = await ownOrder(merchant, session, orderNo);
    const open = () => new AppError('ORDER_STATE_INVALID', 409, 'This order cannot be confirmed now');
    if (order.status !== 'PAID' || order.receiptState !== 'NONE') throw open();
    if (!(await repo.confirm(merchant.id, order.id, { ...answer, at: new Date(now()) }, proofs))) throw open();
    return orderWire(await ownOrder(merchant, session, orderNo), merchant);
  };

  return {
    settings,
    accounts: async (session: Session) => (await repo.accounts(session.merchantId, session.memberId)).map(accountWire),
    bindAccount,
    removeAccount: async (session: Session, accountId: bigint) => {
      if (!(await repo.removeAccount(session.merchantId, session.memberId, accountId, new Date(now())))) {
        throw new AppError('WITHDRAW_ACCOUNT_NOT_FOUND', 404, 'No such withdrawal account');
      }
    },
    request,
    orders: async (merchant: Merchant, session: Session, page: number, pageSize: number) => {
      const result = await repo.page(merchant.id, { memberId: session.memberId, staff: false }, page, pageSize);
      return { list: result.list.map((row) => orderWire(row, merchant)), page, pageSize, total: result.total };
    },
    order: async (merchant: Merchant, session: Session, orderNo: string) =>
      orderWire(await ownOrder(merchant, session, orderNo), merchant),
    ownOrder,
    staffOrder: async (merchant: Merchant, orderNo: string): Promise<WithdrawOrderRow> => {
      const order = await repo.byOrderNo(merchant.id, orderNo);
      if (order === undefined) throw orderNotFound();
      return order;
    },
    proof: async (merchant: Merchant, orderId: bigint, proofId: bigint) => {
      const proof = await repo.proof(merchant.id, orderId, proofId);
      if (proof === undefined) throw new AppError('NOT_FOUND', 404, 'No such proof');
      return proof;
    },
    /** The staff queue, newest first, each order with its member's context; an unknown username matches nothing. */
    queue: async (merchant: Merchant, query: OpsWithdrawalQuery) => {
      const minAmountMinor = filterAmountMinor(query.minAmount, merchant, 'minAmount');
      const maxAmountMinor = filterAmountMinor(query.maxAmount, merchant, 'maxAmount');
      const member = query.username === undefined ? undefined : await members.byUsername(merchant.id, query.username);
      if (query.username !== undefined && member === undefined) {
        return { list: [], page: query.page, pageSize: query.pageSize, total: 0 };
      }
      const result = await repo.page(
        merchant.id,
        {
          ...{ memberId: member?.id, status: query.status, orderNo: query.orderNo, staff: true },
          ...{ minAmountMinor, maxAmountMinor, fromDay: query.from, toDay: query.to, bankName: query.bankName },
        },
        query.page,
        query.pageSize,
      );
      const contexts = await memberContexts(
        merchant,
        result.list.map((row) => row.memberId),
      );
      return {
        list: result.list.map((row) => {
          const context = contexts.get(row.memberId);
          if (context === undefined) throw new Error('a queued withdrawal without its member');
          return { ...opsWire(row, merchant), member: context };
        }),
        page: query.page,
        pageSize: query.pageSize,
        total: result.total,
      };
    },
    decide,
    confirm,
    /**
     * The job: completes holds and decisions a crash interrupted, then marks paid orders that their member did not
     * confirm in time as AUTO_RECEIVED. Idempotent; returns how many orders it changed.
     */
    runJob: async (merchantById: (id: number) => Promise<Merchant>, batch: number): Promise<number> => {
      const nowMs = now();
      let changed = 0;
      for (const order of await repo.unsettled(new Date(nowMs - HOLD_GRACE_MS), batch)) {
        const merchant = await merchantById(order.merchantId);
        try {
          if (order.status === 'HOLDING') await hold(merchant, order);
          else await settle(merchant, order);
          changed += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      const received = await repo.autoReceive(new Date(nowMs), batch);
      for (const order of received) told(order, 'AUTO_RECEIVED');
      return changed + received.length;
    },
  };
};

export type WithdrawService = ReturnType<typeof withdrawServiceFactory>;
