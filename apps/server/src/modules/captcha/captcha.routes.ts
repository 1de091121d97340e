import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, CaptchaQuerySchema, CaptchaResponseSchema } from '@platform/contracts';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
import { success } from '../../lib/respond';
import type { Merchant } from '../merchant';
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
  app.get(API.captcha, async (request) => {
    const merchant = await resolveMerchant(request);
    const query = parseInput(CaptchaQuerySchema, request.query, 'captcha');
    if (query.kind === 'text' && !(await offersTextQuestion(merchant.id))) {
      throw new AppError('FEATURE_DISABLED', 403, 'The captcha question is not available');
    }
    return success(CaptchaResponseSchema, await captcha.create(merchant.id, request.ip, query));
  });
};
