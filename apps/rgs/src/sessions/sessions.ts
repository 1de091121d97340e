import { createHash } from 'node:crypto';
import { GAME_SESSION_TTL_MS, LAUNCH_THEMES, LAUNCH_WALLETS, type LaunchWallet } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { RgsError } from '../lib/errors';
import { familyOfGame, isLaunchable, vendorOfGame, type RgsFamily } from '../lib/games';
import { toWire } from '../lib/money';
import type { OperatorResolver, SeamlessClient } from '../platform/seamless-client';
import { refusalError } from '../platform/refusals';
import { walletBalance } from '../wallet/wallet';
import { verifyLaunch } from './launch-link';

/**
 * Page sessions. The launch URL carries the platform's game session token; the game page swaps it once for a page
 * session of its own (the launch token is marked used, so a copied launch URL cannot be replayed). The link's
 * signature and expiry are checked first (launch-link.ts); then, in seamless mode, the platform confirms the token
 * with a `balance` call. In transfer mode the platform does not know the RGS-held wallet, so the signed link is what
 * authenticates the launch. The page then sends `Authorization: Bearer <page session>`; the platform token stays on
 * the server, where every seamless call of the page needs it.
 */
export type PageSession = {
  idHash: string;
  operator: string;
  playerId: string;
  currency: string;
  mode: 'real' | 'play';
  /** An in-house game's code or a lottery's (lib/games.ts). */
  gameCode: string;
  family: RgsFamily;
  lang: 'en' | 'ty';
  /** Who holds the balance: the platform (seamless calls) or this server (transfer mode, wallet/wallet.ts). */
  wallet: LaunchWallet;
  platformToken: string;
  expiresAtMs: number;
};

/**
 * What the game page sends: the launch query as it found it (every signed parameter, values untouched) and the game
 * of its path.
 */
export const SessionSwapSchema = z.strictObject({
  token: z.string().min(16).max(128),
  op: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'must be a merchant code'),
  player: z.string().min(1).max(64),
  currency: z.string().regex(/^[A-Z][A-Z0-9]{2,7}$/, 'must be a currency code'),
  game: z.string().max(40).refine(isLaunchable, 'is not a game of this server'),
  mode: z.enum(['real', 'play']),
  /** The lobby's language as the platform wrote it; a language this server has no pack for shows in English. */
  lang: z.string().regex(/^[a-z]{2,8}(-[a-z0-9]{1,8})?$/, 'must be a language code'),
  /** The player's theme; the page applies it before the swap (it only styles), the signature covers it. */
  theme: z.enum(LAUNCH_THEMES).optional(),
  wallet: z.enum(LAUNCH_WALLETS),
  exp: z.string().regex(/^\d{1,15}$/, 'must be a time in milliseconds'),
  sig: z.string().max(128),
});
export type SessionSwap = z.infer<typeof SessionSwapSchema>;

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

type SessionRow = {
  id_hash: string;
  operator: string;
  player_id: string;
  currency: string;
  mode: 'real' | 'play';
  game_code: string;
  lang: 'en' | 'ty';
  wallet: LaunchWallet;
  platform_token: string;
  expires_at: Date;
};

const toSession = (row: SessionRow): PageSession => {
  const gameCode = row.game_code;
  return {
    idHash: row.id_hash,
    operator: row.operator,
    playerId: row.player_id,
    currency: row.currency,
    mode: row.mode,
    gameCode,
    family: familyOfGame(gameCode),
    lang: row.lang,
    wallet: row.wallet,
    platformToken: row.platform_token,
    expiresAtMs: row.expires_at.getTime(),
  };
};

const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/**
 * Transfer mode: how long the platform's word that the game session is live holds (ADR 0019). The platform is not
 * called during transfer-mode play, so without this a logout there would leave the page playing until its expiry.
 */
export const TRANSFER_SESSION_CHECK_MS = 30_000;
/** Confirmations kept in memory per node (a node that forgot one asks again: one balance call). */
const CHECKS_KEPT = 10_000;

