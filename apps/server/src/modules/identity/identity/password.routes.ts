import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
import type { MerchantService } from '../../platform/merchant';
import type { SealedService } from '../sealed';
import { contextOf, type MerchantResolver, type RequestContext } from './identity.context';
import type { PasswordService } from './password.service';

export type PasswordRoutesOptions = {
  passwords: PasswordService;
  merchants: Pick<MerchantService, 'ownsHost'>;
  sealed: Pick<SealedService, 'open'>;
  merchantOf: MerchantResolver;
};

/** Form bodies are small: a username and an email. */
const FORM_BODY_LIMIT_BYTES = 4096;

/**
 * Where an emailed link points: the host of this request when it is one of the merchant's own domains, else the
 * merchant's main domain. Never a host the caller made up (reset-link poisoning through the Host header).
 */
const linkBaseOf = async (
  request: FastifyRequest,
  ctx: RequestContext,
  merchants: PasswordRoutesOptions['merchants'],
) =>
  (await merchants.ownsHost(ctx.merchant.id, request.host))
    ? `${request.protocol}://${request.host}`
    : `https://${ctx.merchant.mainDomain}`;

/** Forgot and reset password (spec §7). Only the forgot-by-email call is form-encoded, as the spec says. */
export const passwordRoutes = async (app: FastifyInstance, options: PasswordRoutesOptions) => {
  const { passwords, sealed, merchantOf } = options;

  // Scoped to this plugin: everywhere else the API still refuses forms with 415.
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, parsed) => parsed(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(forms, 'POST', API.member.forgotByEmail, {
      what: { body: 'request' },
      handler: async ({ body, request }) => {
        const ctx = await contextOf(request, merchantOf);
        const linkBase = await linkBaseOf(request, ctx, options.merchants);
        return done(await passwords.forgotByEmail(ctx, body.username, body.email, linkBase));
      },
    });
  });

  const requestContext = (request: FastifyRequest) => contextOf(request, merchantOf);

  route(app, 'POST', API.member.resetPassword, {
    guard: requestContext,
    handler: async ({ caller: ctx, request, descriptor }) =>
      done(
        await passwords.reset(ctx, await sealed.open(ctx.merchant.id, request.body, descriptor.body, 'password reset')),
      ),
  });

  route(app, 'POST', API.member.forgotByPhone, {
    guard: requestContext,
    handler: async ({ caller: ctx, request, descriptor }) => {
      const body = await sealed.open(ctx.merchant.id, request.body, descriptor.body, 'password reset');
      return done(await passwords.forgotByPhone(ctx, body));
    },
  });
};
