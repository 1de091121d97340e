import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorHandler } from '../../../lib/error-handler';
import type { Merchant } from '../../platform/merchant';
import { createAuth } from './auth';
import type { SessionLookup, SessionService } from './session.service';

const token = (c: string) => c.repeat(43);
const ok = (type: number): SessionLookup => ({
  kind: 'ok',
  session: { id: 1n, merchantId: 1, memberId: 7n, type, method: 'PASSWORD', mustChangePassword: false },
});
const LOOKUPS: Record<string, SessionLookup> = {
  [token('m')]: ok(0),
  [token('t')]: ok(4),
  [token('a')]: ok(41),
  [token('e')]: { kind: 'expired' },
  [token('r')]: { kind: 'invalid' },
};

let app: FastifyInstance;
beforeAll(async () => {
  const sessions = { resolve: async (_merchantId: number, t: string) => LOOKUPS[t] ?? { kind: 'invalid' } };
  const auth = createAuth({
    sessions: sessions as unknown as SessionService,
    merchantOf: async () => ({ id: 1 }) as Merchant,
  });
  app = Fastify();
  app.decorateRequest('session', null);
  app.setErrorHandler(errorHandler);
  app.get('/session', async (request) => ({ type: (await auth.requireSession(request)).type }));
  app.get('/member', async (request) => ({ type: (await auth.requireMember(request)).type }));
  app.get('/agent', async (request) => ({ type: (await auth.requireAgent(request)).type }));
  app.get('/optional', async (request) => ({ session: (await auth.optionalSession(request))?.type ?? null }));
  await app.ready();
});
afterAll(() => app.close());

const CASES: [path: string, who: string, expected: string][] = [
  ['/session', '', '401 AUTH_REQUIRED'],
  ['/session', token('r'), '401 AUTH_REQUIRED'],
  ['/session', token('e'), '401 SESSION_EXPIRED'],
  ['/session', token('t'), '200'],
  ['/member', token('t'), '403 TRIAL_FORBIDDEN'],
  ['/member', token('m'), '200'],
  ['/member', token('a'), '200'],
  ['/agent', '', '401 AUTH_REQUIRED'],
  ['/agent', token('m'), '403 AGENT_ONLY'],
  ['/agent', token('t'), '403 AGENT_ONLY'],
  ['/agent', token('a'), '200'],
  ['/optional', token('e'), '200'],
];

it.each(CASES)('%s with token %# should answer %s', async (path, who, expected) => {
  const res = await app.inject({ url: path, headers: who ? { authorization: `Bearer ${who}` } : {} });
  const got = res.statusCode === 200 ? '200' : `${res.statusCode} ${res.json().code}`;
  expect(got).toBe(expected);
});

it('should give a guest or a bad token no session, without an error', async () => {
  expect((await app.inject({ url: '/optional' })).json()).toEqual({ session: null });
  const res = await app.inject({ url: '/optional', headers: { authorization: `Bearer ${token('a')}` } });
  expect(res.json()).toEqual({ session: 41 });
});
