import type { Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { RateLimiter } from '../../platform/rate-limit';
import { captchaRepository } from './captcha.repository';
import { captchaServiceFactory } from './captcha.service';

export { captchaRoutes, type CaptchaRoutesOptions } from './captcha.routes';
export { CAPTCHA_REFRESH_RULE, randomCaptchaText, type CaptchaService } from './captcha.service';
export { renderCaptchaPng, CAPTCHA_WIDTH, CAPTCHA_HEIGHT } from './captcha.image';

export const createCaptchaModule = (deps: { db: Queryable; limiter: RateLimiter; now: Clock; text?: () => string }) => {
  const repository = captchaRepository(deps.db);
  return {
    service: captchaServiceFactory({ repository, limiter: deps.limiter, now: deps.now, text: deps.text }),
    purge: repository.purge,
  };
};
