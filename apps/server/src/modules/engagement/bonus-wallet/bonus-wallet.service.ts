import { MAX_AMOUNT_MINOR } from '@platform/contracts';
import { createHash } from 'node:crypto';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import { decodeSqlError } from '../../../lib/sql-errors';
import type { WalletService } from '../../money/wallet';
import type { Merchant, MerchantService } from '../../platform/merchant';
import {
  bonusWalletRepository as repo,
  type CloseMode,
  type GrantRow,
  type SqlAnswer,
} from './bonus-wallet.repository';

/** The terms a bonus is wagered under (DESIGN.md §13, domain-rules §4.2). */
export type GrantTerms = {
  amountMinor: bigint;
  /** Turnover = multiple × bonus (BONUS) or multiple × (deposit + bonus) (DEPOSIT_AND_BONUS). */
  turnoverBase: 'BONUS' | 'DEPOSIT_AND_BONUS';
  turnoverMultiple: number;
  depositMinor?: bigint;
  /** Percent of a stake that counts, by game type; `defaultWeight` for the others (default 100); 0 excludes. */
  weights?: Record<string, number>;
  defaultWeight?: number;
  maxBetMinor?: bigint | null;
  maxConversionMinor?: bigint | null;
  /** What a withdrawal while wagering does: forfeit the bonus (after a warning) or be refused. */
  onWithdraw?: 'FORFEIT' | 'REFUSE';
  expiresAt: Date;
  promotionId?: bigint | null;
};

export type BonusGranted = { merchantId: number; memberId: bigint; grantId: bigint; amountMinor: bigint };

export type BonusWalletDeps = {
  db: Database;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount'>;
  merchants: Pick<MerchantService, 'byId'>;
  bus: EventBus;
  now: Clock;
  /** Told after a grant commits (the hook for a "bonus granted" message; nothing listens by default). */
  onGranted?: (granted: BonusGranted) => void;
};

/** Bounds: a multiple above this is a typing error, not a promotion. */
export const MAX_TURNOVER_MULTIPLE = 200;
const SWEEP_BATCH = 200;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', 400, message);

const REFUSALS: Record<string, () => AppError> = {
  BONUS_ACTIVE: () => new AppError('BONUS_ACTIVE', 409, 'A bonus is already being wagered'),
  BONUS_NOT_ACTIVE: () => new AppError('BONUS_NOT_ACTIVE', 409, 'The bonus is closed already'),
  BONUS_NOT_READY: () => new AppError('BONUS_NOT_READY', 409, 'The bonus cannot be closed that way yet'),
  BONUS_NOT_FOUND: () => new AppError('BONUS_NOT_FOUND', 404, 'No such bonus'),
  IDEMPOTENCY_CONFLICT: () =>
    new AppError('IDEMPOTENCY_CONFLICT', 409, 'This grant key was already used for another grant'),
};
const refusal = (answer: SqlAnswer): never => {
  throw (REFUSALS[answer.refused ?? ''] ?? (() => new AppError('INTERNAL', 500, 'Bonus refused')))();
};

const validateTerms = (terms: GrantTerms, nowMs: number): void => {
  if (terms.amountMinor <= 0n || terms.amountMinor > MAX_AMOUNT_MINOR) throw invalid('Invalid bonus amount');
  const multiple = terms.turnoverMultiple;
  if (!Number.isInteger(multiple) || multiple < 0 || multiple > MAX_TURNOVER_MULTIPLE) {
    throw invalid('Invalid turnover multiple');
  }
  const weights = [...Object.values(terms.weights ?? {}), terms.defaultWeight ?? 100];
  if (weights.some((w) => !Number.isInteger(w) || w < 0 || w > 100)) throw invalid('Game weights are 0 to 100');
  if ((terms.depositMinor ?? 0n) < 0n) throw invalid('Invalid deposit');
  if (terms.maxBetMinor != null && terms.maxBetMinor <= 0n) throw invalid('Invalid maximum bet');
  if (terms.maxConversionMinor != null && terms.maxConversionMinor < 0n) throw invalid('Invalid conversion cap');
  if (terms.expiresAt.getTime() <= nowMs) throw invalid('The bonus would expire at once');
};

