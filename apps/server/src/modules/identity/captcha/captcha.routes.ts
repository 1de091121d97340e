import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Merchant } from '../../platform/merchant';
import type { CaptchaService } from './captcha.service';

export type CaptchaRoutesOptions = {
  captcha: Pick<CaptchaService, 'create'>;
  resolveMerchant: (request: FastifyRequest) => Promise<Merchant>;
  /** Whether the merchant turned on the text question (CAPTCHATEXT3, ADR 0021). */
  offersTextQuestion: (merchantId: number) => Promise<boolean>;
};

/** GET /wps/captcha (spec §7): a fresh single-use captcha, a PNG data URL or, where offered, a text question. */
export const captchaRoutes = async (
  app: FastifyInstance,
  { captcha, resolveMerchant, offersTextQuestion }: CaptchaRoutesOptions,
) => {
  route(app, 'GET', API.captcha, {
    guard: resolveMerchant,
    what: { query: 'captcha' },
    handler: async ({ caller: merchant, query, request }) => {
      if (query.kind === 'text' && !(await offersTextQuestion(merchant.id))) {
        throw new AppError('FEATURE_DISABLED', 403, 'The captcha question is not available');
      }
      return captcha.create(merchant.id, request.ip, query);
    },
  });
};
