import { formatMoney, isTrialType, POINTS_CURRENCY, type Balance } from '@platform/contracts';
import { LRUCache } from 'lru-cache';
import type { EventBus } from '../../../lib/event-bus';
import type { AccountKey, LedgerService, PostInput, PostManyOutcome, PostResult, SystemPurpose } from '../ledger';
import type { Merchant } from '../../platform/merchant';

/**
 * What a member's money is for: spendable cash, cash held by pending withdrawals, trial play money, a vendor wallet,
 * and the points mall's points (a currency of their own, POINTS_CURRENCY: they never sum with money; ADR 0046).
 */
export type MemberPurpose = 'CASH' | 'FROZEN' | 'PLAY' | 'BONUS' | 'POINTS' | `VENDOR:${string}`;

export type WalletServiceDeps = {
  ledger: LedgerService;
  bus: EventBus;
  /** Bound of the account-id cache (default DEFAULT_MAX_CACHED_ACCOUNT_IDS); tests set a small one. */
  maxCachedAccountIds?: number;
};

/**
 * A few megabytes of keys and ids at most: a node keeps the ids of the members active now (a member holds a few accounts:
 * CASH, FROZEN, vendor wallets) without growing with every member the process has ever seen.
 */
export const DEFAULT_MAX_CACHED_ACCOUNT_IDS = 50_000;

/** Every person's account is owned by its `members` row (agents are members with an agent type). */
const OWNER_KIND = 'MEMBER' as const;

/**
 * The wallet's view of the ledger: finds (and on first use opens) a member's and the merchant's accounts, posts, and
 * tells the realtime gateway after the commit whose balances changed. Other wallet modules (deposits, withdrawals,
 * transfers, the transfer wallet) move money only through `post`.
 */
