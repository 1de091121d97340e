import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { notFound } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Merchant } from '../merchant';
import type { SystemService } from './system.service';
import { loadFlagSvg } from './flags';

export type SystemRoutesOptions = {
  system: SystemService;
  resolveMerchant: (host: string) => Promise<Merchant>;
  /** For the server time in the public-key answer. */
  now: () => number;
  /** Called after a supported language change; stores it for a logged-in member. */
  onLanguageChange?: (request: FastifyRequest, lang: string) => Promise<void>;
};

const FLAG_CACHE_CONTROL = 'public, max-age=86400';

/** Configuration calls (spec §7): validate, resolve the merchant from the Host, delegate, serialize. */
export const systemRoutes = async (app: FastifyInstance, options: SystemRoutesOptions) => {
  const { system, resolveMerchant } = options;
  // request.host honours X-Forwarded-Host only from TRUSTED_PROXIES (Fastify trustProxy).
  const merchantOf = (request: FastifyRequest) => resolveMerchant(request.host);

  // The maintenance message comes in the browser's language (Accept-Language), see maintenanceMessageFor.
  for (const [path, read] of [
    [API.system.permission, system.permission],
    [API.system.status, system.status],
  ] as const) {
    route(app, 'GET', path, {
      guard: merchantOf,
      handler: async ({ caller: merchant, request }) => read(merchant, request.ip, request.headers['accept-language']),
    });
  }

  // The merchant's own settings, as they are for every visitor.
  for (const [path, read] of [
    [API.system.whitelabel, system.whitelabel],
    [API.system.registerSettings, system.registerSettings],
    [API.system.domainRoutes, system.domainRoutes],
    [API.system.menu, system.menu],
    [API.system.countryCodes, system.countryCodes],
  ] as const) {
    route(app, 'GET', path, { guard: merchantOf, handler: async ({ caller: merchant }) => read(merchant) });
  }

  route(app, 'GET', API.system.flag, {
    what: { params: 'country code' },
    handler: async ({ params: { countryCode }, reply }) => {
      const svg = await loadFlagSvg(countryCode);
      if (svg === undefined) throw notFound(`No flag for country ${countryCode}`);
      return reply.type('image/svg+xml').header('cache-control', FLAG_CACHE_CONTROL).send(svg);
    },
  });

  route(app, 'GET', API.system.help, {
    what: { query: 'help query' },
    handler: async ({ query, request }) => system.help(await merchantOf(request), query.lang, query.device),
  });

  route(app, 'PUT', API.system.language, {
    what: { body: 'language change' },
    handler: async ({ body, request }) => {
      const changed = await system.changeLanguage(await merchantOf(request), body.lang);
      await options.onLanguageChange?.(request, changed.lang);
      return changed;
    },
  });

  route(app, 'GET', API.system.publicKey, {
    handler: async () => ({ ...system.publicKey(), serverTimeMs: options.now() }),
  });
};
