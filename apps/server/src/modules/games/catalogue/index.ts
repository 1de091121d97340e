import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import { ttlMemo, type ResponseCache } from '../../../lib/response-cache';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { everyMs, type JobDefinition } from '../../platform/jobs';
import type { MerchantService } from '../../platform/merchant';
import type { RateLimiter } from '../../platform/rate-limit';
import type { StaffAuth } from '../../operations/staff';
import { artRoutes } from './art';
import { catalogueOpsRoutes } from './catalogue-ops.routes';
import { catalogueOpsServiceFactory } from './catalogue-ops.service';
import { catalogueRepository, memberGamesRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { catalogueServiceFactory, type CatalogueContext } from './catalogue.service';
import {
  catalogueSync,
  CATALOGUE_SYNC_EVERY_MS,
  type CatalogueAdapter,
  type CatalogueSyncResult,
} from './catalogue-sync.job';
import { createLauncherRegistry, type GameLauncher, type LauncherRegistry } from './launcher';
import { memberGamesServiceFactory, type MemberGamesDeps } from './member-games.service';
import { vendorConnections, type VendorConnections } from './vendor-connection';

export { artUrl, renderArt } from './art';
export type { CatalogueAdapter, CatalogueSyncResult } from './catalogue-sync.job';
export { LaunchRefused, type GameLauncher, type LaunchGame, type LaunchInput, type LauncherRegistry } from './launcher';
export { insertMissingGames, upsertGames, type CatalogueGame } from './catalogue.writer';
export { normalizeSearch, searchTextOf, containsPattern } from './search-text';
export { gamePageQuery } from './catalogue.repository';
export { FAVOURITE_RULE, LAUNCH_RULE } from './catalogue.routes';
export type { CatalogueContext } from './catalogue.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's seams for tests and operators' tools: run the sync now, install launchers and adapters. */
    catalogue: {
      sync: () => Promise<CatalogueSyncResult>;
      /** Runs the vendor connection check now (it also runs at boot and with every sync). */
      checkConnections: VendorConnections['check'];
      launchers: LauncherRegistry;
      registerAdapter: (adapter: CatalogueAdapter) => void;
      cache: ResponseCache;
    };
  }
}

/** How long a public read trusts the merchant row and languages it looked up (see lib/response-cache ttlMemo). */
const CONTEXT_TTL_MS = 5_000;

export type CatalogueModuleDeps = {
  db: Database;
  now: Clock;
  bus: EventBus;
  cache: ResponseCache;
  merchants: Pick<MerchantService, 'resolveByHost' | 'languages' | 'byId'>;
  limiter: RateLimiter;
  log: { warn: (detail: object, message: string) => void };
  /** Vendor launchers (issue 6; tests install their own). A vendor without one answers GAME_UNAVAILABLE. */
  launchers?: readonly GameLauncher[];
  /** The wallet's one-time play money, for a real member's free trial (MemberGamesDeps.fundPlay). */
  fundPlay?: MemberGamesDeps['fundPlay'];
  /** Game-list adapters for the sync job, by sync_adapter name. */
  adapters?: readonly CatalogueAdapter[];
};

/** Game catalogue and lobby (issue 5): vendors, games, lanes, hot, favourites, recent, launch, artwork, sync. */
export const createCatalogueModule = (deps: CatalogueModuleDeps) => {
  const repository = catalogueRepository(deps.db);
  const service = catalogueServiceFactory({ repository });
  const launchers = createLauncherRegistry(deps.launchers);
  const connections = vendorConnections({
    ...{ db: deps.db, now: deps.now, bus: deps.bus, launchers },
    merchantCode: async (merchantId) => (await deps.merchants.byId(merchantId)).code,
  });
  const members = memberGamesServiceFactory({
    repository: memberGamesRepository(deps.db),
    catalogue: repository,
    launchers,
    connections,
    now: deps.now,
    fundPlay: deps.fundPlay,
  });
  const adapters = new Map<string, CatalogueAdapter>((deps.adapters ?? []).map((a) => [a.name, a]));
  const sync = catalogueSync({ db: deps.db, now: deps.now, bus: deps.bus, adapters: () => adapters, log: deps.log });
  const context = ttlMemo(
    async (host: string): Promise<CatalogueContext> => {
      const merchant = await deps.merchants.resolveByHost(host);
      const languages = (await deps.merchants.languages(merchant.id)).map((language) => language.code);
      return { merchant, languages };
    },
    { ttlMs: CONTEXT_TTL_MS, now: deps.now },
  );
  const contextOf = (request: FastifyRequest) => context(request.host);
  const ops = catalogueOpsServiceFactory({ db: deps.db, bus: deps.bus });

  return {
    service,
    members,
    launchers,
    /** The absolute launch addresses of the merchant's listed vendors (the pages' frame sources). */
    launchUrls: repository.launchUrls,
    /** Puts a game at the top of a member's recent list (launch does it itself). */
    recordLaunch: members.recordLaunch,
    sync,
    routes:
      (options: { auth: Auth; merchantOf: MerchantResolver; staff: StaffAuth }) => async (app: FastifyInstance) => {
        await app.register(artRoutes);
        const { auth, merchantOf, staff } = options;
        await app.register(catalogueRoutes, {
          ...{ service, members, cache: deps.cache, contextOf, limiter: deps.limiter, auth, merchantOf },
        });
        await app.register(catalogueOpsRoutes, { ops, staff });
      },
    /** The seams on app.catalogue. */
    start: (app: FastifyInstance) => {
      app.decorate('catalogue', {
        sync,
        checkConnections: connections.check,
        launchers,
        registerAdapter: (adapter: CatalogueAdapter) => {
          adapters.set(adapter.name, adapter);
        },
        cache: deps.cache,
      });
      // At boot, once every launcher is installed (platform-modules sets the fallback after start).
      app.addHook('onReady', async () => {
        const changes = await connections.check();
        if (changes.connected + changes.disconnected > 0) deps.log.warn(changes, 'vendor connections changed');
      });
    },
    /** The sync pass and the connection check, for the job registry. */
    jobs: [
      {
        name: 'catalogue.sync',
        schedule: everyMs(CATALOGUE_SYNC_EVERY_MS),
        // The game lists, then which vendors players may see (credentials and launch addresses may have changed).
        run: async () => ({ ...(await sync()), ...(await connections.check()) }),
      },
    ] as JobDefinition[],
  };
};

export type CatalogueModule = ReturnType<typeof createCatalogueModule>;
