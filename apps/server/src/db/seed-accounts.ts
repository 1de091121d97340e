import type { Database } from './database';
import { DEMO_ACCOUNTS, type DemoAccount } from './seed-data/demo-accounts';

export { DEMO_ACCOUNTS, type DemoAccount } from './seed-data/demo-accounts';
export { DEMO_TEAM } from './seed-data/demo-team';

/** What the seed needs of the password hasher. */
export type SeedHasher = { hash(password: string): Promise<string> };

const missingAccounts = async (db: Database, merchantId: number): Promise<DemoAccount[]> => {
  const { rows } = await db.query<{ username: string }>(
    'SELECT lower(username) AS username FROM members WHERE merchant_id = $1 AND lower(username) = ANY($2::text[])',
    [merchantId, DEMO_ACCOUNTS.map((a) => a.username.toLowerCase())],
  );
  const present = new Set(rows.map((row) => row.username));
  return DEMO_ACCOUNTS.filter((account) => !present.has(account.username.toLowerCase()));
};

/**
 * Adds the demo accounts that are missing from the demo merchant (idempotent; an operator's changes to existing ones
 * survive). Hashing is the slow part of a first boot, so each distinct password is hashed once, at full cost, and the
 * hash shared by the accounts that use it. Returns how many accounts it added.
 */
export const seedDemoAccounts = async (db: Database, hasher: SeedHasher, merchantCode = 'demo'): Promise<number> => {
  const merchant = await db.query<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [merchantCode]);
  const merchantId = merchant.rows[0]?.id;
  if (merchantId === undefined) return 0;
  const missing = await missingAccounts(db, merchantId);
  if (missing.length === 0) return 0;
  const passwords = [...new Set(missing.map((account) => account.password))];
  const hashes = new Map(await Promise.all(passwords.map(async (p) => [p, await hasher.hash(p)] as const)));
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-accounts:' || current_schema()))");
    let added = 0;
    for (const account of missing) {
      // ON CONFLICT DO NOTHING: another process seeding at once, or a registrant who took the name or number.
      const { rows } = await tx.query(
        `INSERT INTO members (merchant_id, username, user_type, parent_id, password_hash, password_changed_at,
           nickname, affiliate_code, country_dialing_code, mobile_num, email, register_method)
         VALUES ($1, $2, $3,
           (SELECT id FROM members WHERE merchant_id = $1 AND lower(username) = lower($4::text)),
           $5, now(), $6, $7, $8, $9, $10, 'SEED')
         ON CONFLICT DO NOTHING RETURNING 1`,
        [
          merchantId,
          account.username,
          account.userType,
          account.parent,
          hashes.get(account.password),
          account.nickname,
          account.affiliateCode,
          account.mobile?.countryDialingCode ?? null,
          account.mobile?.mobileNum ?? null,
          account.email,
        ],
      );
      added += rows.length;
    }
    return added;
  });
};
