import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API,
  CountryCodeSchema,
  CountryFlagParamsSchema,
  DomainRouteSchema,
  HelpCentreSchema,
  HelpQuerySchema,
  LanguageChangeSchema,
  MenuEntrySchema,
  PermissionConfigSchema,
  PublicKeyResponseSchema,
  RegisterSettingsSchema,
  SystemStatusSchema,
  WhitelabelSchema,
} from '@platform/contracts';
import { notFound } from '../../lib/app-error';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
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
  app.get(API.system.permission, async (request) =>
    success(
      PermissionConfigSchema,
      await system.permission(await merchantOf(request), request.ip, request.headers['accept-language']),
    ),
  );

  app.get(API.system.status, async (request) =>
    success(
      SystemStatusSchema,
      await system.status(await merchantOf(request), request.ip, request.headers['accept-language']),
    ),
  );

  app.get(API.system.whitelabel, async (request) =>
    success(WhitelabelSchema, await system.whitelabel(await merchantOf(request))),
  );

  app.get(API.system.registerSettings, async (request) =>
    success(RegisterSettingsSchema, await system.registerSettings(await merchantOf(request))),
  );

  app.get(API.system.domainRoutes, async (request) =>
    success(z.array(DomainRouteSchema), await system.domainRoutes(await merchantOf(request))),
  );

  app.get(API.system.menu, async (request) =>
    success(z.array(MenuEntrySchema), await system.menu(await merchantOf(request))),
  );

  app.get(API.system.countryCodes, async (request) =>
    success(z.array(CountryCodeSchema), await system.countryCodes(await merchantOf(request))),
  );

  app.get(API.system.flag, async (request, reply) => {
    const { countryCode } = parseInput(CountryFlagParamsSchema, request.params, 'country code');
    const svg = await loadFlagSvg(countryCode);
    if (svg === undefined) throw notFound(`No flag for country ${countryCode}`);
    return reply.type('image/svg+xml').header('cache-control', FLAG_CACHE_CONTROL).send(svg);
  });

  app.get(API.system.help, async (request) => {
    const query = parseInput(HelpQuerySchema, request.query, 'help query');
    return success(HelpCentreSchema, await system.help(await merchantOf(request), query.lang, query.device));
  });

  app.put(API.system.language, async (request) => {
    const body = parseInput(LanguageChangeSchema, request.body, 'language change');
    const changed = await system.changeLanguage(await merchantOf(request), body.lang);
    await options.onLanguageChange?.(request, changed.lang);
    return success(LanguageChangeSchema, changed);
  });

  app.get(API.system.publicKey, async () =>
    success(PublicKeyResponseSchema, { ...system.publicKey(), serverTimeMs: options.now() }),
  );
};
