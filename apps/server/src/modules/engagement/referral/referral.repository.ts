import type { Queryable } from '../../../db/database';

/** The programme's terms in the table's units (migration 0047). */
export type ReferralSettingsRow = {
  enabled: boolean;
  minDepositMinor: bigint;
  minValidBetMinor: bigint;
  windowDays: number;
  rewardMinor: bigint;
  shareBp: number;
};

/** No row: the programme is on with these terms, so the site flag REFERRAL3 alone decides until staff change them. */
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettingsRow = {
  enabled: true,
  minDepositMinor: 10_000n,
  minValidBetMinor: 50_000n,
  windowDays: 30,
  rewardMinor: 2_000n,
  shareBp: 20,
};

export type FriendRow = {
  friendId: bigint;
  referrerId: bigint;
  username: string;
  registeredAt: Date;
  registeredDay: string;
  qualifiedAt: Date | null;
};

type FriendDbRow = {
  friend_id: string;
  referrer_id: string;
  username: string;
  registered_at: Date | string;
  registered_day: string;
  qualified_at: Date | string | null;
};

const toFriend = (row: FriendDbRow): FriendRow => ({
  friendId: BigInt(row.friend_id),
  referrerId: BigInt(row.referrer_id),
  username: row.username,
  registeredAt: new Date(row.registered_at),
  registeredDay: row.registered_day,
  qualifiedAt: row.qualified_at === null ? null : new Date(row.qualified_at),
});

const FRIEND_COLUMNS = `f.friend_id::text, f.referrer_id::text, coalesce(m.username, '') AS username, f.registered_at,
  ((f.registered_at AT TIME ZONE d.timezone)::date)::text AS registered_day, f.qualified_at`;
const FRIEND_FROM = `referral_friends f
  JOIN merchant_directory d ON d.id = f.merchant_id
  LEFT JOIN member_directory m ON m.merchant_id = f.merchant_id AND m.id = f.friend_id`;

