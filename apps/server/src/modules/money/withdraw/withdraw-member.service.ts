import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  type BindWithdrawAccountRequest,
  type ReceiptAnswer,
  type WithdrawAccount,
  type WithdrawOrder,
  type WithdrawRequest,
  type WithdrawSettings,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { MemberRow, Session } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import { parseAmount, type WalletService } from '../wallet';
import { accountWire, orderNotFound, orderWire } from './withdraw.mapping';
import type { NewProof, WithdrawOrderRow, WithdrawRepository } from './withdraw.repository';
import { HOLD_GRACE_MS, type WithdrawSettlement } from './withdraw-settlement';

export type WithdrawMemberServiceDeps = {
  repo: WithdrawRepository;
  wallet: Pick<WalletService, 'balanceMinor'>;
  now: Clock;
  members: { byId: (merchantId: number, memberId: bigint) => Promise<MemberRow | undefined> };
  checkPaymentPassword: (session: Session, password: string) => Promise<void>;
  settlement: Pick<WithdrawSettlement, 'hold'>;
  /**
   * The bonus wallet's rule for a withdrawal while a bonus is being wagered (DESIGN.md §13): refuses it, or warns and
   * then, once the member confirms, forfeits the bonus. Absent: no bonus rule.
   */
  beforeWithdraw?: BeforeWithdraw;
  /** The member's VIP level's daily withdrawal limits (engagement/vip); absent or null: none. */
  levelLimits?: LevelLimits;
};

/** A level's withdrawals per business day: how many, and how much in all (null: no limit of that kind). */
export type LevelLimits = (
  merchantId: number,
  memberId: bigint,
) => Promise<{ dailyCount: number | null; dailyMaxMinor: bigint | null } | null>;

/** Throws BONUS_WAGERING or BONUS_FORFEIT_CONFIRM (unconfirmed), or forfeits the bonus (confirmed). */
export type BeforeWithdraw = (merchant: Merchant, memberId: bigint, confirmForfeit: boolean) => Promise<void>;

/** Real names compare without case and with runs of spaces as one: "Juan  dela Cruz" is "juan dela cruz". */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** The merchant's calendar day at `ms`, as yyyy-MM-dd. */
const dayOf = (ms: number, offsetMinutes: number) => new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10);

const newOrderNo = (ms: number) => {
  const stamp = new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
  return `W${stamp}${randomBytes(8).toString('hex').toUpperCase()}`;
};

/**
 * The member's withdrawals (spec member centre `withdraw`, issue 4): bound payout accounts, requests that hold money
 * (CASH → FROZEN), the member's own orders and the receipt confirmation with proofs.
 */
export const withdrawMemberServiceFactory = ({
  repo,
  wallet,
  now,
  members,
  checkPaymentPassword,
  settlement,
  beforeWithdraw,
  levelLimits,
}: WithdrawMemberServiceDeps) => {
  const { hold } = settlement;
  const realNameOf = async (session: Session): Promise<string> => {
    const member = await members.byId(session.merchantId, session.memberId);
    const name = member?.payeeName?.trim() ?? '';
    if (name === '') throw new AppError('REAL_NAME_REQUIRED', 400, 'Please set your real name in your profile first');
    return name;
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

  /**
   * The VIP level's limits (issue 20, ADR 0043): a count reached, or an amount that would pass the day's maximum with
   * what was asked today (rejected orders left out), is refused before anything is written.
   */
  const checkLevelLimits = async (
    merchant: Merchant,
    session: Session,
    amountMinor: bigint,
    limits: Awaited<ReturnType<LevelLimits>>,
    offsetMinutes: number,
    countOver: () => AppError,
  ): Promise<void> => {
    if (limits === null) return;
    const day = dayOf(now(), offsetMinutes);
    if (
      limits.dailyCount !== null &&
      (await repo.countOnDay(merchant.id, session.memberId, day)) >= limits.dailyCount
    ) {
      throw countOver();
    }
    if (limits.dailyMaxMinor === null) return;
    const used = await repo.amountOnDay(merchant.id, session.memberId, day);
    if (used + amountMinor > limits.dailyMaxMinor) throw amountOver(merchant, limits.dailyMaxMinor, used);
  };

  /** VIP_WITHDRAW_AMOUNT: what the level allows a day, and what is left of it after `used`. */
  const amountOver = (merchant: Merchant, dailyMaxMinor: bigint, used: bigint): AppError => {
    const left = used >= dailyMaxMinor ? 0n : dailyMaxMinor - used;
    const scale = merchant.currencyScale;
    return new AppError(
      'VIP_WITHDRAW_AMOUNT',
      400,
      `Your VIP level can withdraw ${formatMoney(left, scale)} more today`,
      {
        value: { dailyMax: formatMoney(dailyMaxMinor, scale), left: formatMoney(left, scale) },
      },
    );
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
    const limits = await levelLimits?.(merchant.id, session.memberId);
    const levelCount = limits?.dailyCount ?? null;
    const countOverLevel = () =>
      new AppError(
        'VIP_WITHDRAW_COUNT',
        400,
        `Your VIP level's withdrawals for today are used up (${levelCount} a day)`,
        {
          value: { dailyCount: levelCount },
        },
      );
    await checkLevelLimits(merchant, session, amountMinor, limits ?? null, rules.dayOffsetMinutes, countOverLevel);
    const available = await wallet.balanceMinor(merchant, session.memberId, 'CASH');
    if (amountMinor > available) throw new AppError('INSUFFICIENT_FUNDS', 422, 'Your balance is not enough');
    const confirmForfeit = body.forfeitBonus === true;
    // The warning comes before the password (it writes nothing); the forfeit only after it.
    if (!confirmForfeit) await beforeWithdraw?.(merchant, session.memberId, false);
    await checkPaymentPassword(session, body.paymentPassword);
    if (confirmForfeit) await beforeWithdraw?.(merchant, session.memberId, true);

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
      {
        dailyCount: levelCount === null ? rules.dailyCount : Math.min(rules.dailyCount, levelCount),
        dailyMaxMinor: limits?.dailyMaxMinor ?? null,
      },
    );
    if (written === 'limit')
      throw levelCount !== null && levelCount < rules.dailyCount ? countOverLevel() : dailyLimit();
    if (written === 'amount' && limits?.dailyMaxMinor != null) {
      const used = await repo.amountOnDay(merchant.id, session.memberId, dayOf(nowMs, rules.dayOffsetMinutes));
      throw amountOver(merchant, limits.dailyMaxMinor, used);
    }
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
    proof: async (merchant: Merchant, orderId: bigint, proofId: bigint) => {
      const proof = await repo.proof(merchant.id, orderId, proofId);
      if (proof === undefined) throw new AppError('NOT_FOUND', 404, 'No such proof');
      return proof;
    },
    confirm,
  };
};

export type WithdrawMemberService = ReturnType<typeof withdrawMemberServiceFactory>;
