import type { LoginMethodSchema, MemberStatus } from '@platform/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

export type LoginMethod = z.infer<typeof LoginMethodSchema>;

export type SessionRow = {
  id: bigint;
  memberId: bigint;
  method: LoginMethod;
  mustChangePassword: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userType: number;
  memberStatus: MemberStatus;
};

export type NewSession = {
  memberId: bigint;
  tokenHash: Buffer;
  method: LoginMethod;
  mustChangePassword: boolean;
  expiresAtMs: number;
  ip: string;
  userAgent: string | null;
};

export type LoginRow = { loggedInAt: Date; ip: string; userAgent: string | null; method: LoginMethod };

const insertSession = async (
  db: Queryable,
  merchantId: number,
  session: NewSession,
  nowMs: number,
): Promise<bigint> => {
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO member_sessions (merchant_id, member_id, token_hash, method, must_change_password, created_at,
       last_seen_at, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $6::timestamptz, $7::timestamptz, $8, $9) RETURNING id`,
    [
      merchantId,
      session.memberId,
      session.tokenHash,
      session.method,
      session.mustChangePassword,
      toIso(nowMs),
      toIso(session.expiresAtMs),
      session.ip,
      session.userAgent,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('session was not inserted');
  return id;
};

const purgeSessions = async (
  db: Queryable,
  sessionsBeforeMs: number,
  loginsBeforeMs: number,
  batch: number,
): Promise<number> => {
  const sessions = await db.query(
    `DELETE FROM member_sessions WHERE ctid = ANY (ARRAY(
       SELECT ctid FROM member_sessions WHERE expires_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
    [toIso(sessionsBeforeMs), batch],
  );
  const logins = await db.query(
    `DELETE FROM member_logins WHERE ctid = ANY (ARRAY(
       SELECT ctid FROM member_logins WHERE logged_in_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
    [toIso(loginsBeforeMs), batch],
  );
  return sessions.rows.length + logins.rows.length;
};

/** Sessions and the login history. SQL only; every statement is scoped by merchant_id. */
export const sessionRepository = (db: Queryable) => ({
  insert: (merchantId: number, session: NewSession, nowMs: number) => insertSession(db, merchantId, session, nowMs),
  findByTokenHash: async (merchantId: number, tokenHash: Buffer): Promise<SessionRow | undefined> =>
    (
      await db.query<SessionRow>(
        `SELECT s.id, s.member_id AS "memberId", s.method, s.must_change_password AS "mustChangePassword",
           s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt", s.revoked_at AS "revokedAt",
           m.user_type AS "userType", m.status AS "memberStatus"
         FROM member_sessions s JOIN members m ON m.merchant_id = s.merchant_id AND m.id = s.member_id
         WHERE s.merchant_id = $1 AND s.token_hash = $2`,
        [merchantId, tokenHash],
      )
    ).rows[0],
  touch: async (merchantId: number, id: bigint, nowMs: number): Promise<void> => {
    await db.query('UPDATE member_sessions SET last_seen_at = $3::timestamptz WHERE merchant_id = $1 AND id = $2', [
      merchantId,
      id,
      toIso(nowMs),
    ]);
  },
  revoke: async (merchantId: number, id: bigint, nowMs: number): Promise<void> => {
    await db.query(
      `UPDATE member_sessions SET revoked_at = $3::timestamptz
       WHERE merchant_id = $1 AND id = $2 AND revoked_at IS NULL`,
      [merchantId, id, toIso(nowMs)],
    );
  },
  revokeAllOfMember: async (merchantId: number, memberId: bigint, nowMs: number): Promise<number> =>
    (
      await db.query(
        `UPDATE member_sessions SET revoked_at = $3::timestamptz
         WHERE merchant_id = $1 AND member_id = $2 AND revoked_at IS NULL RETURNING 1`,
        [merchantId, memberId, toIso(nowMs)],
      )
    ).rows.length,
  recordLogin: async (
    merchantId: number,
    login: { memberId: bigint; ip: string; userAgent: string | null; method: LoginMethod },
    nowMs: number,
  ): Promise<void> => {
    await db.query(
      `INSERT INTO member_logins (merchant_id, member_id, logged_in_at, ip, user_agent, method)
       VALUES ($1, $2, $3::timestamptz, $4, $5, $6)`,
      [merchantId, login.memberId, toIso(nowMs), login.ip, login.userAgent, login.method],
    );
  },
  recentLogins: async (merchantId: number, memberId: bigint, limit: number): Promise<LoginRow[]> =>
    (
      await db.query<LoginRow>(
        `SELECT logged_in_at AS "loggedInAt", ip, user_agent AS "userAgent", method FROM member_logins
         WHERE merchant_id = $1 AND member_id = $2 ORDER BY logged_in_at DESC, id DESC LIMIT $3`,
        [merchantId, memberId, limit],
      )
    ).rows,
  /**
   * Whether the session was opened by the member's first login: no login before it (the same rule as the login
   * response's firstTimeLogin). Logins recorded in the same millisecond are told apart by session id.
   */
  isFirstLogin: async (merchantId: number, sessionId: bigint): Promise<boolean> =>
    (
      await db.query<{ first: boolean }>(
        `SELECT CASE
           WHEN EXISTS (SELECT 1 FROM member_logins l WHERE l.merchant_id = s.merchant_id
             AND l.member_id = s.member_id AND l.logged_in_at < s.created_at) THEN false
           WHEN (SELECT count(*) FROM member_logins l WHERE l.merchant_id = s.merchant_id
             AND l.member_id = s.member_id AND l.logged_in_at = s.created_at) <= 1 THEN true
           ELSE NOT EXISTS (SELECT 1 FROM member_sessions e WHERE e.merchant_id = s.merchant_id
             AND e.member_id = s.member_id AND e.created_at = s.created_at AND e.id < s.id)
         END AS first
         FROM member_sessions s WHERE s.merchant_id = $1 AND s.id = $2`,
        [merchantId, sessionId],
      )
    ).rows[0]?.first === true,
  /** Sessions past their absolute end (kept a while for audit) and old login history. */
  purge: (sessionsBeforeMs: number, loginsBeforeMs: number, batch: number) =>
    purgeSessions(db, sessionsBeforeMs, loginsBeforeMs, batch),
});

export type SessionRepository = ReturnType<typeof sessionRepository>;
