import type { FastifyInstance } from 'fastify';
import {
  API,
  AffiliateCheckQuerySchema,
  AffiliateCheckResponseSchema,
  LoginResponseSchema,
  RegisterRequestSchema,
  RegisterSmsCodeRequestSchema,
  SmsCodeRequestSchema,
  SmsCodeResponseSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
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

  for (const [path, variant] of [
    [API.member.register, 'username'],
    [API.member.registerMobile, 'mobile'],
  ] as const) {
    app.put(path, async (request) => {
      const ctx = await contextOf(request, merchantOf);
      const body = await sealed.open(ctx.merchant.id, request.body, RegisterRequestSchema, 'registration');
      return success(LoginResponseSchema, await registration.register(ctx, variant, body));
    });
  }

  app.get(API.agent.affiliate, async (request) => {
    const query = parseInput(AffiliateCheckQuerySchema, request.query, 'affiliate check');
    const ctx = await contextOf(request, merchantOf);
    return success(AffiliateCheckResponseSchema, await registration.checkAffiliate(ctx, query.code));
  });

  app.post(API.verification.smsLogin, async (request) => {
    const body = parseInput(SmsCodeRequestSchema, request.body, 'SMS request');
    return success(SmsCodeResponseSchema, await smsCodes.forLogin(await contextOf(request, merchantOf), body));
  });

  app.post(API.verification.smsForgot, async (request) => {
    const body = parseInput(SmsCodeRequestSchema, request.body, 'SMS request');
    return success(SmsCodeResponseSchema, await smsCodes.forForgot(await contextOf(request, merchantOf), body));
  });

  app.post(API.verification.smsRegister, async (request) => {
    const body = parseInput(RegisterSmsCodeRequestSchema, request.body, 'SMS request');
    const ctx = await contextOf(request, merchantOf);
    return success(
      SmsCodeResponseSchema,
      await smsCodes.forRegistration(ctx, { countryDialingCode: body.countryDialingCode, mobileNum: body.mobileNo }),
    );
  });
};