export const walletServiceFactory = ({
  ledger,
  bus,
  maxCachedAccountIds = DEFAULT_MAX_CACHED_ACCOUNT_IDS,
}: WalletServiceDeps) => {
  // Account ids never change once an account exists, so a cached id never goes stale; the cache is bounded (least
  // recently used goes first) and an evicted id is read again from the ledger on its next use.
  const ids = new LRUCache<string, bigint>({ max: maxCachedAccountIds });
  const idOf = async (key: AccountKey, shards?: number): Promise<bigint> => {
    const cacheKey = `${key.merchantId}:${key.ownerKind}:${key.ownerId}:${key.purpose}:${key.currency}`;
    const cached = ids.get(cacheKey);
    if (cached !== undefined) return cached;
    const account = await ledger.openAccount(key, shards === undefined ? {} : { shards });
    ids.set(cacheKey, account.id);
    return account.id;
  };

  const currencyOf = (merchant: Merchant, purpose: string): string =>
    purpose === 'PLAY' ? merchant.playCurrency : purpose === 'POINTS' ? POINTS_CURRENCY : merchant.currencyCode;

  const memberKey = (merchant: Merchant, memberId: bigint, purpose: MemberPurpose): AccountKey => ({
    merchantId: merchant.id,
    ownerKind: OWNER_KIND,
    ownerId: memberId,
    purpose,
    currency: currencyOf(merchant, purpose),
  });

  /** Minor units in the account, 0 when it was never opened (reads never open accounts). */
  const balanceMinor = async (merchant: Merchant, memberId: bigint, purpose: MemberPurpose): Promise<bigint> =>
    (await ledger.findAccount(memberKey(merchant, memberId, purpose)))?.balanceMinor ?? 0n;

  /** The header's balance: play money for a trial member, cash (and what pending withdrawals hold) otherwise. */
  const balance = async (merchant: Merchant, member: { id: bigint; type: number }): Promise<Balance> => {
    const play = isTrialType(member.type);
    const [main, frozen] = await Promise.all([
      balanceMinor(merchant, member.id, play ? 'PLAY' : 'CASH'),
      play ? Promise.resolve(0n) : balanceMinor(merchant, member.id, 'FROZEN'),
    ]);
    return {
      balance: formatMoney(main, merchant.currencyScale),
      frozen: formatMoney(frozen, merchant.currencyScale),
      currencySymbol: merchant.currencySymbol || '$',
      currency: play ? merchant.playCurrency : merchant.currencyCode,
      play,
    };
  };

  return {
    /** How many account ids the cache holds now (at most `maxCachedAccountIds`). */
    cachedAccountIds: (): number => ids.size,
    /** The member's account for `purpose`, opened on first use. */
    memberAccount: (merchant: Merchant, memberId: bigint, purpose: MemberPurpose) =>
      idOf(memberKey(merchant, memberId, purpose)),
    /** Many members' accounts of one purpose, opened on first use in bulk: member id (decimal) → account id. */
    memberAccountsOf: async (
      merchant: Merchant,
      memberIds: readonly bigint[],
      purpose: MemberPurpose,
    ): Promise<Map<string, bigint>> => {
      const key = memberKey(merchant, 0n, purpose);
      const cacheKey = (id: bigint) => `${key.merchantId}:${key.ownerKind}:${id}:${key.purpose}:${key.currency}`;
      const found = new Map<string, bigint>();
      const missing: bigint[] = [];
      for (const id of memberIds) {
        const cached = ids.get(cacheKey(id));
        if (cached === undefined) missing.push(id);
        else found.set(id.toString(), cached);
      }
      if (missing.length === 0) return found;
      const { merchantId, ownerKind, currency } = key;
      const opened = await ledger.openOwnedAccounts({ merchantId, ownerKind, purpose, currency }, missing);
      for (const [owner, id] of opened) {
        found.set(owner, id);
        ids.set(cacheKey(BigInt(owner)), id);
      }
      return found;
    },
    /**
     * The merchant's side of a movement (sharded; may go negative). PLAY money has its own PROMOTIONS account.
     * `shards` applies when this call opens the account (default: the ledger's); an existing account keeps its own.
     */
    systemAccount: (merchant: Merchant, purpose: SystemPurpose, currency = merchant.currencyCode, shards?: number) =>
      idOf({ merchantId: merchant.id, ownerKind: 'MERCHANT', ownerId: 0n, purpose, currency }, shards),
    balanceMinor,
    balance,
    /** Every account the member holds, whatever its purpose (the back office's balances; reads never open one). */
    memberAccounts: (merchant: Merchant, memberId: bigint) => ledger.ownerAccounts(merchant.id, OWNER_KIND, memberId),
    /**
     * Posts through the ledger (idempotent by source and key) and, after the commit, tells listeners that the wallets
     * of `members` changed (the realtime gateway pushes `wallet.balance`). Refusals throw the ledger's AppError.
     */
    post: async (input: PostInput, members: readonly bigint[]): Promise<PostResult> => {
      const result = await ledger.post(input);
      for (const memberId of new Set(members)) bus.emit('wallet.changed', { merchantId: input.merchantId, memberId });
      return result;
    },
    /**
     * Many posts gathered by the caller in few ledger transactions (LedgerService.postMany: each post its own outcome,
     * refusals included); after the commits, tells listeners that the wallets of `members` changed.
     */
    postMany: async (inputs: readonly PostInput[], members: readonly bigint[]): Promise<PostManyOutcome[]> => {
      const outcomes = await ledger.postMany(inputs);
      const merchants = new Set(inputs.map((input) => input.merchantId));
      for (const merchantId of merchants) {
        for (const memberId of new Set(members)) bus.emit('wallet.changed', { merchantId, memberId });
      }
      return outcomes;
    },
    /** One page of an account's transfers, newest first (the points mall's transaction detail). */
    transfersOf: (merchantId: number, accountId: bigint, beforeId: bigint | null, limit: number) =>
      ledger.listTransfers({ merchantId, accountId, beforeId, limit }),
    /** Whether a post under (source, key) was already applied (its retry replays; see LedgerService.isPosted). */
    isPosted: (merchantId: number, source: string, idempotencyKey: string): Promise<boolean> =>
      ledger.isPosted(merchantId, source, idempotencyKey),
    /** Free-play login (issue 4): the trial member's PLAY account gets the merchant's play money, once. */
    fundPlay: async (merchant: Merchant, memberId: bigint): Promise<void> => {
      if (merchant.playMoneyMinor <= 0n) return;
      const promotions = await idOf({
        merchantId: merchant.id,
        ownerKind: 'MERCHANT',
        ownerId: 0n,
        purpose: 'PROMOTIONS',
        currency: merchant.playCurrency,
      });
      const play = await idOf(memberKey(merchant, memberId, 'PLAY'));
      await ledger.post({
        merchantId: merchant.id,
        source: 'wallet.play',
        idempotencyKey: `play-fund:${memberId}`,
        reference: 'free play',
        legs: [
          {
            debitAccountId: promotions,
            creditAccountId: play,
            amountMinor: merchant.playMoneyMinor,
            code: 'PLAY_FUND',
          },
        ],
      });
      bus.emit('wallet.changed', { merchantId: merchant.id, memberId });
    },
  };
};

export type WalletService = ReturnType<typeof walletServiceFactory>;
