import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { API, REALTIME_PATH, type Balance, OPS_API } from '@platform/contracts';
import type { Database } from '../db/database';
import { bearer, freshIp, insertMember, loginOk, sealed, type TestMember } from './identity-helpers';
import { staffHeaders } from './staff-helpers';

let requestSeq = 0;
/** A request id (idempotency key) unique within the test run. */
export const requestId = (prefix = 'req'): string => {
  requestSeq += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${requestSeq}`;
};

/** Credits (or debits) a member's cash through the staff adjustment call; fails the test if refused. */
export const adjust = async (
  app: FastifyInstance,
  username: string,
  amount: string,
  direction: 'CREDIT' | 'DEBIT' = 'CREDIT',
): Promise<{ balanceAfter: string; transferId: string }> => {
  const res = await app.inject({
    method: 'POST',
    url: OPS_API.adjustments,
    headers: await staffHeaders(app, 'cashier'),
    payload: { username, amount, direction, reason: 'test funding', requestId: requestId('adj') },
  });
  if (res.statusCode !== 200) throw new Error(`adjustment refused: ${res.statusCode} ${res.body}`);
  return res.json().value as { balanceAfter: string; transferId: string };
};

/** A new member and a session of it. */
export const memberWithSession = async (
  app: FastifyInstance,
  db: Database,
  options: Parameters<typeof insertMember>[1] = {},
): Promise<TestMember & { token: string }> => {
  const member = await insertMember(db, options);
  const side = options.userType !== undefined && options.userType !== 0 ? 'agent' : 'member';
  const { token } = await loginOk(app, member.username, member.password, { ip: freshIp(), side });
  return { ...member, token };
};

const FREE_PLAY = { os: 'Android', platform: 'W', random: 'a-random-string-of-some-length', gatewayVersion: 3 };

/** A trial member's session token from the free-play call, sealed at `now` (the test clock, if the app has one). */
export const trialToken = async (app: FastifyInstance, now?: () => number): Promise<string> => {
  const res = await sealed(app, 'POST', API.session.freePlay, FREE_PLAY, { ip: freshIp(), now });
  if (res.statusCode !== 200) throw new Error(`free play refused: ${res.statusCode} ${res.body}`);
  return res.json().value.token as string;
};

export const balanceOf = async (app: FastifyInstance, token: string) => {
  const res = await app.inject({ url: API.wallet.balance, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`balance refused: ${res.statusCode} ${res.body}`);
  return res.json().value as { balance: string; frozen: string; currencySymbol: string; play: boolean };
};

/** A realtime socket to `origin` with `token` in the handshake, as the web app opens it. */
export const openSocket = (origin: string, token: string): Socket =>
  connect(origin, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'] });

/** Resolves once the socket is accepted; rejects with the server's refusal. */
export const connected = (socket: Socket): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });

/** The next `wallet.balance` the socket receives. */
export const nextBalance = (socket: Socket): Promise<Balance> =>
  new Promise<Balance>((resolve) => socket.on('wallet.balance', resolve));
