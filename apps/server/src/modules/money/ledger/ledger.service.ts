import { MAX_AMOUNT_MINOR } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { requestHash } from './ledger.hash';
import { postGathered, type Poster } from './ledger.poster';
import { ledgerRepository, type AccountKey, type PostOutcome, type PostRequest } from './ledger.repository';
import {
  CURRENCY_PATTERN,
  DEFAULT_SYSTEM_SHARDS,
  isSystemPurpose,
  MAX_KEY_LENGTH,
  MAX_LEGS,
  MAX_PAGE_SIZE,
  MAX_REFERENCE_LENGTH,
  MAX_SHARDS,
  PURPOSE_PATTERN,
  SOURCE_PATTERN,
  TRANSFER_CODES,
  type Account,
  type Leg,
  type OwnerKind,
  type PostInput,
  type PostResult,
  type Transfer,
} from './ledger.types';

export type LedgerServiceDeps = { db: Database; poster: Poster };

export type ReverseInput = {
  merchantId: number;
  transferId: bigint;
  source: string;
  idempotencyKey: string;
  reference?: string | null;
};

export type TransferPage = { items: Transfer[]; nextBeforeId: bigint | null };

/** Posts per statement (and transaction) of postMany; accounts opened per transaction of openOwnedAccounts. */
export const MAX_GATHERED_POSTS = 500;
const MAX_OPEN_AT_ONCE = 500;

/** One post's answer in postMany: its result, or the refusal `post` would have thrown. */
export type PostManyOutcome = { ok: true; result: PostResult } | { ok: false; error: AppError };

/** A bound on one owner's accounts read at once (a person holds a handful; the bound keeps the read finite). */
const MAX_OWNER_ACCOUNTS = 100;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', 400, message);

/** A programming error of the calling module, not of the player: refused before anything is queued. */
const validatePost = (input: PostInput): void => {
  if (!SOURCE_PATTERN.test(input.source)) throw invalid('Invalid ledger source');
  if (input.idempotencyKey.length < 1 || input.idempotencyKey.length > MAX_KEY_LENGTH) {
    throw invalid('Invalid idempotency key');
  }
  if ((input.reference?.length ?? 0) > MAX_REFERENCE_LENGTH) throw invalid('Reference too long');
  if (input.legs.length < 1 || input.legs.length > MAX_LEGS) throw invalid(`A post has 1 to ${MAX_LEGS} legs`);
  for (const leg of input.legs) {
    if (leg.amountMinor <= 0n || leg.amountMinor > MAX_AMOUNT_MINOR) {
      throw new AppError('INVALID_AMOUNT', 400, 'The amount must be positive');
    }
    if (leg.debitAccountId === leg.creditAccountId) throw invalid('A transfer needs two different accounts');
    if (!(TRANSFER_CODES as readonly string[]).includes(leg.code)) throw invalid('Unknown transfer code');
  }
};

