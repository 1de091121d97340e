import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { CACHED_ROUTE, type ResponseCache } from '../../../lib/response-cache';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { languageOf, type CatalogueContext, type CatalogueService } from './catalogue.service';
import type { MemberGamesService } from './member-games.service';

/** Favourite toggles: the web app throttles to one a second; the server allows a burst of 60 a minute per member. */
export const FAVOURITE_RULE: RateRule = { name: 'game-favourite', limit: 60, periodMs: 60_000 };
/** Launches call a vendor: 30 a minute per member. */
export const LAUNCH_RULE: RateRule = { name: 'game-launch', limit: 30, periodMs: 60_000 };

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
  route(app, 'GET', API.game.games, {
    options: CACHED_ROUTE,
    guard: contextOf,
    shortcut: (request, reply, ctx) => cache.sendKnownUrl(request, reply, ctx.merchant.id, 'game.games'),
    handler: async ({ caller: ctx, query, request, reply, envelope }) => {
      const { clientType: _c, platform: _p, channel: _ch, merchant: _m, ...filters } = query;
      const key = { ...filters, language: languageOf(ctx, query.language) };
      return cache.send(
        request,
        reply,
        { merchantId: ctx.merchant.id, route: 'game.games', query: key, url: true },
        async () => envelope(await service.games(ctx, query)),
      );
    },
  });

  route(app, 'GET', API.game.hot, {
    options: CACHED_ROUTE,
    handler: async ({ query, request, reply, envelope }) => {
      const ctx = await contextOf(request);
      const key = { vassalage: query.vassalage, gameType: query.gameType, language: languageOf(ctx, query.language) };
      return cache.send(request, reply, { merchantId: ctx.merchant.id, route: 'game.hot', query: key }, async () =>
        envelope(await service.hot(ctx, query)),
      );
    },
  });

  const lobbyList = (
    path: typeof API.game.lanes | typeof API.game.vendorTypes | typeof API.game.newVendors,
    name: 'lanes' | 'vendorTypes' | 'newVendors',
  ) =>
    route(app, 'GET', path, {
      options: CACHED_ROUTE,
      handler: async ({ request, reply, envelope }) => {
        const ctx = await contextOf(request);
        return cache.send(request, reply, { merchantId: ctx.merchant.id, route: `game.${name}` }, async () =>
          envelope(await service[name](ctx)),
        );
      },
    });
  lobbyList(API.game.lanes, 'lanes');
  lobbyList(API.game.vendorTypes, 'vendorTypes');
  lobbyList(API.game.newVendors, 'newVendors');

  // Member calls (T). The member comes from the session; answers are never shared.
  route(app, 'GET', API.game.favourites, {
    guard: auth.requireSession,
    handler: async ({ caller: session, query, request }) => {
      const ctx = await contextOf(request);
      return members.favourites(ctx.merchant, session, query, languageOf(ctx, query.language));
    },
  });

  const memberAndMerchant = async (request: FastifyRequest) => ({
    session: await auth.requireSession(request),
    merchant: await merchantOf(request),
  });
  const favouriteWrite = (method: 'POST' | 'DELETE', action: 'addFavourite' | 'removeFavourite') =>
    route(app, method, API.game.favourites, {
      guard: memberAndMerchant,
      what: { body: 'favourite' },
      handler: async ({ caller: { session, merchant }, body }) => {
        await enforceLimits(limiter, merchant.id, [[FAVOURITE_RULE, session.memberId.toString()]]);
        return { ids: await members[action](merchant, session, body) };
      },
    });
  favouriteWrite('POST', 'addFavourite');
  favouriteWrite('DELETE', 'removeFavourite');

  route(app, 'GET', API.game.recent, {
    guard: auth.requireSession,
    handler: async ({ caller: session, query, request }) => {
      const ctx = await contextOf(request);
      return members.recent(ctx.merchant, session, query, languageOf(ctx, query.language));
    },
  });

  route(app, 'POST', API.game.launch, {
    guard: memberAndMerchant,
    what: { body: 'launch' },
    handler: async ({ caller: { session, merchant }, body, request }) => {
      await enforceLimits(limiter, merchant.id, [[LAUNCH_RULE, session.memberId.toString()]]);
      // The game opens in the language and theme the player reads the lobby in (the merchant's default language if it
      // has no such pack).
      const language = languageOf(await contextOf(request), body.language);
      const launchOptions = { demo: body.demo === true, theme: body.theme };
      return members.launch(merchant, session, body.nodeId, language, launchOptions);
    },
  });
};
