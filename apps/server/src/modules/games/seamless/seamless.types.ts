import type { SeamlessOp } from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { RateLimiter, RateRule } from '../../platform/rate-limit';
import type { WalletService } from '../../money/wallet';
import type { SeamlessPoster } from './seamless.poster';
import type { SeamlessRepository } from './seamless.repository';
import type { ConnectedVendor, VendorDirectory } from './vendor-directory';

/** The shared secret of a merchant's vendor (ADR 0013: from the environment, never the database). */
export type VendorSecretResolver = (merchantCode: string, vendorCode: string) => string | undefined;

/**
 * Every call of every player of a vendor touches its HOUSE account, and holds the shard it touches until its commit
 * is on disk: with the ledger's default of 16 shards, 32 concurrent calls queue on them (bench/wallet-protocol).
 */
export const HOUSE_SHARDS = 64;

export type SeamlessCall = {
  op: SeamlessOp;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** The client address as Fastify derives it (TRUSTED_PROXIES decides whether X-Forwarded-For counts). */
  ip: string;
};

export type SeamlessServiceDeps = {
  repository: SeamlessRepository;
  /** Applies the money calls (group commit by default, see seamless.poster.ts). */
  poster: SeamlessPoster;
  vendors: VendorDirectory;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount'>;
  vendorSecret: VendorSecretResolver;
  limiter: RateLimiter;
  rateRule: RateRule;
  bus: EventBus;
  now: Clock;
  log: { warn: (detail: object, message: string) => void };
  /** The bonus wallet's conversion (engagement/bonus-wallet), run after a call left a grant ready to convert. */
  bonus?: BonusConverter;
};

/** Converts a grant whose turnover is met and whose rounds are all settled; idempotent (a closed grant is left be). */
export type BonusConverter = (merchantId: number, grantId: bigint) => Promise<unknown>;

export type Authenticated = { connected: ConnectedVendor; body: unknown };
