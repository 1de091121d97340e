import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import type { RateLimiter } from '../../platform/rate-limit';
import { chatRepository } from './chat.repository';
import { chatRoutes } from './chat.routes';
import { chatSettingsServiceFactory } from './chat-settings.service';
import { chatServiceFactory } from './chat.service';

export { CHAT_MESSAGE_RULE, CHAT_START_RULE } from './chat.routes';
export type { ChatService } from './chat.service';

/**
 * Live customer service (issue 22): the customer's chat window and the support console. The windows poll for new
 * messages with `after` (a cheap indexed read), so a chat works across nodes without sticky sessions.
 */
export const createLiveChatModule = (deps: { db: Database; now: Clock; limiter: RateLimiter }) => {
  const service = chatServiceFactory({ repository: chatRepository(deps.db), now: deps.now });
  const settings = chatSettingsServiceFactory({ db: deps.db, now: deps.now });
  return {
    service,
    routes:
      (options: { auth: Pick<Auth, 'optionalSession'>; merchantOf: MerchantResolver; staff: StaffAuth }) =>
      async (app: FastifyInstance) => {
        await app.register(chatRoutes, { chat: service, settings, limiter: deps.limiter, ...options });
      },
  };
};