export const requiredTurnover = (terms: GrantTerms): bigint =>
  BigInt(terms.turnoverMultiple) *
  (terms.turnoverBase === 'BONUS' ? terms.amountMinor : terms.amountMinor + (terms.depositMinor ?? 0n));

/**
 * The bonus wallet (DESIGN.md §13, ADR 0034): grants, and the closing of grants (conversion, expiry, forfeit), each a
 * ledger operation in one statement. Bets, wins and refunds of bonus money go through the seamless wallet's call
 * (sql/bonus-wallet.sql: bonus_debit, bonus_settle).
 */
export const bonusWalletServiceFactory = (deps: BonusWalletDeps) => {
  const { db, wallet, now } = deps;
  const accountsOf = async (merchant: Merchant, memberId: bigint) => {
    const [cash, promotions] = await Promise.all([
      wallet.memberAccount(merchant, memberId, 'CASH'),
      wallet.systemAccount(merchant, 'PROMOTIONS'),
    ]);
    return { cash, promotions };
  };

  const close = async (merchantId: number, grantId: bigint, mode: CloseMode, reason: string): Promise<GrantRow> => {
    const grant = await repo.byId(db, merchantId, grantId);
    if (grant === undefined) throw REFUSALS.BONUS_NOT_FOUND!();
    const merchant = await deps.merchants.byId(merchantId);
    const { cash, promotions } = await accountsOf(merchant, grant.memberId);
    const answer = await repo.close(db, merchantId, grantId, mode, reason, new Date(now()), cash, promotions);
    if (answer.refused !== undefined) refusal(answer);
    deps.bus.emit('wallet.changed', { merchantId, memberId: grant.memberId });
    return (await repo.byId(db, merchantId, grantId))!;
  };

  return {
    /**
     * Grants a bonus under a business key (the same key answers the same grant). One grant per member and currency is
     * wagered at a time: another active one refuses with BONUS_ACTIVE.
     */
    grant: async (merchantId: number, memberId: bigint, key: string, terms: GrantTerms): Promise<GrantRow> => {
      validateTerms(terms, now());
      const merchant = await deps.merchants.byId(merchantId);
      const [account, promotions] = await Promise.all([
        wallet.memberAccount(merchant, memberId, 'BONUS'),
        wallet.systemAccount(merchant, 'PROMOTIONS'),
      ]);
      const input = {
        merchant: merchant.id,
        member: memberId.toString(),
        currency: merchant.currencyCode,
        ...{ account: account.toString(), promotions: promotions.toString(), key },
        amount: terms.amountMinor.toString(),
        deposit: (terms.depositMinor ?? 0n).toString(),
        required: requiredTurnover(terms).toString(),
        weights: terms.weights ?? {},
        defaultWeight: terms.defaultWeight ?? 100,
        maxBet: terms.maxBetMinor?.toString() ?? null,
        maxConversion: terms.maxConversionMinor?.toString() ?? null,
        onWithdraw: terms.onWithdraw ?? 'FORFEIT',
        expiresAt: terms.expiresAt.toISOString(),
        promotion: terms.promotionId?.toString() ?? null,
        now: new Date(now()).toISOString(),
      };
      const hash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
      let answer: SqlAnswer;
      try {
        answer = await repo.grant(db, { ...input, hash });
      } catch (error) {
        // Two grants at once for one member: the active-grant index lets one through.
        if (decodeSqlError(error).kind === 'unique') throw REFUSALS.BONUS_ACTIVE!();
        throw error;
      }
      if (answer.refused !== undefined) refusal(answer);
      const grantId = BigInt(answer.id!);
      if (answer.replayed !== true) {
        deps.bus.emit('wallet.changed', { merchantId: merchant.id, memberId });
        deps.onGranted?.({ merchantId: merchant.id, memberId, grantId, amountMinor: terms.amountMinor });
      }
      return (await repo.byId(db, merchant.id, grantId))!;
    },

    /** Converts a grant that is ready; a grant not ready or closed already is left as it is (answers null). */
    convert: async (merchantId: number, grantId: bigint): Promise<GrantRow | null> => {
      try {
        return await close(merchantId, grantId, 'CONVERT', 'turnover met');
      } catch (error) {
        if (error instanceof AppError && (error.code === 'BONUS_NOT_READY' || error.code === 'BONUS_NOT_ACTIVE')) {
          return null;
        }
        throw error;
      }
    },

    /** Forfeits an active grant (a withdrawal, the back office); a closed one refuses with BONUS_NOT_ACTIVE (409). */
    forfeit: (merchantId: number, grantId: bigint, reason: string): Promise<GrantRow> =>
      close(merchantId, grantId, 'FORFEIT', reason),

    /** Expires the grants past their expiry and converts the ready ones the calls did not (the job's work). */
    sweep: async (signal?: AbortSignal): Promise<{ expired: number; converted: number }> => {
      let expired = 0;
      let converted = 0;
      for (const due of await repo.expired(db, new Date(now()), SWEEP_BATCH)) {
        if (signal?.aborted === true) break;
        await close(due.merchantId, due.id, 'EXPIRE', 'expired').then(
          () => (expired += 1),
          (error: unknown) => {
            if (!(error instanceof AppError && error.httpStatus === 409)) throw error;
          },
        );
      }
      for (const ready of await repo.ready(db, SWEEP_BATCH)) {
        if (signal?.aborted === true) break;
        await close(ready.merchantId, ready.id, 'CONVERT', 'turnover met').then(
          () => (converted += 1),
          (error: unknown) => {
            if (!(error instanceof AppError && error.httpStatus === 409)) throw error;
          },
        );
      }
      return { expired, converted };
    },

    /**
     * Before a withdrawal: while a bonus is being wagered, a promotion that refuses withdrawals refuses it
     * (BONUS_WAGERING), and one that forfeits asks for confirmation first (BONUS_FORFEIT_CONFIRM, with what would be
     * lost) and forfeits once confirmed.
     */
    beforeWithdraw: async (merchant: Merchant, memberId: bigint, confirmForfeit: boolean): Promise<void> => {
      const grant = await repo.active(db, merchant.id, memberId, merchant.currencyCode);
      if (grant === undefined) return;
      if (grant.onWithdraw === 'REFUSE') {
        throw new AppError('BONUS_WAGERING', 409, 'Withdrawals open once the bonus has been wagered');
      }
      if (!confirmForfeit) {
        throw new AppError('BONUS_FORFEIT_CONFIRM', 409, 'Withdrawing now forfeits the bonus being wagered', {
          value: {
            bonusMinor: grant.balanceMinor.toString(),
            turnoverLeftMinor: (grant.turnoverRequiredMinor - grant.turnoverDoneMinor).toString(),
          },
        });
      }
      await close(merchant.id, grant.id, 'FORFEIT', 'withdrawal');
    },

    active: (merchantId: number, memberId: bigint, currency: string) => repo.active(db, merchantId, memberId, currency),
    byId: (merchantId: number, grantId: bigint) => repo.byId(db, merchantId, grantId),
    /** Cost per promotion of the grants made over business days `from` to `to` (the back office's report). */
    costByPromotion: (merchantId: number, from: string, to: string) => repo.costByPromotion(db, merchantId, from, to),
    ofMember: (merchantId: number, memberId: bigint, limit = 50) =>
      repo.ofMember(db, merchantId, memberId, Math.min(Math.max(limit, 1), 100)),
  };
};

export type BonusWalletService = ReturnType<typeof bonusWalletServiceFactory>;
