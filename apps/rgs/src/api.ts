import { FAMILIES } from '@platform/game-math';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listChains } from './crash/chain';
import type { CrashEngine } from './crash/engine';
import type { Database } from './db/database';
import { ClientSeedSchema, type Fair } from './fair/fair';
import type { GameDeps } from './games/context';
import { diceGame } from './games/dice';
import { minesGame } from './games/mines';
import { plinkoGame } from './games/plinko';
import { slotGame } from './games/slot';
import { RgsError, success } from './lib/errors';
import { RGS_GAMES, type SeededFamily } from './lib/games';
import { toWire } from './lib/money';
import { parseInput } from './lib/validate';
import { JACKPOT_POOL_NAME, type Jackpot } from './jackpot/jackpot';
import { RECALL_LIMIT_DEFAULT, RECALL_LIMIT_MAX, type Rounds } from './rounds/rounds';
import { requireFamily, SessionSwapSchema, type PageSession, type Sessions } from './sessions/sessions';

export type ApiDeps = GameDeps & {
  db: Database;
  sessions: Sessions;
  fair: Fair;
  rounds: Rounds;
  jackpot: Jackpot;
  crash: CrashEngine;
};

const SEEDED_FAMILIES = FAMILIES as readonly SeededFamily[];
const FamilyQuerySchema = z.object({ family: z.enum(FAMILIES) });
const RotateSchema = z.strictObject({ family: z.enum(FAMILIES), clientSeed: ClientSeedSchema.optional() });
const ClientSeedChangeSchema = z.strictObject({ family: z.enum(FAMILIES), clientSeed: ClientSeedSchema });
const RecallQuerySchema = z.object({
  family: z.enum(['slot', 'dice', 'mines', 'plinko', 'crash']).optional(),
  limit: z.coerce.number().int().min(1).max(RECALL_LIMIT_MAX).default(RECALL_LIMIT_DEFAULT),
});
const PoolsQuerySchema = z.object({ mode: z.enum(['real', 'play']).default('real') });

const fairKey = (session: PageSession, family: SeededFamily) => ({
  operator: session.operator,
  playerId: session.playerId,
  family,
});

/** A seeded family the session may change seeds for: its own game's (crash has no player seeds). */
const ownFamily = (session: PageSession, family: SeededFamily): SeededFamily => {
  if (!SEEDED_FAMILIES.includes(family)) throw new RgsError('VALIDATION_FAILED', 400, 'Unknown game family');
  requireFamily(session, family);
  return family;
};

/**
 * The JSON API under /rgs/v1 that the game clients call (envelope `{ success, value | code, message }`), plus the
 * public feeds: jackpot pools and the crash chain. Every game call is authenticated by the page session.
 */
