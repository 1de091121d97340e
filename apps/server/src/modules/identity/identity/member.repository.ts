import type { MemberStatus, ProfileField } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { toIso } from '../../../lib/clock';

/** Profile field → column. Column names in SQL come only from this constant, never from input. */
export const PROFILE_COLUMNS: Record<ProfileField, string> = {
  nickname: 'nickname',
  payeeName: 'payee_name',
  email: 'email',
  qqNum: 'qq_num',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  telegram: 'telegram',
  line: 'line',
  zalo: 'zalo',
  wechat: 'wechat',
  idNumber: 'id_number',
  birthday: 'birthday',
  address: 'address',
  nationality: 'nationality',
  occupation: 'occupation',
  sourceOfIncome: 'source_of_income',
  placeOfBirth: 'place_of_birth',
};

export type MemberRow = {
  merchantId: number;
  id: bigint;
  username: string;
  userType: number;
  parentId: bigint | null;
  status: MemberStatus;
  passwordHash: string | null;
  passwordChangedAt: Date | null;
  paymentPasswordHash: string | null;
  mobileNum: string | null;
  countryDialingCode: string | null;
  affiliateCode: string | null;
  referrer: string | null;
  language: string | null;
} & Record<ProfileField, string | null>;

const profileSelect = Object.entries(PROFILE_COLUMNS)
  .map(([field, column]) =>
    column === 'birthday' ? `to_char(birthday, 'YYYY-MM-DD') AS "${field}"` : `${column} AS "${field}"`,
  )
  .join(', ');

const MEMBER_COLUMNS = `merchant_id AS "merchantId", id, username, user_type AS "userType", parent_id AS "parentId",
  status, password_hash AS "passwordHash", password_changed_at AS "passwordChangedAt",
  payment_password_hash AS "paymentPasswordHash", mobile_num AS "mobileNum",
  country_dialing_code AS "countryDialingCode", affiliate_code AS "affiliateCode", referrer, language, ${profileSelect}`;

export type NewMember = {
  username: string;
  userType: number;
  parentId: bigint | null;
  passwordHash: string | null;
  paymentPasswordHash: string | null;
  mobileNum: string | null;
  countryDialingCode: string | null;
  referrer: string | null;
  registerUrl: string | null;
  registerMethod: string | null;
  registerIp: string | null;
  profile: Partial<Record<ProfileField, string>>;
};

