import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, CaptchaResponseSchema } from '@platform/contracts';
import { success } from '../../lib/respond';
import type { Merchant } from '../merchant';
import type { CaptchaService } from './captcha.service';

export type CaptchaRoutesOptions = {
  captcha: Pick<CaptchaService, 'create'>;
  resolveMerchant: (request: FastifyRequest) => Promise<Merchant>;
};

/** GET /wps/captcha (spec §7): a fresh single-use captcha as a PNG data URL. */
export const captchaRoutes = async (app: FastifyInstance, { captcha, resolveMerchant }: CaptchaRoutesOptions) => {
  app.get(API.captcha, async (request) => {
    const merchant = await resolveMerchant(request);
    return success(CaptchaResponseSchema, await captcha.create(merchant.id, request.ip));
  });
};
