import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { ResponseCache } from '../../../lib/response-cache';
import type { Auth, MerchantResolver, Session } from '../../identity/identity';
import type { MerchantLanguage } from '../../platform/merchant';
import type { StaffAuth } from '../../operations/staff';
import { contentOpsRoutes } from './content-ops.routes';
import { contentOpsServiceFactory } from './content-ops.service';
import { contentRepository } from './content.repository';
import { CONTENT_CACHE_PREFIX, contentRoutes } from './content.routes';
import { contentServiceFactory } from './content.service';
import { helpOpsRoutes } from './help-ops.routes';
import { helpOpsServiceFactory } from './help-ops.service';
import { helpRepository } from './help.repository';

export { maskName } from './mask-name';
export { noticeAudience } from './content.service';
export type { ContentService } from './content.service';
export type { ContentOpsService } from './content-ops.service';
export type { HelpOpsService } from './help-ops.service';
export type { PublicHelpSection } from './help.repository';

/** The public help centre's sections of a merchant, language and device (the system module's help answer). */
export const helpSectionsReader = (db: Queryable) => helpRepository(db).published;

export type ContentModuleDeps = {
  db: Database;
  now: Clock;
  cache: Pick<ResponseCache, 'send' | 'invalidate'>;
  languages: (merchantId: number) => Promise<MerchantLanguage[]>;
  isFirstLoginSession: (session: Session) => Promise<boolean>;
};

/**
 * Lobby content (issue 5): banners, notices with their audience rules, and the winner board; plus the staff API that
 * edits banners and notices, which drops the merchant's cached content answers after each change, and the help
 * centre with its terms (issue 7).
 */
export const createContentModule = ({ db, now, cache, languages, isFirstLoginSession }: ContentModuleDeps) => {
  const service = contentServiceFactory({ repository: contentRepository(db), languages, isFirstLoginSession, now });
  const ops = contentOpsServiceFactory({
    ...{ db, now, languages },
    onChange: (merchantId) => cache.invalidate(merchantId, CONTENT_CACHE_PREFIX),
  });
  const help = helpOpsServiceFactory({ db, languages });
  return {
    service,
    ops,
    help,
    /** Wins change outside this module (issue 6 records them): their writer calls this after commit. */
    invalidate: (merchantId: number) => cache.invalidate(merchantId, CONTENT_CACHE_PREFIX),
    routes:
      (options: {
        auth: Pick<Auth, 'optionalSession' | 'requireAgent'>;
        merchantOf: MerchantResolver;
        staff: StaffAuth;
      }) =>
      async (app: FastifyInstance) => {
        await app.register(contentRoutes, { content: service, cache, now, ...options });
        await app.register(contentOpsRoutes, { ops, staff: options.staff });
        await app.register(helpOpsRoutes, { help, staff: options.staff });
      },
  };
};

export type ContentModule = ReturnType<typeof createContentModule>;
