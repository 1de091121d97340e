import type { FastifyInstance } from 'fastify';
import { API, OPS_API } from '@platform/contracts';
import { expect } from 'vitest';
import type { Database } from '../db/database';
import { insertRound, insertVendorGame, upsertVendor } from './bets-helpers';
import { bearer, demoMerchantId, sealed } from './identity-helpers';
import { staffHeaders } from './staff-helpers';
import { memberWithSession, requestId } from './wallet-helpers';
import { createAgentTeamModule } from '../modules/agents/agent-team';
import { createPlayStatsModule } from '../modules/games/play-stats';

const AGENT = 1;
export type Caller = Awaited<ReturnType<typeof memberWithSession>>;

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq += 1)}`;

/**
 * A small tree: root → agent → sub → deep; agent → direct; root → sibling → cousin; outsider → stranger (another
 * tree). Every account has a session.
 */
export const seedTree = async (app: FastifyInstance, db: Database) => {
  const at = (options: Parameters<typeof memberWithSession>[2]) => memberWithSession(app, db, options);
  const root = await at({ userType: AGENT, username: unique('root') });
  const agent = await at({ userType: AGENT, parentId: root.id, username: unique('agent') });
  const sub = await at({ userType: AGENT, parentId: agent.id, username: unique('sub') });
  const deep = await at({ parentId: sub.id, username: unique('deep') });
  const direct = await at({ parentId: agent.id, username: unique('direct') });
  const sibling = await at({ userType: AGENT, parentId: root.id, username: unique('sibling') });
  const cousin = await at({ parentId: sibling.id, username: unique('cousin') });
  const outsider = await at({ userType: AGENT, username: unique('outsider') });
  const stranger = await at({ parentId: outsider.id, username: unique('stranger') });
  return { root, agent, sub, deep, direct, sibling, cousin, outsider, stranger };
};
export type Tree = Awaited<ReturnType<typeof seedTree>>;

/** A vendor with a LIVE and an RNG game. */
export const seedGames = async (db: Database) => {
  const merchantId = await demoMerchantId(db);
  const vendor = 'AGC';
  await upsertVendor(db, merchantId, { code: vendor });
  const live = unique('agc-live-');
  const slot = unique('agc-slot-');
  await insertVendorGame(db, merchantId, { vendor, gameType: 'LIVE', code: live, names: { EN: 'Agent Live' } });
  await insertVendorGame(db, merchantId, { vendor, gameType: 'RNG', code: slot, names: { EN: 'Agent Slot' } });
  return { merchantId, vendor, live, slot };
};

/** A settled real-money round of `member`, settled now. */
export const playRound = async (
  db: Database,
  games: Awaited<ReturnType<typeof seedGames>>,
  member: { id: bigint },
  game: 'live' | 'slot',
  betMinor: bigint,
  winMinor: bigint,
  options: { play?: boolean } = {},
) => {
  const now = Date.now();
  await insertRound(db, games.merchantId, {
    vendor: games.vendor,
    roundId: unique('r'),
    memberId: member.id,
    gameCode: games[game],
    betMinor,
    winMinor,
    play: options.play,
    startedAtMs: now - 2_000,
    settledAtMs: now - 1_000,
  });
};

/** Brings play statistics and the team rollups up to date, as their jobs do. */
export const rollUp = async (db: Database) => {
  await createPlayStatsModule({ db }).rollUp();
  await createAgentTeamModule({ db }).rollUp();
};

/** A manual bank deposit of `amount`, approved by staff. */
export const deposit = async (app: FastifyInstance, token: string, amount: string) => {
  const channels = await app.inject({ url: API.deposit.channels, headers: bearer(token) });
  const channel = (channels.json().value.list as { id: string; kind: string }[]).find(
    (one) => one.kind === 'MANUAL_BANK',
  );
  if (channel === undefined) throw new Error('no manual bank channel');
  const order = await app.inject({
    method: 'POST',
    url: API.deposit.orders,
    headers: bearer(token),
    payload: { channelId: channel.id, amount, requestId: requestId('dep') },
  });
  expect(order.statusCode, order.body).toBe(200);
  const approved = await app.inject({
    method: 'POST',
    url: OPS_API.depositApprove.replace(':orderNo', order.json().value.orderNo as string),
    headers: await staffHeaders(app, 'cashier'),
  });
  expect(approved.statusCode, approved.body).toBe(200);
};

const PAY = '739146';
/** Sends `amount` from an agent to a member of its downline (sets the agent's payment password first). */
export const transferDown = async (app: FastifyInstance, from: Caller, to: Caller, amount: string) => {
  const set = await sealed(
    app,
    'PUT',
    API.member.paymentPassword,
    { loginPassword: from.password, newPaymentPassword: PAY, confirmPaymentPassword: PAY },
    { token: from.token },
  );
  expect(set.statusCode, set.body).toBe(200);
  const sent = await sealed(
    app,
    'POST',
    API.agent.transferDownline,
    { username: to.username, amount, paymentPassword: PAY, requestId: requestId('down') },
    { token: from.token },
  );
  expect(sent.statusCode, sent.body).toBe(200);
};

/** GET `url` with `query` as `caller`; the value of a 200, else fails the test. */
export const getValue = async <T>(
  app: FastifyInstance,
  caller: { token: string },
  url: string,
  query: Record<string, string> = {},
): Promise<T> => {
  const res = await app.inject({
    url: `${url}?${new URLSearchParams(query).toString()}`,
    headers: bearer(caller.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
};
