import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth } from '../../identity/identity';
import { recordAudit } from '../../operations/audit';
import type { StaffAuth, StaffCaller } from '../../operations/staff';
import type { RateLimiter } from '../../platform/rate-limit';
import { feedbackRepository } from './feedback.repository';
import { feedbackRoutes } from './feedback.routes';
import { feedbackServiceFactory } from './feedback.service';

export { FEEDBACK_RULE } from './feedback.routes';
export type { FeedbackService } from './feedback.service';

/** Feedback (issue 22): members write with images, staff answer and close from a queue. */
export const createFeedbackModule = (deps: { db: Database; now: Clock; limiter: RateLimiter }) => {
  const service = feedbackServiceFactory({ repository: feedbackRepository(deps.db), now: deps.now });
  /** The word limits (config.manage), written with their audit entry in one transaction. */
  const setSettings = (caller: StaffCaller, input: { minWords: number; maxWords: number }) =>
    deps.db.transaction(async (tx) => {
      const repository = feedbackRepository(tx);
      const before = await repository.settings(caller.merchant.id);
      await repository.setSettings(caller.merchant.id, input);
      await recordAudit(tx, caller, {
        action: 'feedback.settings',
        targetType: 'feedback_settings',
        targetId: caller.merchant.id,
        before,
        after: input,
      });
      return repository.settings(caller.merchant.id);
    });
  return {
    service,
    routes: (options: { auth: Pick<Auth, 'requireMember'>; staff: StaffAuth }) => async (app: FastifyInstance) => {
      await app.register(feedbackRoutes, { feedback: service, setSettings, limiter: deps.limiter, ...options });
    },
  };
};
