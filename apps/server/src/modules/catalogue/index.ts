import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { startIntervalJob } from '../../jobs/interval-job';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import { ttlMemo, type ResponseCache } from '../../lib/response-cache';
import type { Auth, MerchantResolver } from '../identity';
import type { MerchantService } from '../merchant';
import type { RateLimiter } from '../rate-limit';
import type { StaffAuth } from '../staff';
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
import { memberGamesServiceFactory } from './member-games.service';

export { artUrl, renderArt } from './art';
export type { CatalogueAdapter, CatalogueSyncResult } from './catalogue-sync.job';
export type { GameLauncher, LaunchGame, LaunchInput, LauncherRegistry } from './launcher';
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
  merchants: Pick<MerchantService, 'resolveByHost' | 'languages'>;
  limiter: RateLimiter;
  log: { warn: (detail: object, message: string) => void };
  /** Vendor launchers (issue 6; tests install their own). A vendor without one answers GAME_UNAVAILABLE. */
  launchers?: readonly GameLauncher[];
  /** Game-list adapters for the sync job, by sync_adapter name. */
  adapters?: readonly CatalogueAdapter[];
};

/** Game catalogue and lobby (issue 5): vendors, games, lanes, hot, favourites, recent, launch, artwork, sync. */
export const createCatalogueModule = (deps: CatalogueModuleDeps) => {
  const repository = catalogueRepository(deps.db);
  const service = catalogueServiceFactory({ repository });
  const launchers = createLauncherRegistry(deps.launchers);
  const members = memberGamesServiceFactory({
    repository: memberGamesRepository(deps.db),
    catalogue: repository,
    launchers,
    now: deps.now,
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
    /** The sync job on a timer, and the seams on app.catalogue. */
    start: (app: FastifyInstance) => {
      app.decorate('catalogue', {
        sync,
        launchers,
        registerAdapter: (adapter: CatalogueAdapter) => {
          adapters.set(adapter.name, adapter);
        },
        cache: deps.cache,
      });
      startIntervalJob(app, {
        name: 'catalogue-sync',
        everyMs: CATALOGUE_SYNC_EVERY_MS,
        run: async () => {
          await sync();
        },
      });
    },
  };
};

export type CatalogueModule = ReturnType<typeof createCatalogueModule>;
