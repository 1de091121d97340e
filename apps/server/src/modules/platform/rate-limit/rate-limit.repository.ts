import type { Queryable } from '../../../db/database';
import type { RateLimitStore } from './rate-limit';

/**
 * Limits in PostgreSQL (table rate_limits), so they hold across all API processes. Taking a unit is one
 * INSERT ... ON CONFLICT DO UPDATE ... WHERE: atomic per key on both engines. A Redis store can implement the same
 * interface later (DESIGN.md §3).
 */
export const databaseRateLimitStore = (db: Queryable): RateLimitStore => ({
  take: async (merchantId, key, nowMs, intervalMs, periodMs) => {
    const { rows } = await db.query<{ tatMs: bigint }>(
      `INSERT INTO rate_limits AS r (merchant_id, key, tat_ms) VALUES ($1, $2, $3::bigint + $4::bigint)
       ON CONFLICT (merchant_id, key) DO UPDATE SET tat_ms = GREATEST(r.tat_ms, $3::bigint) + $4::bigint
       WHERE GREATEST(r.tat_ms, $3::bigint) + $4::bigint - $3::bigint <= $5::bigint
       RETURNING tat_ms AS "tatMs"`,
      [merchantId, key, nowMs, intervalMs, periodMs],
    );
    const taken = rows[0];
    if (taken !== undefined) return { allowed: true, tatMs: Number(taken.tatMs) };
    const current = await db.query<{ tatMs: bigint }>(
      'SELECT tat_ms AS "tatMs" FROM rate_limits WHERE merchant_id = $1 AND key = $2',
      [merchantId, key],
    );
    return { allowed: false, tatMs: Number(current.rows[0]?.tatMs ?? nowMs) };
  },
  give: async (merchantId, key, intervalMs) => {
    await db.query('UPDATE rate_limits SET tat_ms = tat_ms - $3::bigint WHERE merchant_id = $1 AND key = $2', [
      merchantId,
      key,
      intervalMs,
    ]);
  },
  peek: async (merchantId, keys) => {
    const { rows } = await db.query<{ key: string; tatMs: bigint }>(
      'SELECT key, tat_ms AS "tatMs" FROM rate_limits WHERE merchant_id = $1 AND key = ANY($2::text[])',
      [merchantId, [...keys]],
    );
    return new Map(rows.map((row) => [row.key, Number(row.tatMs)]));
  },
  reset: async (merchantId, keys) => {
    await db.query('DELETE FROM rate_limits WHERE merchant_id = $1 AND key = ANY($2::text[])', [merchantId, [...keys]]);
  },
  purge: async (nowMs, batch) => {
    const { rows } = await db.query(
      `DELETE FROM rate_limits WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM rate_limits WHERE tat_ms <= $1::bigint LIMIT $2)) RETURNING 1`,
      [nowMs, batch],
    );
    return rows.length;
  },
});