export const sessionsFactory = (deps: {
  db: Database;
  clock: Clock;
  seamless: SeamlessClient;
  operators: OperatorResolver;
  randomBytes: (n: number) => Uint8Array;
}) => {
  const { db, clock, seamless } = deps;
  /** Transfer-mode page sessions: when the platform last confirmed their game session (per node, bounded). */
  const confirmedAt = new Map<string, number>();
  const confirmed = (idHash: string, atMs: number) => {
    if (confirmedAt.size >= CHECKS_KEPT) confirmedAt.delete(confirmedAt.keys().next().value as string);
    confirmedAt.set(idHash, atMs);
  };

  /**
   * Transfer mode: once per TRANSFER_SESSION_CHECK_MS, a `balance` call asks the platform whether the game session is
   * still live (its answer's balance is the platform's, not this wallet's, and is ignored). A definite refusal
   * (SESSION_EXPIRED after the player logged out, ACCOUNT_LOCKED...) stops the page; no answer lets play go on: the
   * wallet is this server's, and a platform outage must not freeze it.
   */
  const checkTransferSession = async (session: PageSession): Promise<void> => {
    const now = clock.now();
    if (now - (confirmedAt.get(session.idHash) ?? 0) < TRANSFER_SESSION_CHECK_MS) return;
    const outcome = await seamless.call(
      session.operator,
      'balance',
      { sessionToken: session.platformToken, playerId: session.playerId, currency: session.currency },
      vendorOfGame(session.gameCode),
    );
    if (outcome.kind === 'refused') throw refusalError(outcome, 'PLATFORM_REFUSED');
    if (outcome.kind === 'ok') confirmed(session.idHash, now);
  };

  /** Seamless mode: the platform confirms the launch token (and tells the balance) with a `balance` call. */
  const confirmWithPlatform = async (input: SessionSwap, tokenHash: string): Promise<string> => {
    const outcome = await seamless.call(
      input.op,
      'balance',
      { sessionToken: input.token, playerId: input.player, currency: input.currency },
      vendorOfGame(input.game),
    );
    if (outcome.kind === 'unknown') {
      // Nothing was learnt about the token: give it back so a reload can try again.
      await db.query('DELETE FROM used_launch_tokens WHERE token_hash = $1', [tokenHash]);
      throw new RgsError('PLATFORM_UNAVAILABLE', 503, 'The casino did not answer; try again in a moment');
    }
    if (outcome.kind === 'refused') throw refusalError(outcome, 'LAUNCH_REFUSED');
    return outcome.answer.balance;
  };

  const swap = async (input: SessionSwap) => {
    const operator = deps.operators(input.op, vendorOfGame(input.game));
    if (operator === undefined) {
      throw new RgsError('OPERATOR_UNKNOWN', 400, 'This game server does not know your casino');
    }
    const now = clock.now();
    const { game: _game, ...signed } = input;
    verifyLaunch(operator.secret, signed, now);
    if (input.wallet === 'transfer' && input.mode === 'play') {
      // Play money is the platform's (trial members cannot transfer in): a transfer wallet never holds it.
      throw new RgsError('VALIDATION_FAILED', 400, 'Play money cannot be played from a transfer wallet');
    }
    const lang = input.lang === 'ty' ? 'ty' : 'en';
    const tokenHash = sha256Hex(input.token);
    const claimed = await db.query(
      `INSERT INTO used_launch_tokens (token_hash, operator, player_id, used_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (token_hash) DO NOTHING RETURNING token_hash`,
      [tokenHash, input.op, input.player, new Date(now)],
    );
    if (claimed.rows.length === 0) {
      throw new RgsError(
        'LAUNCH_TOKEN_USED',
        409,
        'This game link was already used; open the game again from the lobby',
      );
    }
    const balance =
      input.wallet === 'transfer'
        ? toWire(await walletBalance(db, { operator: input.op, playerId: input.player, currency: input.currency }))
        : await confirmWithPlatform(input, tokenHash);
    const sessionToken = base64url(deps.randomBytes(32));
    const expiresAtMs = now + GAME_SESSION_TTL_MS;
    // The signed, fresh link stands for the platform's word at the swap.
    if (input.wallet === 'transfer') confirmed(sha256Hex(sessionToken), now);
    await db.query(
      `INSERT INTO page_sessions (id_hash, operator, player_id, currency, mode, game_code, lang, platform_token,
         created_at, expires_at, wallet)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        sha256Hex(sessionToken),
        input.op,
        input.player,
        input.currency,
        input.mode,
        input.game,
        lang,
        input.token,
        new Date(now),
        new Date(expiresAtMs),
        input.wallet,
      ],
    );
    return {
      session: sessionToken,
      expiresAt: new Date(expiresAtMs).toISOString(),
      operator: input.op,
      player: input.player,
      currency: input.currency,
      mode: input.mode,
      lang,
      wallet: input.wallet,
      game: input.game,
      family: familyOfGame(input.game),
      balance,
    };
  };

  /** The page session of a request (Authorization: Bearer), or a 401 the client turns into "session expired". */
  const authenticate = async (request: FastifyRequest): Promise<PageSession> => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
    if (match === null) throw new RgsError('AUTH_REQUIRED', 401, 'Open the game from the casino lobby');
    const { rows } = await db.query<SessionRow>(
      `SELECT id_hash, operator, player_id, currency, mode, game_code, lang, wallet, platform_token, expires_at
       FROM page_sessions WHERE id_hash = $1`,
      [sha256Hex(match[1]!)],
    );
    const row = rows[0];
    if (row === undefined) throw new RgsError('AUTH_REQUIRED', 401, 'Open the game from the casino lobby');
    if (row.expires_at.getTime() <= clock.now()) {
      throw new RgsError('SESSION_EXPIRED', 401, 'Your game session has expired; open the game again from the lobby');
    }
    const session = toSession(row);
    if (session.wallet === 'transfer') await checkTransferSession(session);
    return session;
  };

  /** The player's balance as the platform has it now (transfer mode: the RGS-held wallet's). */
  const balance = async (session: PageSession): Promise<string> => {
    if (session.wallet === 'transfer') {
      return toWire(
        await walletBalance(db, { operator: session.operator, playerId: session.playerId, currency: session.currency }),
      );
    }
    const outcome = await seamless.call(
      session.operator,
      'balance',
      { sessionToken: session.platformToken, playerId: session.playerId, currency: session.currency },
      vendorOfGame(session.gameCode),
    );
    if (outcome.kind === 'ok') return outcome.answer.balance;
    if (outcome.kind === 'refused') throw refusalError(outcome, 'PLATFORM_REFUSED');
    throw new RgsError('PLATFORM_UNAVAILABLE', 503, 'The casino did not answer; try again in a moment');
  };

  return { swap, authenticate, balance };
};
export type Sessions = ReturnType<typeof sessionsFactory>;

/** A session may only play its own game (the platform's session names one game). */
export const requireFamily = (session: PageSession, family: RgsFamily): void => {
  if (session.family !== family) {
    throw new RgsError('GAME_UNKNOWN', 403, 'This session was opened for another game');
  }
};
