import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
import type { SealedService } from '../sealed';
import type { Auth } from './auth';
import { contextOf, type MerchantResolver } from './identity.context';
import type { LoginService } from './login.service';
import type { SessionService } from './session.service';

export type SessionRoutesOptions = {
  login: LoginService;
  sessions: Pick<SessionService, 'revoke'>;
  sealed: Pick<SealedService, 'open'>;
  auth: Auth;
  merchantOf: MerchantResolver;
};

/** Login, free play and logout (spec §7). Login and free play bodies are sealed ("E"). */
export const sessionRoutes = async (app: FastifyInstance, options: SessionRoutesOptions) => {
  const { login, sealed, auth, merchantOf } = options;

  const requestContext = (request: FastifyRequest) => contextOf(request, merchantOf);

  route(app, 'POST', API.session.login, {
    guard: requestContext,
    handler: async ({ caller: ctx, request, descriptor }) =>
      login.login(ctx, await sealed.open(ctx.merchant.id, request.body, descriptor.body, 'login')),
  });

  route(app, 'POST', API.session.freePlay, {
    guard: requestContext,
    handler: async ({ caller: ctx, request, descriptor }) =>
      login.freePlay(ctx, await sealed.open(ctx.merchant.id, request.body, descriptor.body, 'free play')),
  });

  route(app, 'DELETE', API.session.logout, {
    guard: auth.requireSession,
    handler: async ({ caller: session }) => {
      await options.sessions.revoke(session);
      return done('You have logged out');
    },
  });
};
