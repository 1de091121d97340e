import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import { CACHED_ROUTE, type ResponseCache } from '../../../lib/response-cache';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { ContentService } from './content.service';

export type ContentRoutesOptions = {
  content: ContentService;
  cache: Pick<ResponseCache, 'send'>;
  auth: Pick<Auth, 'optionalSession' | 'requireAgent'>;
  merchantOf: MerchantResolver;
  now: Clock;
};

/** Cached answers whose route starts with this are dropped when staff change banners or notices. */
export const CONTENT_CACHE_PREFIX = 'content.';
const MINUTE_MS = 60_000;

/**
 * Lobby content (issue 5). Banners and the winner board are the same for every visitor of a merchant, so they are
 * served from the response cache with ETags; notices depend on the session (audience) and are never cached.
 */
export const contentRoutes = async (
  app: FastifyInstance,
  { content, cache, auth, merchantOf, now }: ContentRoutesOptions,
) => {
  route(app, 'GET', API.content.banners, {
    options: CACHED_ROUTE,
    guard: merchantOf,
    handler: async ({ caller: merchant, query, request, reply, envelope }) => {
      const nowMs = now();
      // Banners have schedules: the minute is part of the key, so a banner starts or ends within a minute of its time
      // while every request of that minute shares one answer. A language the merchant lacks fails in `produce` and
      // is never stored, so the keys stay bounded.
      const key = {
        merchantId: merchant.id,
        route: `${CONTENT_CACHE_PREFIX}banners`,
        query: {
          groupName: query.groupName,
          language: query.language?.toUpperCase(),
          minute: Math.floor(nowMs / MINUTE_MS),
        },
      };
      return cache.send(request, reply, key, async () => envelope(await content.banners(merchant, query, nowMs)));
    },
  });

  route(app, 'GET', API.content.notices, {
    guard: merchantOf,
    handler: async ({ caller: merchant, query, request }) => {
      // The audience comes from the session: a missing, bad or expired token is a guest (no error: the call is public).
      const session = await auth.optionalSession(request);
      return content.notices(merchant, session, query);
    },
  });

  // Announcements for agents (issue 18): an agent's session only; the merchant is the session's.
  route(app, 'GET', API.agentContent.announcements, {
    guard: auth.requireAgent,
    handler: async ({ query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      return content.agentAnnouncements(await merchantOf(request), query);
    },
  });

  route(app, 'GET', API.game.winners, {
    options: CACHED_ROUTE,
    guard: merchantOf,
    handler: async ({ caller: merchant, query, request, reply, envelope }) => {
      const key = {
        merchantId: merchant.id,
        route: `${CONTENT_CACHE_PREFIX}winners`,
        query: { gameCategory: query.gameCategory, language: query.language?.toUpperCase(), limitNum: query.limitNum },
      };
      return cache.send(request, reply, key, async () => envelope(await content.winners(merchant, query)));
    },
  });
};