/** Refusals are results inside ledger_post; here they become the AppError the caller's caller sees. */
const toResult = (outcome: PostOutcome): PostResult => {
  switch (outcome.status) {
    case 'OK':
    case 'REPLAYED':
      return { replayed: outcome.status === 'REPLAYED', transfers: outcome.transfers };
    case 'INSUFFICIENT_FUNDS':
      return fail(new AppError('INSUFFICIENT_FUNDS', 422, 'Insufficient funds'));
    case 'IDEMPOTENCY_CONFLICT':
      return fail(new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another request'));
    case 'ACCOUNT_NOT_FOUND':
      return fail(new AppError('ACCOUNT_NOT_FOUND', 404, 'Account not found'));
    case 'CURRENCY_MISMATCH':
      return fail(new AppError('CURRENCY_MISMATCH', 422, 'The accounts have different currencies'));
    case 'ALREADY_REVERSED':
      return fail(new AppError('ALREADY_REVERSED', 409, 'This transfer was already reversed'));
  }
};
const fail = (error: AppError): never => {
  throw error;
};

export const ledgerServiceFactory = ({ db, poster }: LedgerServiceDeps) => {
  const toRequest = (input: PostInput, reversesTransferId: bigint | null): PostRequest => {
    const reference = input.reference ?? null;
    return {
      merchant: input.merchantId,
      source: input.source,
      key: input.idempotencyKey,
      hash: requestHash(input.legs, reference, reversesTransferId),
      reference,
      reverses: reversesTransferId?.toString() ?? null,
      legs: input.legs.map((leg: Leg) => ({
        debit: leg.debitAccountId.toString(),
        credit: leg.creditAccountId.toString(),
        amount: leg.amountMinor.toString(),
        code: leg.code,
      })),
    };
  };

  const submit = async (input: PostInput, reversesTransferId: bigint | null): Promise<PostResult> => {
    validatePost(input);
    return toResult(await poster.submit(toRequest(input, reversesTransferId)));
  };

  const answerOf = (outcome: PostOutcome): PostManyOutcome => {
    try {
      return { ok: true, result: toResult(outcome) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error };
      throw error;
    }
  };

  return {
    /**
     * The account for (owner, purpose, currency), created on first use; idempotent. System purposes are split into
     * `shards` rows (default 16) and may go negative; a person's accounts have one row and never go below zero.
     */
    openAccount: async (key: AccountKey, options: { shards?: number } = {}): Promise<Account> => {
      if (!PURPOSE_PATTERN.test(key.purpose)) throw invalid('Unknown account purpose');
      if (!CURRENCY_PATTERN.test(key.currency)) throw invalid('Invalid currency');
      const system = isSystemPurpose(key.purpose);
      if (system !== (key.ownerKind === 'MERCHANT')) throw invalid('System accounts belong to the merchant only');
      const shards = system ? (options.shards ?? DEFAULT_SYSTEM_SHARDS) : 1;
      if (!Number.isInteger(shards) || shards < 1 || shards > MAX_SHARDS) throw invalid('Invalid shard count');
      // Nearly always the account exists already: one read, without the transaction and advisory lock of creating it.
      const existing = await ledgerRepository.findAccount(db, key);
      if (existing !== null) return existing;
      return db.transaction((tx) => ledgerRepository.openAccount(tx, key, shards));
    },

    /**
     * Applies the legs all or nothing, once per (merchant, source, key): a retry with the same request returns the
     * first result (`replayed`), the same key with another request is refused with IDEMPOTENCY_CONFLICT.
     * Refusals: INSUFFICIENT_FUNDS, ACCOUNT_NOT_FOUND, CURRENCY_MISMATCH, INVALID_AMOUNT, VALIDATION_FAILED.
     */
    post: (input: PostInput): Promise<PostResult> => submit(input, null),

    /**
     * Many posts gathered by the caller (a settlement paying every agent of a window): MAX_GATHERED_POSTS per statement,
     * each statement one transaction with its rows locked in one order, as a group-commit batch. Each post keeps the
     * rules of `post` (all or nothing, once per key: a retry replays), and answers on its own: a refusal is that post's
     * outcome, never the others'. Invalid input (a programming error) is refused before anything is posted.
     */
    postMany: async (inputs: readonly PostInput[]): Promise<PostManyOutcome[]> => {
      inputs.forEach(validatePost);
      const requests = inputs.map((input) => toRequest(input, null));
      const answers: PostManyOutcome[] = [];
      for (let at = 0; at < requests.length; at += MAX_GATHERED_POSTS) {
        const outcomes = await postGathered(db, requests.slice(at, at + MAX_GATHERED_POSTS));
        answers.push(...outcomes.map(answerOf));
      }
      return answers;
    },

    /**
     * Many owners' accounts of one owned purpose and currency, the missing ones opened (one shard, never below zero),
     * idempotent like openAccount: owner id (decimal) → account id.
     */
    openOwnedAccounts: async (key: Omit<AccountKey, 'ownerId'>, ownerIds: readonly bigint[]) => {
      if (!PURPOSE_PATTERN.test(key.purpose) || isSystemPurpose(key.purpose) || key.ownerKind === 'MERCHANT') {
        throw invalid('Only owned accounts are opened in bulk');
      }
      if (!CURRENCY_PATTERN.test(key.currency)) throw invalid('Invalid currency');
      const ids = await ledgerRepository.ownedAccountIds(db, key, ownerIds);
      const missing = [...new Set(ownerIds.filter((id) => !ids.has(id.toString())))];
      for (let at = 0; at < missing.length; at += MAX_OPEN_AT_ONCE) {
        const slice = missing.slice(at, at + MAX_OPEN_AT_ONCE);
        const opened = await db.transaction((tx) => ledgerRepository.openOwnedAccounts(tx, key, slice));
        for (const [owner, id] of opened) ids.set(owner, id);
      }
      return ids;
    },

    /**
     * Whether a post under this key was already applied: a caller that answers a retry with its first result (the post
     * replays it) asks this before anything that may refuse a new request, such as a rate limit.
     */
    isPosted: (merchantId: number, source: string, idempotencyKey: string): Promise<boolean> =>
      ledgerRepository.isPosted(db, merchantId, source, idempotencyKey),

    /**
     * Corrects a transfer with a new one in the other direction (code CORRECTION); transfers are never changed.
     * A transfer is reversed at most once (ALREADY_REVERSED); a reversal that would take an owned account below
     * zero is refused like any debit.
     */
    reverse: async (input: ReverseInput): Promise<PostResult> => {
      const original = await ledgerRepository.getTransfer(db, input.merchantId, input.transferId);
      if (original === null) throw new AppError('TRANSFER_NOT_FOUND', 404, 'Transfer not found');
      const legs: Leg[] = [
        {
          debitAccountId: original.creditAccountId,
          creditAccountId: original.debitAccountId,
          amountMinor: original.amountMinor,
          code: 'CORRECTION',
        },
      ];
      const reference = input.reference ?? `reverses ${original.id}`;
      return submit({ ...input, reference, legs }, original.id);
    },

    getAccount: async (merchantId: number, accountId: bigint): Promise<Account> => {
      const account = await ledgerRepository.getAccount(db, merchantId, accountId);
      if (account === null) throw new AppError('ACCOUNT_NOT_FOUND', 404, 'Account not found');
      return account;
    },

    findAccount: (key: AccountKey): Promise<Account | null> => ledgerRepository.findAccount(db, key),

    /** Every account an owner holds (a member has a handful: CASH, FROZEN, PLAY, a vendor wallet or two). */
    ownerAccounts: (merchantId: number, ownerKind: OwnerKind, ownerId: bigint): Promise<Account[]> =>
      ledgerRepository.listOwnerAccounts(db, merchantId, ownerKind, ownerId, MAX_OWNER_ACCOUNTS),

    /** Newest first; pass the returned nextBeforeId to get the next page (null: no more). */
    listTransfers: async (query: {
      merchantId: number;
      accountId: bigint;
      beforeId?: bigint | null;
      limit?: number;
    }): Promise<TransferPage> => {
      const limit = query.limit ?? 20;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) throw invalid('Invalid page size');
      const items = await ledgerRepository.listTransfers(
        db,
        query.merchantId,
        query.accountId,
        query.beforeId ?? null,
        limit,
      );
      const last = items.at(-1);
      return { items, nextBeforeId: items.length === limit && last !== undefined ? last.id : null };
    },
  };
};

export type LedgerService = ReturnType<typeof ledgerServiceFactory>;