export const registerApi = (app: FastifyInstance, deps: ApiDeps): void => {
  const { sessions } = deps;
  const slot = slotGame(deps);
  const dice = diceGame(deps);
  const mines = minesGame(deps);
  const plinko = plinkoGame(deps);

  app.post('/rgs/v1/sessions', async (request, reply) => {
    const input = parseInput(SessionSwapSchema, request.body, 'launch');
    const session = await sessions.swap(input);
    return reply.code(201).send(success(session));
  });

  app.get('/rgs/v1/session', async (request) => {
    const session = await sessions.authenticate(request);
    const balance = await sessions.balance(session);
    return success({
      operator: session.operator,
      player: session.playerId,
      currency: session.currency,
      mode: session.mode,
      lang: session.lang,
      wallet: session.wallet,
      game: session.gameCode,
      family: session.family,
      expiresAt: new Date(session.expiresAtMs).toISOString(),
      balance,
    });
  });

  // Provably fair: the current pair (hash only), rotation (reveals the old seed), client seed change (rotates).
  app.get('/rgs/v1/fair', async (request) => {
    const session = await sessions.authenticate(request);
    const { family } = parseInput(FamilyQuerySchema, request.query, 'query');
    return success(await deps.fair.view(fairKey(session, ownFamily(session, family))));
  });

  app.post('/rgs/v1/fair/rotate', async (request) => {
    const session = await sessions.authenticate(request);
    const input = parseInput(RotateSchema, request.body, 'rotation');
    return success(await deps.fair.rotate(fairKey(session, ownFamily(session, input.family)), input.clientSeed));
  });

  app.put('/rgs/v1/fair/client-seed', async (request) => {
    const session = await sessions.authenticate(request);
    const input = parseInput(ClientSeedChangeSchema, request.body, 'client seed');
    return success(await deps.fair.rotate(fairKey(session, ownFamily(session, input.family)), input.clientSeed));
  });

  app.get('/rgs/v1/rounds', async (request) => {
    const session = await sessions.authenticate(request);
    const query = parseInput(RecallQuerySchema, request.query, 'query');
    const list = await deps.rounds.recall(
      { operator: session.operator, playerId: session.playerId },
      query.family,
      query.limit,
    );
    return success({ rounds: list });
  });

  app.post('/rgs/v1/slot/spin', async (request) => {
    const session = await sessions.authenticate(request);
    requireFamily(session, 'slot');
    return success(await slot.spin(session, request.body));
  });

  app.get('/rgs/v1/slot/jackpot', async (request) => {
    const session = await sessions.authenticate(request);
    const pool = await deps.jackpot.pool({ currency: session.currency, mode: session.mode });
    return success({ name: JACKPOT_POOL_NAME, currency: pool.currency, amount: toWire(pool.amountMinor) });
  });

  app.post('/rgs/v1/dice/roll', async (request) => {
    const session = await sessions.authenticate(request);
    requireFamily(session, 'dice');
    return success(await dice.roll(session, request.body));
  });

  app.post('/rgs/v1/plinko/drop', async (request) => {
    const session = await sessions.authenticate(request);
    requireFamily(session, 'plinko');
    return success(await plinko.drop(session, request.body));
  });

  app.post('/rgs/v1/mines/start', async (request) => {
    const session = await sessions.authenticate(request);
    requireFamily(session, 'mines');
    return success(await mines.start(session, request.body));
  });
  app.post('/rgs/v1/mines/reveal', async (request) => {
    const session = await sessions.authenticate(request);
    requireFamily(session, 'mines');
    return success(await mines.reveal(session, request.body));
  });
  app.post('/rgs/v1/mines/cashout', async (request) => {
    const session = await sessions.authenticate(request);
    requireFamily(session, 'mines');
    return success(await mines.cashOut(session));
  });
  app.get('/rgs/v1/mines/current', async (request) => {
    const session = await sessions.authenticate(request);
    requireFamily(session, 'mines');
    return success({ round: await mines.current(session) });
  });

  app.get('/rgs/v1/crash/state', async (request) => {
    const session = await sessions.authenticate(request);
    requireFamily(session, 'crash');
    return success({ round: deps.crash.snapshot(), myBet: deps.crash.myBet(session) });
  });
  app.post('/rgs/v1/crash/bets', async (request) => {
    const session = await sessions.authenticate(request);
    return success(await deps.crash.placeBet(session, request.body));
  });
  app.post('/rgs/v1/crash/cashout', async (request) => {
    const session = await sessions.authenticate(request);
    return success(await deps.crash.cashOut(session));
  });

  // Public: the crash chain's terminating hashes, published before their first round.
  app.get('/rgs/v1/crash/chain', async () => {
    const chains = await listChains(deps.db, 20);
    return success({
      chains: chains.map((chain) => ({
        id: chain.id,
        terminatingHash: chain.terminatingHash,
        salt: chain.salt,
        length: chain.length,
        publishedAt: chain.createdAt.toISOString(),
      })),
    });
  });

  // Public jackpot feed (the platform's lobby reads it): one pool per currency, amounts as decimal strings.
  app.get('/rgs/v1/jackpots', async (request, reply) => {
    const { mode } = parseInput(PoolsQuerySchema, request.query, 'query');
    // Pools move with every spin; a few seconds of caching is what a lobby ticker needs.
    reply.header('cache-control', 'public, max-age=5');
    const pools = await deps.jackpot.pools(mode);
    return {
      pools: pools.map((pool) => ({
        name: JACKPOT_POOL_NAME,
        currency: pool.currency,
        amount: toWire(pool.amountMinor),
      })),
    };
  });

  app.get('/rgs/v1/games', async () =>
    success({ games: Object.entries(RGS_GAMES).map(([code, family]) => ({ code, family })) }),
  );
};
