import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { SealedService } from '../sealed';
import { contextOf, type MerchantResolver } from './identity.context';
import type { RegistrationService } from './registration.service';
import type { SmsCodeService } from './sms-code.service';

export type RegistrationRoutesOptions = {
  registration: RegistrationService;
  smsCodes: SmsCodeService;
  sealed: Pick<SealedService, 'open'>;
  merchantOf: MerchantResolver;
};

/** Registration, the affiliate check and the SMS codes (spec §7); none needs a session. */
export const registrationRoutes = async (app: FastifyInstance, options: RegistrationRoutesOptions) => {
  const { registration, smsCodes, sealed, merchantOf } = options;

  const requestContext = (request: FastifyRequest) => contextOf(request, merchantOf);

  for (const [path, variant] of [
    [API.member.register, 'username'],
    [API.member.registerMobile, 'mobile'],
  ] as const) {
    route(app, 'PUT', path, {
      guard: requestContext,
      handler: async ({ caller: ctx, request, descriptor }) => {
        const body = await sealed.open(ctx.merchant.id, request.body, descriptor.body, 'registration');
        return registration.register(ctx, variant, body);
      },
    });
  }

  route(app, 'GET', API.agent.affiliate, {
    what: { query: 'affiliate check' },
    handler: async ({ query, request }) => registration.checkAffiliate(await requestContext(request), query.code),
  });

  route(app, 'POST', API.verification.smsLogin, {
    what: { body: 'SMS request' },
    handler: async ({ body, request }) => smsCodes.forLogin(await requestContext(request), body),
  });

  route(app, 'POST', API.verification.smsForgot, {
    what: { body: 'SMS request' },
    handler: async ({ body, request }) => smsCodes.forForgot(await requestContext(request), body),
  });

  route(app, 'POST', API.verification.smsRegister, {
    what: { body: 'SMS request' },
    handler: async ({ body, request }) =>
      smsCodes.forRegistration(await requestContext(request), {
        countryDialingCode: body.countryDialingCode,
        mobileNum: body.mobileNo,
      }),
  });
};
