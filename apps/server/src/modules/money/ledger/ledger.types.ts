/**
 * The ledger's vocabulary (DESIGN.md §5). Money is a bigint of minor units everywhere; ids are bigints too.
 */
export const TRANSFER_CODES = [
  'BET',
  'WIN',
  'REFUND',
  'DEPOSIT',
  'WITHDRAW_HOLD',
  'WITHDRAW_PAID',
  'WITHDRAW_RELEASE',
  'TRANSFER_UPLINE',
  'TRANSFER_DOWNLINE',
  'VENDOR_IN',
  'VENDOR_OUT',
  'BONUS',
  'REBATE',
  'SALARY',
  'DIVIDEND',
  'POINTS_EARN',
  'POINTS_SPEND',
  'CORRECTION',
  /** Play money given to a trial member on free-play login (issue 4). */
  'PLAY_FUND',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

export type OwnerKind = 'MEMBER' | 'AGENT' | 'VENDOR' | 'MERCHANT';
/** What a person's account is for; a person's accounts never go below zero. */
export type OwnedPurpose = 'CASH' | 'FROZEN' | 'BONUS' | 'PLAY' | 'POINTS' | `VENDOR:${string}`;
/** The merchant's side of every movement; may go negative, and may be sharded. */
export type SystemPurpose = 'CASHIER' | 'PROMOTIONS' | 'COMMISSIONS' | `HOUSE:${string}`;
export type Purpose = OwnedPurpose | SystemPurpose;

export const isSystemPurpose = (purpose: string): purpose is SystemPurpose =>
  /^(CASHIER|PROMOTIONS|COMMISSIONS|HOUSE:[A-Z0-9_]{1,32})$/.test(purpose);
export const PURPOSE_PATTERN =
  /^(CASH|FROZEN|BONUS|PLAY|POINTS|CASHIER|PROMOTIONS|COMMISSIONS|(VENDOR|HOUSE):[A-Z0-9_]{1,32})$/;
export const CURRENCY_PATTERN = /^[A-Z][A-Z0-9]{2,7}$/;
export const SOURCE_PATTERN = /^[a-zA-Z0-9_.:-]{1,64}$/;

/** Limits on everything (Tiger Style): a post has at most this many legs, a key and a reference this many chars. */
export const MAX_LEGS = 8;
export const MAX_KEY_LENGTH = 128;
export const MAX_REFERENCE_LENGTH = 200;
export const MAX_PAGE_SIZE = 100;
/** Shards of a hot system account; the sum of the rows is the balance. */
export const DEFAULT_SYSTEM_SHARDS = 16;
export const MAX_SHARDS = 64;

export type Account = {
  merchantId: number;
  id: bigint;
  ownerKind: OwnerKind;
  ownerId: bigint;
  purpose: Purpose;
  currency: string;
  /** The sum of the account's shard rows. */
  balanceMinor: bigint;
  allowNegative: boolean;
  shardCount: number;
};

export type Leg = {
  debitAccountId: bigint;
  creditAccountId: bigint;
  amountMinor: bigint;
  code: TransferCode;
};

export type PostInput = {
  merchantId: number;
  /** Who chose the key: keys are unique per merchant and source. */
  source: string;
  idempotencyKey: string;
  /** Round, order, contract period... */
  reference?: string | null;
  /** One or more legs, applied all or nothing. */
  legs: readonly Leg[];
};

export type Transfer = {
  merchantId: number;
  id: bigint;
  source: string;
  idempotencyKey: string;
  leg: number;
  code: TransferCode;
  debitAccountId: bigint;
  debitShard: number;
  creditAccountId: bigint;
  creditShard: number;
  amountMinor: bigint;
  currency: string;
  /** Balance of the debited row right after this transfer (a shard's, for a sharded account). */
  debitBalanceAfterMinor: bigint;
  creditBalanceAfterMinor: bigint;
  reference: string | null;
  reversesTransferId: bigint | null;
  createdAt: Date;
};

export type PostResult = {
  /** true when the key had already been applied with the same request: nothing moved now. */
  replayed: boolean;
  transfers: Transfer[];
};
