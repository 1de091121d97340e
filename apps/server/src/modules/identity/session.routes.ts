import type { FastifyInstance } from 'fastify';
import { API, FreePlayRequestSchema, LoginRequestSchema, LoginResponseSchema } from '@platform/contracts';
import { done, success } from '../../lib/respond';
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

  app.post(API.session.login, async (request) => {
    const ctx = await contextOf(request, merchantOf);
    const body = await sealed.open(ctx.merchant.id, request.body, LoginRequestSchema, 'login');
    return success(LoginResponseSchema, await login.login(ctx, body));
  });

  app.post(API.session.freePlay, async (request) => {
    const ctx = await contextOf(request, merchantOf);
    const body = await sealed.open(ctx.merchant.id, request.body, FreePlayRequestSchema, 'free play');
    return success(LoginResponseSchema, await login.freePlay(ctx, body));
  });

  app.delete(API.session.logout, async (request) => {
    await options.sessions.revoke(await auth.requireSession(request));
    return done('You have logged out');
  });
};
