import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import type { RateLimiter } from '../../platform/rate-limit';
import { feedbackRepository } from './feedback.repository';
import { feedbackRoutes } from './feedback.routes';
import { feedbackServiceFactory } from './feedback.service';

export { FEEDBACK_RULE } from './feedback.routes';
export type { FeedbackService } from './feedback.service';

/** Feedback (issue 22): members write with images, staff answer and close from a queue. */
export const createFeedbackModule = (deps: { db: Database; now: Clock; limiter: RateLimiter }) => {
  const service = feedbackServiceFactory({ repository: feedbackRepository(deps.db), now: deps.now });
  return {
    service,
    routes: (options: { auth: Pick<Auth, 'requireMember'>; staff: StaffAuth }) => async (app: FastifyInstance) => {
      await app.register(feedbackRoutes, { feedback: service, limiter: deps.limiter, ...options });
    },
  };
};
