import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { GameLauncher } from '../catalogue';
import type { Merchant, MerchantService } from '../../platform/merchant';
import { createRateLimiter, memoryRateLimitStore, type RateRule } from '../../platform/rate-limit';
import type { WalletService } from '../../money/wallet';
import { seamlessLauncher } from './seamless.launcher';
import { directSeamlessPoster, groupCommitSeamlessPoster, type SeamlessGroupCommitOptions } from './seamless.poster';
import { pulledRoundsRepository, type PulledRound } from './pulled-rounds.repository';
import { seamlessRepository } from './seamless.repository';
import { seamlessRoutes } from './seamless.routes';
import { seamlessServiceFactory, type BonusConverter, type VendorSecretResolver } from './seamless.service';
import { createVendorDirectory } from './vendor-directory';

export { SEAMLESS_STATUS, type BonusConverter, type VendorSecretResolver } from './seamless.service';
export { signSeamless } from './seamless.signature';
export { launchBase, launchUrl, playerIdOf } from './seamless.launcher';
export type { PulledRound } from './pulled-rounds.repository';

/**
 * Ends every live game session of a member in the caller's transaction (identity calls it at logout, password change
 * and lock; ADR 0019): from the commit on, a debit on any of them is refused with SESSION_EXPIRED on every node, while
 * the credits, rollbacks and round ends of rounds already open are still applied. Returns how many ended.
 */
export const endMemberGameSessions = (tx: Queryable, merchantId: number, memberId: bigint, nowMs: number) =>
  seamlessRepository(tx).endMemberSessions(merchantId, memberId, nowMs);

/**
 * Which of `roundIds` of a vendor the betting record already has. The transfer wallet's bet-record pull skips those:
 * their money was posted before their row was written.
 */
export const knownRounds = (db: Queryable, merchantId: number, vendorCode: string, roundIds: string[]) =>
  pulledRoundsRepository.known(db, merchantId, vendorCode, roundIds);

/**
 * Writes a round pulled from a transfer vendor into the betting record (in the caller's transaction, after its money
 * was posted: the row is the pull's "done" mark). Returns false when the round was there already.
 */
export const recordPulledRound = (tx: Queryable, round: PulledRound) => pulledRoundsRepository.insert(tx, round);

/**
 * Calls per vendor (and merchant) per node: far above a busy vendor's rate (a round is two or three calls), low enough
 * that a flood is turned away in memory before it reaches the database.
 */
export const SEAMLESS_RATE_RULE: RateRule = { name: 'seamless', limit: 600_000, periodMs: 60_000 };
/** Launch sessions are deleted this long after they expired; the rounds they started are long settled. */
export const GAME_SESSION_RETENTION_MS = 7 * 24 * 60 * 60_000;

export type SeamlessModuleDeps = {
  db: Database;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount'>;
  merchants: Pick<MerchantService, 'byId' | 'cdns'>;
  vendorSecret: VendorSecretResolver;
  bus: EventBus;
  now: Clock;
  log: { warn: (detail: object, message: string) => void };
  /** Tests lower it to see RATE_LIMITED. */
  rateRule?: RateRule;
  /**
   * Group commit of vendor calls (seamless.poster.ts); false: one statement per call. Default: on, one lane on PGlite
   * (one connection), two on PostgreSQL (bench/wallet-protocol: three and four were no faster on two cores).
   */
  groupCommit?: SeamlessGroupCommitOptions | false;
  /** Converts a bonus grant a call left ready (the bonus wallet's, wired in platform-modules). */
  bonus?: BonusConverter;
};

/**
 * The seamless wallet (issue 6; DESIGN.md §6): the five calls a vendor makes on every round, and the launcher that
 * issues the game sessions those calls name.
 */
export const createSeamlessModule = (deps: SeamlessModuleDeps) => {
  const repository = seamlessRepository(deps.db);
  const vendors = createVendorDirectory({
    lookup: repository.vendorByCodes,
    merchantById: (id: number): Promise<Merchant> => deps.merchants.byId(id),
    now: deps.now,
  });
  // An operator's vendor change (status, sources) applies at once on this node.
  deps.bus.on('catalogue.changed', ({ merchantId }) => vendors.invalidate(merchantId));
  const limiter = createRateLimiter(memoryRateLimitStore(), deps.now);
  const groupCommit = deps.groupCommit ?? { lanes: deps.db.kind === 'pglite' ? 1 : 2 };
  const poster =
    groupCommit === false ? directSeamlessPoster(repository) : groupCommitSeamlessPoster(repository, groupCommit);
  const service = seamlessServiceFactory({
    ...{ repository, poster, vendors, wallet: deps.wallet, vendorSecret: deps.vendorSecret, limiter },
    ...{ bus: deps.bus, now: deps.now, log: deps.log, ...(deps.bonus === undefined ? {} : { bonus: deps.bonus }) },
    rateRule: deps.rateRule ?? SEAMLESS_RATE_RULE,
  });
  const launcher: GameLauncher = seamlessLauncher({
    ...{ repository, cdns: deps.merchants.cdns, merchants: deps.merchants },
    ...{ vendorSecret: deps.vendorSecret, now: deps.now },
  });
  return {
    service,
    launcher,
    routes: async (app: FastifyInstance) => {
      await app.register(seamlessRoutes, { service });
    },
    /** Housekeeping: expired rate-limit keys, and sessions past their retention. */
    purge: async (batch: number): Promise<number> =>
      (await limiter.purge(batch)) + (await repository.purgeSessions(deps.now() - GAME_SESSION_RETENTION_MS, batch)),
  };
};

export type SeamlessModule = ReturnType<typeof createSeamlessModule>;
