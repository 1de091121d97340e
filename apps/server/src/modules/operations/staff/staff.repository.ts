import type { StaffListQuery, StaffRole, StaffStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

/** A staff account as the module reads it; secrets stay inside the module. */
export type StaffRow = {
  id: bigint;
  merchantId: number | null;
  username: string;
  displayName: string;
  passwordHash: string;
  role: StaffRole;
  status: StaffStatus;
  /** Sealed (staff-secrets.ts). */
  totpSecret: string | null;
  totpEnrolledAt: Date | null;
  failedAttempts: number;
  lockedUntil: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
};

export type NewStaff = {
  merchantId: number | null;
  username: string;
  displayName: string;
  passwordHash: string;
  role: StaffRole;
  /** Sealed; with enrolledAtMs for an account that starts enrolled (seeds, tests). */
  totpSecret?: string | null;
  enrolledAtMs?: number | null;
};

export type SessionRow = {
  id: bigint;
  staffId: bigint;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  username: string;
  displayName: string;
  role: StaffRole;
  status: StaffStatus;
};

export type ChallengeRow = {
  id: bigint;
  staffId: bigint;
  kind: 'MFA' | 'ENROL';
  pendingSecret: string | null;
  expiresAt: Date;
  usedAt: Date | null;
};

const STAFF_COLUMNS = `id, merchant_id AS "merchantId", username, display_name AS "displayName",
  password_hash AS "passwordHash", role, status, totp_secret AS "totpSecret", totp_enrolled_at AS "totpEnrolledAt",
  failed_attempts AS "failedAttempts", locked_until AS "lockedUntil", last_login_at AS "lastLoginAt",
  created_at AS "createdAt"`;

const first = <T>(rows: T[]): T | undefined => rows[0];

/** Staff accounts, sessions, challenges, recovery codes and sign-in history. SQL only. */
export const staffRepository = (db: Queryable) => ({
  /**
   * The account a sign-in on a merchant's host names: the merchant's own staff member, else a super admin of that
   * name (a merchant's staff cannot take a super admin's name, see usernameTaken).
   */
  findForSignIn: async (merchantId: number, username: string): Promise<StaffRow | undefined> =>
    first(
      (
        await db.query<StaffRow>(
          `SELECT ${STAFF_COLUMNS} FROM staff_accounts
           WHERE (merchant_id = $1 OR merchant_id IS NULL) AND lower(username) = lower($2)
           ORDER BY merchant_id NULLS LAST LIMIT 1`,
          [merchantId, username],
        )
      ).rows,
    ),
  /** Any account by id (sign-in steps, whose challenge names it). */
  findById: async (id: bigint): Promise<StaffRow | undefined> =>
    first((await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff_accounts WHERE id = $1`, [id])).rows),
  /** A merchant's own staff member (never a super admin): what staff management may touch. */
  findOfMerchant: async (merchantId: number, id: bigint, forUpdate = false): Promise<StaffRow | undefined> =>
    first(
      (
        await db.query<StaffRow>(
          `SELECT ${STAFF_COLUMNS} FROM staff_accounts WHERE merchant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
          [merchantId, id],
        )
      ).rows,
    ),
  usernameTaken: async (merchantId: number, username: string): Promise<boolean> =>
    (
      await db.query(
        `SELECT 1 FROM staff_accounts WHERE (merchant_id = $1 OR merchant_id IS NULL) AND lower(username) = lower($2)`,
        [merchantId, username],
      )
    ).rows.length > 0,
  /** Inserts an account; undefined when the username is taken (ON CONFLICT). */
  insert: async (account: NewStaff, nowMs: number): Promise<bigint | undefined> =>
    first(
      (
        await db.query<{ id: bigint }>(
          `INSERT INTO staff_accounts (merchant_id, username, display_name, password_hash, role, totp_secret,
             totp_enrolled_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz, $8::timestamptz)
           ON CONFLICT DO NOTHING RETURNING id`,
          [
            account.merchantId,
            account.username,
            account.displayName,
            account.passwordHash,
            account.role,
            account.totpSecret ?? null,
            account.enrolledAtMs === undefined || account.enrolledAtMs === null ? null : toIso(account.enrolledAtMs),
            toIso(nowMs),
          ],
        )
      ).rows,
    )?.id,
  list: async (merchantId: number, query: StaffListQuery): Promise<{ rows: StaffRow[]; total: number }> => {
    const where = `merchant_id = $1
      AND ($2::text IS NULL OR lower(username) LIKE '%' || lower($2) || '%' OR lower(display_name) LIKE '%' || lower($2) || '%')
      AND ($3::text IS NULL OR role = $3) AND ($4::text IS NULL OR status = $4)`;
    const params = [merchantId, query.q ?? null, query.role ?? null, query.status ?? null];
    const total = await db.query<{ total: bigint }>(
      `SELECT count(*) AS total FROM staff_accounts WHERE ${where}`,
      params,
    );
    const { rows } = await db.query<StaffRow>(
      `SELECT ${STAFF_COLUMNS} FROM staff_accounts WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`,
      [...params, query.pageSize, (query.pageNo - 1) * query.pageSize],
    );
    return { rows, total: Number(total.rows[0]?.total ?? 0) };
  },
  update: async (
    id: bigint,
    patch: { displayName?: string; role?: StaffRole; status?: StaffStatus; clearLock?: boolean },
    nowMs: number,
  ): Promise<void> => {
    await db.query(
      `UPDATE staff_accounts SET display_name = coalesce($2, display_name), role = coalesce($3, role),
         status = coalesce($4, status),
         failed_attempts = CASE WHEN $5 THEN 0 ELSE failed_attempts END,
         locked_until = CASE WHEN $5 THEN NULL ELSE locked_until END,
         updated_at = $6::timestamptz
       WHERE id = $1`,
      [id, patch.displayName ?? null, patch.role ?? null, patch.status ?? null, patch.clearLock === true, toIso(nowMs)],
    );
  },
  /** Whether the account completed a sign-in (SUCCESS) from this address since `sinceMs` (its known addresses). */
  signedInFrom: async (id: bigint, ip: string, sinceMs: number): Promise<boolean> =>
    (
      await db.query(
        `SELECT 1 FROM staff_logins WHERE staff_id = $1 AND at >= $3::timestamptz AND ip = $2 AND outcome = 'SUCCESS'
         LIMIT 1`,
        [id, ip, toIso(sinceMs)],
      )
    ).rows.length > 0,
  /** A completed sign-in (an old lock from before ADR 0018 is cleared with it). */
  signedIn: async (id: bigint, nowMs: number): Promise<void> => {
    await db.query(
      `UPDATE staff_accounts SET failed_attempts = 0, locked_until = NULL, last_login_at = $2::timestamptz
       WHERE id = $1`,
      [id, toIso(nowMs)],
    );
  },
  /** Accepts a TOTP step once: false when this step (or a later one) was already used. */
  useTotpStep: async (id: bigint, step: number): Promise<boolean> =>
    (
      await db.query(
        `UPDATE staff_accounts SET totp_last_step = $2
         WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1`,
        [id, step],
      )
    ).rows.length > 0,
  /** Stores the enrolled secret; false when the account was enrolled meanwhile (another enrolment won). */
  enrol: async (id: bigint, sealedSecret: string, step: number, nowMs: number): Promise<boolean> =>
    (
      await db.query(
        `UPDATE staff_accounts SET totp_secret = $2, totp_enrolled_at = $3::timestamptz, totp_last_step = $4,
           updated_at = $3::timestamptz
         WHERE id = $1 AND totp_enrolled_at IS NULL RETURNING 1`,
        [id, sealedSecret, toIso(nowMs), step],
      )
    ).rows.length > 0,
  resetMfa: async (id: bigint, nowMs: number): Promise<void> => {
    await db.query(
      `UPDATE staff_accounts SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL,
         updated_at = $2::timestamptz WHERE id = $1`,
      [id, toIso(nowMs)],
    );
    await db.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [id]);
  },
  replaceRecoveryCodes: async (id: bigint, hashes: readonly Buffer[]): Promise<void> => {
    await db.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [id]);
    for (const hash of hashes) {
      await db.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [id, hash]);
    }
  },
  /** Marks an unused recovery code used; false when there is no such unused code. */
  useRecoveryCode: async (id: bigint, hash: Buffer, nowMs: number): Promise<boolean> =>
    (
      await db.query(
        `UPDATE staff_recovery_codes SET used_at = $3::timestamptz
         WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
        [id, hash, toIso(nowMs)],
      )
    ).rows.length > 0,
  insertChallenge: async (
    challenge: {
      staffId: bigint;
      merchantId: number;
      tokenHash: Buffer;
      kind: 'MFA' | 'ENROL';
      pendingSecret: string | null;
    },
    nowMs: number,
    ttlMs: number,
  ): Promise<void> => {
    await db.query(
      `INSERT INTO staff_sign_in_challenges (staff_id, merchant_id, token_hash, kind, pending_secret, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz)`,
      [
        challenge.staffId,
        challenge.merchantId,
        challenge.tokenHash,
        challenge.kind,
        challenge.pendingSecret,
        toIso(nowMs),
        toIso(nowMs + ttlMs),
      ],
    );
  },
  findChallenge: async (merchantId: number, tokenHash: Buffer): Promise<ChallengeRow | undefined> =>
    first(
      (
        await db.query<ChallengeRow>(
          `SELECT id, staff_id AS "staffId", kind, pending_secret AS "pendingSecret", expires_at AS "expiresAt",
             used_at AS "usedAt"
           FROM staff_sign_in_challenges WHERE merchant_id = $1 AND token_hash = $2`,
          [merchantId, tokenHash],
        )
      ).rows,
    ),
  /** Uses a challenge once: false when another request used it first. */
  useChallenge: async (id: bigint, nowMs: number): Promise<boolean> =>
    (
      await db.query(
        `UPDATE staff_sign_in_challenges SET used_at = $2::timestamptz WHERE id = $1 AND used_at IS NULL RETURNING 1`,
        [id, toIso(nowMs)],
      )
    ).rows.length > 0,
  insertSession: async (
    session: { staffId: bigint; merchantId: number; tokenHash: Buffer; ip: string; userAgent: string | null },
    nowMs: number,
    maxMs: number,
  ): Promise<bigint> => {
    const { rows } = await db.query<{ id: bigint }>(
      `INSERT INTO staff_sessions (staff_id, merchant_id, token_hash, created_at, last_seen_at, expires_at, ip, user_agent)
       VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz, $5::timestamptz, $6, $7) RETURNING id`,
      [
        session.staffId,
        session.merchantId,
        session.tokenHash,
        toIso(nowMs),
        toIso(nowMs + maxMs),
        session.ip,
        session.userAgent,
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('staff session was not inserted');
    return id;
  },
  findSession: async (merchantId: number, tokenHash: Buffer): Promise<SessionRow | undefined> =>
    first(
      (
        await db.query<SessionRow>(
          `SELECT s.id, s.staff_id AS "staffId", s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt",
             s.revoked_at AS "revokedAt", a.username, a.display_name AS "displayName", a.role, a.status
           FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id
           WHERE s.merchant_id = $1 AND s.token_hash = $2`,
          [merchantId, tokenHash],
        )
      ).rows,
    ),
  touchSession: async (id: bigint, nowMs: number): Promise<void> => {
    await db.query('UPDATE staff_sessions SET last_seen_at = $2::timestamptz WHERE id = $1', [id, toIso(nowMs)]);
  },
  revokeSession: async (id: bigint, nowMs: number): Promise<void> => {
    await db.query('UPDATE staff_sessions SET revoked_at = $2::timestamptz WHERE id = $1 AND revoked_at IS NULL', [
      id,
      toIso(nowMs),
    ]);
  },
  revokeAllOf: async (staffId: bigint, nowMs: number): Promise<number> =>
    (
      await db.query(
        'UPDATE staff_sessions SET revoked_at = $2::timestamptz WHERE staff_id = $1 AND revoked_at IS NULL RETURNING 1',
        [staffId, toIso(nowMs)],
      )
    ).rows.length,
  recordLogin: async (
    login: {
      merchantId: number;
      staffId: bigint;
      ip: string;
      userAgent: string | null;
      outcome: 'SUCCESS' | 'WRONG_PASSWORD' | 'WRONG_CODE' | 'LOCKED' | 'DISABLED';
      method?: 'TOTP' | 'RECOVERY_CODE' | 'ENROL';
    },
    nowMs: number,
  ): Promise<void> => {
    await db.query(
      `INSERT INTO staff_logins (merchant_id, staff_id, at, ip, user_agent, outcome, method)
       VALUES ($1, $2, $3::timestamptz, $4, $5, $6, $7)`,
      [login.merchantId, login.staffId, toIso(nowMs), login.ip, login.userAgent, login.outcome, login.method ?? null],
    );
  },
  /** Ended sessions and challenges (kept a while for audit), and old sign-in history. */
  purge: async (sessionsBeforeMs: number, loginsBeforeMs: number, batch: number): Promise<number> => {
    let removed = 0;
    for (const [table, column, before] of [
      ['staff_sessions', 'expires_at', sessionsBeforeMs],
      ['staff_sign_in_challenges', 'expires_at', sessionsBeforeMs],
      ['staff_logins', 'at', loginsBeforeMs],
    ] as const) {
      const { rows } = await db.query(
        `DELETE FROM ${table} WHERE id = ANY (ARRAY(
           SELECT id FROM ${table} WHERE ${column} < $1::timestamptz LIMIT $2)) RETURNING 1`,
        [toIso(before), batch],
      );
      removed += rows.length;
    }
    return removed;
  },
});

export type StaffRepository = ReturnType<typeof staffRepository>;
