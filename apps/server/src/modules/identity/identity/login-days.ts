import type { Queryable } from '../../../db/database';

/**
 * The business days (YYYY-MM-DD in the merchant's time zone) on which a member logged in, `from`..`to` inclusive, in
 * order: what missions count a login streak from (issue 21). Login history is kept 180 days.
 */
export const loginDays = async (
  db: Queryable,
  merchantId: number,
  memberId: bigint,
  from: string,
  to: string,
): Promise<string[]> => {
  const { rows } = await db.query<{ day: string }>(
    `SELECT DISTINCT (l.logged_in_at AT TIME ZONE d.timezone)::date::text AS day
     FROM member_logins l JOIN merchant_directory d ON d.id = l.merchant_id
     WHERE l.merchant_id = $1 AND l.member_id = $2
       AND l.logged_in_at >= ($3::date - 1)::timestamp AT TIME ZONE 'UTC'
       AND (l.logged_in_at AT TIME ZONE d.timezone)::date BETWEEN $3::date AND $4::date
     ORDER BY day`,
    [merchantId, memberId.toString(), from, to],
  );
  return rows.map((row) => row.day);
};