/** SQL of invite friends (referral_settings, referral_codes, referral_friends; migration 0047). */
export const referralRepository = (db: Queryable) => ({
  settings: async (merchantId: number): Promise<ReferralSettingsRow> => {
    const { rows } = await db.query<{
      enabled: boolean;
      min_deposit_minor: string;
      min_valid_bet_minor: string;
      window_days: number;
      reward_minor: string;
      share_bp: number;
    }>(
      `SELECT enabled, min_deposit_minor::text, min_valid_bet_minor::text, window_days, reward_minor::text, share_bp
       FROM referral_settings WHERE merchant_id = $1`,
      [merchantId],
    );
    const row = rows[0];
    if (row === undefined) return DEFAULT_REFERRAL_SETTINGS;
    return {
      enabled: row.enabled,
      minDepositMinor: BigInt(row.min_deposit_minor),
      minValidBetMinor: BigInt(row.min_valid_bet_minor),
      windowDays: row.window_days,
      rewardMinor: BigInt(row.reward_minor),
      shareBp: row.share_bp,
    };
  },

  saveSettings: async (merchantId: number, s: ReferralSettingsRow, by: string, now: Date): Promise<void> => {
    await db.query(
      `INSERT INTO referral_settings (merchant_id, enabled, min_deposit_minor, min_valid_bet_minor, window_days,
         reward_minor, share_bp, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (merchant_id) DO UPDATE SET enabled = $2, min_deposit_minor = $3, min_valid_bet_minor = $4,
         window_days = $5, reward_minor = $6, share_bp = $7, updated_at = $8, updated_by = $9`,
      [
        ...[merchantId, s.enabled, s.minDepositMinor.toString(), s.minValidBetMinor.toString(), s.windowDays],
        ...[s.rewardMinor.toString(), s.shareBp, now, by],
      ],
    );
  },

  codeOf: async (merchantId: number, memberId: bigint): Promise<string | undefined> => {
    const { rows } = await db.query<{ code: string }>(
      'SELECT code FROM referral_codes WHERE merchant_id = $1 AND member_id = $2',
      [merchantId, memberId.toString()],
    );
    return rows[0]?.code;
  },

  /** Stores `code` as the member's unless it has one; false when the code is someone else's (draw another). */
  insertCode: async (merchantId: number, memberId: bigint, code: string, now: Date): Promise<boolean> => {
    const { rows } = await db.query(
      `INSERT INTO referral_codes (merchant_id, member_id, code, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING code`,
      [merchantId, memberId.toString(), code, now],
    );
    return rows.length === 1;
  },

  memberOfCode: async (merchantId: number, code: string): Promise<bigint | undefined> => {
    const { rows } = await db.query<{ member_id: string }>(
      `SELECT c.member_id::text FROM referral_codes c
       JOIN member_directory m ON m.merchant_id = c.merchant_id AND m.id = c.member_id AND m.status = 'ACTIVE'
       WHERE c.merchant_id = $1 AND c.code = $2`,
      [merchantId, code],
    );
    return rows[0] === undefined ? undefined : BigInt(rows[0].member_id);
  },

  addFriend: async (merchantId: number, referrerId: bigint, friendId: bigint, at: Date): Promise<void> => {
    await db.query(
      `INSERT INTO referral_friends (merchant_id, friend_id, referrer_id, registered_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [merchantId, friendId.toString(), referrerId.toString(), at],
    );
  },

  /** The referrer's friends, newest first (at most `limit`). */
  friendsOf: async (merchantId: number, referrerId: bigint, limit: number): Promise<FriendRow[]> => {
    const { rows } = await db.query<FriendDbRow>(
      `SELECT ${FRIEND_COLUMNS} FROM ${FRIEND_FROM}
       WHERE f.merchant_id = $1 AND f.referrer_id = $2 ORDER BY f.registered_at DESC, f.friend_id DESC LIMIT $3`,
      [merchantId, referrerId.toString(), limit],
    );
    return rows.map(toFriend);
  },

  /** Friends not yet qualified who registered after `since` (still within the window), oldest first. */
  openFriends: async (merchantId: number, since: Date, limit: number): Promise<FriendRow[]> => {
    const { rows } = await db.query<FriendDbRow>(
      `SELECT ${FRIEND_COLUMNS} FROM ${FRIEND_FROM}
       WHERE f.merchant_id = $1 AND f.qualified_at IS NULL AND f.registered_at >= $2
       ORDER BY f.registered_at, f.friend_id LIMIT $3`,
      [merchantId, since, limit],
    );
    return rows.map(toFriend);
  },

  /** Qualified friends whose referrer earns a share (after `afterId`, by friend id: the share job's batches). */
  qualifiedFriends: async (merchantId: number, afterId: bigint, limit: number) => {
    const { rows } = await db.query<{ friend_id: string; referrer_id: string }>(
      // Ordered by the bigint column, not the text it is read as ('18' < '7'): the batches must not repeat a friend.
      `SELECT f.friend_id::text, f.referrer_id::text FROM referral_friends f
       WHERE f.merchant_id = $1 AND f.qualified_at IS NOT NULL AND f.friend_id > $2 ORDER BY f.friend_id LIMIT $3`,
      [merchantId, afterId.toString(), limit],
    );
    return rows.map((r) => ({ friendId: BigInt(r.friend_id), referrerId: BigInt(r.referrer_id) }));
  },

  /** Marks the friend qualified; false when it was already (another run got there first). */
  markQualified: async (merchantId: number, friendId: bigint, at: Date): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE referral_friends SET qualified_at = $3 WHERE merchant_id = $1 AND friend_id = $2 AND qualified_at IS NULL
       RETURNING friend_id`,
      [merchantId, friendId.toString(), at],
    );
    return rows.length === 1;
  },

  /** Merchants with friends still to qualify, or qualified friends earning shares. */
  merchants: async (now: Date): Promise<{ merchantId: number; today: string }[]> => {
    const { rows } = await db.query<{ merchant_id: number; today: string }>(
      `SELECT d.id AS merchant_id, ((($1::timestamptz) AT TIME ZONE d.timezone)::date)::text AS today
       FROM merchant_directory d WHERE EXISTS (SELECT 1 FROM referral_friends f WHERE f.merchant_id = d.id)`,
      [now],
    );
    return rows.map((r) => ({ merchantId: r.merchant_id, today: r.today }));
  },

  /** Credited deposits (PAID, APPROVED) per member, over all time (friends are new accounts). */
  deposits: async (merchantId: number, memberIds: readonly bigint[]): Promise<Map<bigint, bigint>> => {
    if (memberIds.length === 0) return new Map();
    const { rows } = await db.query<{ member_id: string; total: string }>(
      `SELECT member_id::text, sum(amount_minor)::text AS total FROM deposit_order_facts
       WHERE merchant_id = $1 AND member_id = ANY($2::bigint[]) AND status IN ('PAID', 'APPROVED')
       GROUP BY member_id`,
      [merchantId, memberIds.map(String)],
    );
    return new Map(rows.map((r) => [BigInt(r.member_id), BigInt(r.total)]));
  },

  /** The merchant's business day at `at`. */
  dayOf: async (merchantId: number, at: Date): Promise<string> => {
    const { rows } = await db.query<{ day: string }>(
      'SELECT ((($2::timestamptz) AT TIME ZONE timezone)::date)::text AS day FROM merchant_directory WHERE id = $1',
      [merchantId, at],
    );
    return rows[0]?.day ?? at.toISOString().slice(0, 10);
  },
});

export type ReferralRepository = ReturnType<typeof referralRepository>;
