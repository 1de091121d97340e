import type { Database, Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { randomToken, sha256 } from '../../../lib/tokens';
import type { RequestContext } from './identity.context';
import { sessionRepository, type LoginMethod } from './session.repository';

/** A session ends after 30 minutes without a request (idle) or 12 hours after login (absolute), whichever first. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most once a minute: idle expiry is then exact to a minute, at a write per minute. */
export const SESSION_TOUCH_AFTER_MS = 60_000;

/** What an authenticated request knows about its caller (request.session). */
export type Session = {
  id: bigint;
  merchantId: number;
  memberId: bigint;
  type: number;
  method: LoginMethod;
  mustChangePassword: boolean;
};

export type SessionLookup =
  | { kind: 'ok'; session: Session }
  | { kind: 'invalid' } // unknown, revoked, or its account is no longer active
  | { kind: 'expired' };

/**
 * Ends the member's game sessions in the caller's transaction (the seamless module's, wired in platform-modules.ts):
 * a game must not take bets for a member whose session ended (logout, password change, lock; ADR 0019).
 */
export type GameSessionEnder = (tx: Queryable, merchantId: number, memberId: bigint) => Promise<unknown>;
export const noGameSessions: GameSessionEnder = async () => 0;

export const sessionServiceFactory = ({
  db,
  now,
  endGameSessions = noGameSessions,
}: {
  db: Database;
  now: Clock;
  endGameSessions?: GameSessionEnder;
}) => {
  const repository = sessionRepository(db);

  const resolve = async (merchantId: number, token: string): Promise<SessionLookup> => {
    const row = await repository.findByTokenHash(merchantId, sha256(token));
    if (row === undefined || row.revokedAt !== null || row.memberStatus !== 'ACTIVE') return { kind: 'invalid' };
    const nowMs = now();
    const lastSeenMs = row.lastSeenAt.getTime();
    if (row.expiresAt.getTime() <= nowMs || lastSeenMs + SESSION_IDLE_MS <= nowMs) return { kind: 'expired' };
    if (nowMs - lastSeenMs >= SESSION_TOUCH_AFTER_MS) await repository.touch(merchantId, row.id, nowMs);
    return {
      kind: 'ok',
      session: {
        id: row.id,
        merchantId,
        memberId: row.memberId,
        type: row.userType,
        method: row.method,
        mustChangePassword: row.mustChangePassword,
      },
    };
  };

  /**
   * Opens a session and records the login, in one transaction. Returns the token (shown once, stored only hashed) and
   * when the member last logged in before this (null: this is the first login).
   */
  const open = async (
    ctx: RequestContext,
    memberId: bigint,
    method: LoginMethod,
    mustChangePassword: boolean,
  ): Promise<{ token: string; previousLoginAt: Date | null; nowMs: number }> => {
    const token = randomToken();
    const nowMs = now();
    const merchantId = ctx.merchant.id;
    const previous = await db.transaction(async (tx) => {
      const sessions = sessionRepository(tx);
      const [last] = await sessions.recentLogins(merchantId, memberId, 1);
      await sessions.insert(
        merchantId,
        {
          memberId,
          tokenHash: sha256(token),
          method,
          mustChangePassword,
          expiresAtMs: nowMs + SESSION_ABSOLUTE_MS,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        },
        nowMs,
      );
      await sessions.recordLogin(merchantId, { memberId, ip: ctx.ip, userAgent: ctx.userAgent, method }, nowMs);
      return last?.loggedInAt ?? null;
    });
    return { token, previousLoginAt: previous, nowMs };
  };

  return {
    resolve,
    open,
    /** Logout: the session and, with it, the games launched for the member (on any device: they cannot be told apart). */
    revoke: (session: Session) =>
      db.transaction(async (tx) => {
        await sessionRepository(tx).revoke(session.merchantId, session.id, now());
        await endGameSessions(tx, session.merchantId, session.memberId);
      }),
    revokeAllOfMember: (merchantId: number, memberId: bigint) =>
      repository.revokeAllOfMember(merchantId, memberId, now()),
    recentLogins: (merchantId: number, memberId: bigint, limit: number) =>
      repository.recentLogins(merchantId, memberId, limit),
  };
};

export type SessionService = ReturnType<typeof sessionServiceFactory>;