const insertMember = async (db: Queryable, merchantId: number, member: NewMember, nowMs: number): Promise<bigint> => {
  const profile = Object.entries(member.profile) as [ProfileField, string][];
  const columns = [
    'merchant_id, username, user_type, parent_id, password_hash, password_changed_at, payment_password_hash',
    'mobile_num, country_dialing_code, referrer, register_url, register_method, register_ip, created_at, updated_at',
    ...profile.map(([field]) => PROFILE_COLUMNS[field]),
  ].join(', ');
  const values: unknown[] = [
    merchantId,
    member.username,
    member.userType,
    member.parentId,
    member.passwordHash,
    member.passwordHash === null ? null : toIso(nowMs),
    member.paymentPasswordHash,
    member.mobileNum,
    member.countryDialingCode,
    member.referrer,
    member.registerUrl,
    member.registerMethod,
    member.registerIp,
    toIso(nowMs),
    toIso(nowMs),
    ...profile.map(([, value]) => value),
  ];
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO members (${columns}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    values,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('member was not inserted');
  return id;
};

/** Only the columns named in PROFILE_COLUMNS; '' was turned into NULL by the caller. */
const updateProfile = async (
  db: Queryable,
  merchantId: number,
  id: bigint,
  changes: Partial<Record<ProfileField, string | null>>,
  nowMs: number,
): Promise<void> => {
  const entries = Object.entries(changes) as [ProfileField, string | null][];
  if (entries.length === 0) return;
  const sets = entries.map(([field], i) =>
    field === 'birthday' ? `birthday = $${i + 4}::date` : `${PROFILE_COLUMNS[field]} = $${i + 4}`,
  );
  await db.query(
    `UPDATE members SET ${sets.join(', ')}, updated_at = $3::timestamptz WHERE merchant_id = $1 AND id = $2`,
    [merchantId, id, toIso(nowMs), ...entries.map(([, value]) => value)],
  );
};

/** SQL only. Every statement is scoped by merchant_id; callers pass the member id from the session, never input. */
export const memberRepository = (db: Queryable) => {
  const one = async (where: string, params: unknown[]): Promise<MemberRow | undefined> =>
    (await db.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE ${where}`, params)).rows[0];

  return {
    findById: (merchantId: number, id: bigint) => one('merchant_id = $1 AND id = $2', [merchantId, id]),
    /** Case-insensitive, matching the unique index (merchant_id, lower(username)). */
    findByUsername: (merchantId: number, username: string) =>
      one('merchant_id = $1 AND lower(username) = lower($2)', [merchantId, username]),
    findByMobile: (merchantId: number, countryDialingCode: string, mobileNum: string) =>
      one('merchant_id = $1 AND country_dialing_code = $2 AND mobile_num = $3', [
        merchantId,
        countryDialingCode,
        mobileNum,
      ]),
    findActiveAgentByAffiliateCode: (merchantId: number, code: string) =>
      one(
        `merchant_id = $1 AND upper(affiliate_code) = upper($2) AND status = 'ACTIVE'
         AND user_type IN (1, 2, 41, 42)`,
        [merchantId, code],
      ),
    insert: (merchantId: number, member: NewMember, nowMs: number) => insertMember(db, merchantId, member, nowMs),
    usernameTaken: async (merchantId: number, username: string): Promise<boolean> =>
      (
        await db.query('SELECT 1 FROM members WHERE merchant_id = $1 AND lower(username) = lower($2)', [
          merchantId,
          username,
        ])
      ).rows.length > 0,
    mobileTaken: async (merchantId: number, countryDialingCode: string, mobileNum: string): Promise<boolean> =>
      (
        await db.query(
          'SELECT 1 FROM members WHERE merchant_id = $1 AND country_dialing_code = $2 AND mobile_num = $3',
          [merchantId, countryDialingCode, mobileNum],
        )
      ).rows.length > 0,
    setPassword: async (merchantId: number, id: bigint, passwordHash: string, nowMs: number): Promise<void> => {
      await db.query(
        `UPDATE members SET password_hash = $3, password_changed_at = $4::timestamptz, updated_at = $4::timestamptz
         WHERE merchant_id = $1 AND id = $2`,
        [merchantId, id, passwordHash, toIso(nowMs)],
      );
    },
    setPaymentPassword: async (merchantId: number, id: bigint, hash: string, nowMs: number): Promise<void> => {
      await db.query(
        'UPDATE members SET payment_password_hash = $3, updated_at = $4::timestamptz WHERE merchant_id = $1 AND id = $2',
        [merchantId, id, hash, toIso(nowMs)],
      );
    },
    /** Fails with a unique violation on members_mobile_key when another member of the merchant has the number. */
    setMobile: async (
      merchantId: number,
      id: bigint,
      mobile: { countryDialingCode: string; mobileNum: string },
      nowMs: number,
    ): Promise<void> => {
      await db.query(
        `UPDATE members SET country_dialing_code = $3, mobile_num = $4, updated_at = $5::timestamptz
         WHERE merchant_id = $1 AND id = $2`,
        [merchantId, id, mobile.countryDialingCode, mobile.mobileNum, toIso(nowMs)],
      );
    },
    setLanguage: async (merchantId: number, id: bigint, language: string): Promise<void> => {
      await db.query('UPDATE members SET language = $3 WHERE merchant_id = $1 AND id = $2', [merchantId, id, language]);
    },
    /**
     * Active members whose birthday falls on `day` (yyyy-MM-dd): same month and day, and a 29 February birthday on
     * 28 February of a year without one.
     */
    birthdaysOn: async (merchantId: number, day: string): Promise<bigint[]> =>
      (
        await db.query<{ id: string }>(
          `SELECT id::text FROM members
           WHERE merchant_id = $1 AND status = 'ACTIVE' AND birthday IS NOT NULL
             AND (to_char(birthday, 'MM-DD') = to_char($2::date, 'MM-DD')
               OR (to_char(birthday, 'MM-DD') = '02-29' AND to_char($2::date + 1, 'MM-DD') = '03-01'))
           ORDER BY id`,
          [merchantId, day],
        )
      ).rows.map((row) => BigInt(row.id)),
    updateProfile: (
      merchantId: number,
      id: bigint,
      changes: Partial<Record<ProfileField, string | null>>,
      nowMs: number,
    ) => updateProfile(db, merchantId, id, changes, nowMs),
  };
};

export type MemberRepository = ReturnType<typeof memberRepository>;
