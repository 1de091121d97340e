import type { Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { SmsProvider } from '../../content/messaging';
import type { RateLimiter } from '../../platform/rate-limit';
import { verificationRepository } from './verification.repository';
import { verificationServiceFactory } from './verification.service';

export type { CodePurpose } from './verification.repository';
export {
  MAX_CODE_ATTEMPTS,
  SMS_RULES,
  SMS_TOO_MANY_MESSAGE,
  destinationOf,
  nationalNumber,
  type VerificationService,
} from './verification.service';

export const createVerificationModule = (deps: {
  db: Queryable;
  limiter: RateLimiter;
  sms: SmsProvider;
  now: Clock;
}) => {
  const repository = verificationRepository(deps.db);
  return {
    service: verificationServiceFactory({ repository, limiter: deps.limiter, sms: deps.sms, now: deps.now }),
    purge: repository.purge,
  };
};
