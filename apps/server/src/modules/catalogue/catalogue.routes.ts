import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API,
  FavouriteListSchema,
  FavouriteRequestSchema,
  FavouritesQuerySchema,
  GameListQuerySchema,
  GameListSchema,
  GameListValueSchema,
  HotGamesQuerySchema,
  LaunchRequestSchema,
  LaunchResultSchema,
  RecentQuerySchema,
  VendorGameTypesSchema,
  VendorLanesSchema,
  VendorListSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { CACHED_ROUTE, type ResponseCache } from '../../lib/response-cache';
import { parseInput } from '../../lib/validate';
import type { Auth, MerchantResolver } from '../identity';
import { enforceLimits, type RateLimiter, type RateRule } from '../rate-limit';
import { languageOf, type CatalogueContext, type CatalogueService } from './catalogue.service';
import type { MemberGamesService } from './member-games.service';

/** Favourite toggles: the web app throttles to one a second; the server allows a burst of 60 a minute per member. */
export const FAVOURITE_RULE: RateRule = { name: 'game-favourite', limit: 60, periodMs: 60_000 };
/** Launches call a vendor: 30 a minute per member. */
export const LAUNCH_RULE: RateRule = { name: 'game-launch', limit: 30, periodMs: 60_000 };

const FavouriteIdsSchema = z.object({ ids: z.array(z.string()) });

export type CatalogueRoutesOptions = {
  service: CatalogueService;
  members: MemberGamesService;
  cache: ResponseCache;
  /** The merchant and its languages, remembered a few seconds per host (a cache hit must not query). */
  contextOf: (request: FastifyRequest) => Promise<CatalogueContext>;
  auth: Auth;
  merchantOf: MerchantResolver;
  limiter: RateLimiter;
};

/** The catalogue calls (spec §7 games). Public reads go through the response cache; member calls never do. */
export const catalogueRoutes = async (app: FastifyInstance, options: CatalogueRoutesOptions) => {
  const { service, members, cache, contextOf, auth, merchantOf, limiter } = options;

  // The lobby's busiest call: a URL answered before is sent again without validating and keying its query (the answer
  // follows from the Host and the URL alone).
  app.get(API.game.games, CACHED_ROUTE, async (request, reply) => {
    const ctx = await contextOf(request);
    const known = cache.sendKnownUrl(request, reply, ctx.merchant.id, 'game.games');
    if (known !== undefined) return known;
    const query = parseInput(GameListQuerySchema, request.query, 'query');
    const { clientType: _c, platform: _p, channel: _ch, merchant: _m, ...filters } = query;
    const key = { ...filters, language: languageOf(ctx, query.language) };
    return cache.send(
      request,
      reply,
      { merchantId: ctx.merchant.id, route: 'game.games', query: key, url: true },
      async () => success(GameListSchema, await service.games(ctx, query)),
    );
  });

  app.get(API.game.hot, CACHED_ROUTE, async (request, reply) => {
    const query = parseInput(HotGamesQuerySchema, request.query, 'query');
    const ctx = await contextOf(request);
    const key = { vassalage: query.vassalage, gameType: query.gameType, language: languageOf(ctx, query.language) };
    return cache.send(request, reply, { merchantId: ctx.merchant.id, route: 'game.hot', query: key }, async () =>
      success(GameListValueSchema, await service.hot(ctx, query)),
    );
  });

  app.get(API.game.lanes, CACHED_ROUTE, async (request, reply) => {
    const ctx = await contextOf(request);
    return cache.send(request, reply, { merchantId: ctx.merchant.id, route: 'game.lanes' }, async () =>
      success(VendorLanesSchema, await service.lanes(ctx)),
    );
  });

  app.get(API.game.vendorTypes, CACHED_ROUTE, async (request, reply) => {
    const ctx = await contextOf(request);
    return cache.send(request, reply, { merchantId: ctx.merchant.id, route: 'game.vendorTypes' }, async () =>
      success(VendorGameTypesSchema, await service.vendorTypes(ctx)),
    );
  });

  app.get(API.game.newVendors, CACHED_ROUTE, async (request, reply) => {
    const ctx = await contextOf(request);
    return cache.send(request, reply, { merchantId: ctx.merchant.id, route: 'game.newVendors' }, async () =>
      success(VendorListSchema, await service.newVendors(ctx)),
    );
  });

  // Member calls (T). The member comes from the session; answers are never shared.
  app.get(API.game.favourites, async (request) => {
    const session = await auth.requireSession(request);
    const query = parseInput(FavouritesQuerySchema, request.query, 'query');
    const ctx = await contextOf(request);
    const language = languageOf(ctx, query.language);
    return success(FavouriteListSchema, await members.favourites(ctx.merchant, session, query, language));
  });

  const favouriteWrite = (action: 'addFavourite' | 'removeFavourite') => async (request: FastifyRequest) => {
    const session = await auth.requireSession(request);
    const merchant = await merchantOf(request);
    const body = parseInput(FavouriteRequestSchema, request.body, 'favourite');
    await enforceLimits(limiter, merchant.id, [[FAVOURITE_RULE, session.memberId.toString()]]);
    return success(FavouriteIdsSchema, { ids: await members[action](merchant, session, body) });
  };
  app.post(API.game.favourites, favouriteWrite('addFavourite'));
  app.delete(API.game.favourites, favouriteWrite('removeFavourite'));

  app.get(API.game.recent, async (request) => {
    const session = await auth.requireSession(request);
    const query = parseInput(RecentQuerySchema, request.query, 'query');
    const ctx = await contextOf(request);
    const language = languageOf(ctx, query.language);
    return success(GameListValueSchema, await members.recent(ctx.merchant, session, query, language));
  });

  app.post(API.game.launch, async (request) => {
    const session = await auth.requireSession(request);
    const merchant = await merchantOf(request);
    const body = parseInput(LaunchRequestSchema, request.body, 'launch');
    await enforceLimits(limiter, merchant.id, [[LAUNCH_RULE, session.memberId.toString()]]);
    // The game opens in the language and theme the player reads the lobby in (the merchant's default language if it
    // has no such pack).
    const language = languageOf(await contextOf(request), body.language);
    const options = { demo: body.demo === true, theme: body.theme };
    return success(LaunchResultSchema, await members.launch(merchant, session, body.nodeId, language, options));
  });
};
