import {
  formatMoney,
  isTrialType,
  type TransferDownlineRequest,
  type TransferResult,
  type TransferUplineRequest,
  type UplineInfo,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { MemberRow, Session } from '../../identity/identity';
import type { TransferCode } from '../ledger';
import type { Merchant } from '../../platform/merchant';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { parseAmount, type WalletService } from '../wallet';
import type { TransferRepository } from './transfer.repository';

/**
 * Transfers per member, a bound on what one session can ask of the ledger. An agent paying its downline runs through
 * dozens in a row (issue 16: fifty in a row must pass), so the burst is wide; wrong payment passwords are bounded by
 * the payment-password limiter, which counts failures only.
 */
export const TRANSFER_RULE: RateRule = { name: 'member-transfer', limit: 120, periodMs: 60_000 };
/** Both directions share one source: a request id is the member's, whichever way its money went. */
export const TRANSFER_SOURCE = 'wallet.transfer';

export type TransferDirectory = {
  byId: (merchantId: number, memberId: bigint) => Promise<MemberRow | undefined>;
  checkPaymentPassword: (session: Session, password: string) => Promise<void>;
};

export type TransferServiceDeps = {
  wallet: Pick<WalletService, 'memberAccount' | 'post' | 'isPosted'>;
  directory: TransferDirectory;
  repository: Pick<TransferRepository, 'findInDownline'>;
  limiter: RateLimiter;
};

type Party = { id: bigint; username: string };

/**
 * Money between members of one agent tree (spec §6): a member to its upline, an agent to a member of its downline.
 * Each is one ledger post from the sender's CASH to the receiver's CASH, keyed by the sender's request id, so a retry
 * moves money once; INSUFFICIENT_FUNDS refuses with nothing moved. Both members are told after the commit, so both
 * headers update live.
 */
export const transferServiceFactory = ({ wallet, directory, repository, limiter }: TransferServiceDeps) => {
  const send = async (
    merchant: Merchant,
    from: Party,
    to: Party,
    amountMinor: bigint,
    requestId: string,
    code: TransferCode,
  ): Promise<TransferResult> => {
    const [fromCash, toCash] = await Promise.all([
      wallet.memberAccount(merchant, from.id, 'CASH'),
      wallet.memberAccount(merchant, to.id, 'CASH'),
    ]);
    const result = await wallet.post(
      {
        merchantId: merchant.id,
        source: TRANSFER_SOURCE,
        // Scoped by the sender: two members who happen to pick the same id never collide.
        idempotencyKey: `${from.id}:${requestId}`,
        reference: `${from.username} → ${to.username}`,
        legs: [{ debitAccountId: fromCash, creditAccountId: toCash, amountMinor, code }],
      },
      [from.id, to.id],
    );
    const transfer = result.transfers[0];
    if (transfer === undefined) throw new Error('transfer without a ledger row');
    return {
      transferId: transfer.id.toString(),
      to: to.username,
      amount: formatMoney(amountMinor, merchant.currencyScale),
      balanceAfter: formatMoney(transfer.debitBalanceAfterMinor, merchant.currencyScale),
      replayed: result.replayed,
    };
  };

  /** The caller's own row and its upline's, or NO_UPLINE. */
  const uplineOf = async (session: Session): Promise<{ self: MemberRow; upline: MemberRow | undefined }> => {
    const self = await directory.byId(session.merchantId, session.memberId);
    if (self === undefined) throw new AppError('AUTH_REQUIRED', 401, 'You are not logged in, please login');
    const upline = self.parentId === null ? undefined : await directory.byId(session.merchantId, self.parentId);
    return { self, upline };
  };

  /**
   * The rate limit, unless this request id was already applied: a retry of an applied transfer gets its first answer
   * (the post replays it, or refuses another request under the key) whatever the limits say, so a client that lost an
   * answer can always learn it. Returns whether the key was applied.
   */
  const limitUnlessApplied = async (session: Session, requestId: string): Promise<boolean> => {
    if (await wallet.isPosted(session.merchantId, TRANSFER_SOURCE, `${session.memberId}:${requestId}`)) return true;
    await enforceLimits(limiter, session.merchantId, [[TRANSFER_RULE, session.memberId.toString()]]);
    return false;
  };

  return {
    upline: async (session: Session): Promise<UplineInfo> => {
      const { upline } = await uplineOf(session);
      return { upline: upline === undefined ? null : { username: upline.username, nickname: upline.nickname } };
    },

    /**
     * Checks run cheapest first: amount, rate limit, upline, payment password (a hash), then the post. A retry of an
     * applied request skips the limit and the password: its post moves nothing and answers what the first one did.
     */
    toUpline: async (merchant: Merchant, session: Session, body: TransferUplineRequest): Promise<TransferResult> => {
      const amountMinor = parseAmount(body.amount, merchant);
      const applied = await limitUnlessApplied(session, body.requestId);
      const { self, upline } = await uplineOf(session);
      if (upline === undefined) throw new AppError('NO_UPLINE', 400, 'You have no upline to transfer to');
      if (!applied) await directory.checkPaymentPassword(session, body.paymentPassword);
      return send(merchant, self, upline, amountMinor, body.requestId, 'TRANSFER_UPLINE');
    },

    toDownline: async (
      merchant: Merchant,
      session: Session,
      body: TransferDownlineRequest,
    ): Promise<TransferResult> => {
      const amountMinor = parseAmount(body.amount, merchant);
      const applied = await limitUnlessApplied(session, body.requestId);
      const target = await repository.findInDownline(session.merchantId, session.memberId, body.username);
      // One answer for "not below you" and "no such name": the caller learns nothing about other trees.
      if (target === undefined || isTrialType(target.userType)) {
        throw new AppError('NOT_IN_DOWNLINE', 404, 'There is no such member in your downline');
      }
      if (!applied) await directory.checkPaymentPassword(session, body.paymentPassword);
      const self = await directory.byId(session.merchantId, session.memberId);
      if (self === undefined) throw new AppError('AUTH_REQUIRED', 401, 'You are not logged in, please login');
      return send(merchant, self, target, amountMinor, body.requestId, 'TRANSFER_DOWNLINE');
    },
  };
};

export type TransferService = ReturnType<typeof transferServiceFactory>;
