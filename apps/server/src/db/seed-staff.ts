import type { SecretBox } from '../modules/operations/staff';
import type { Database } from './database';
import type { SeedHasher } from './seed-accounts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from './seed-data/demo-staff';

export { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET, type DemoStaff } from './seed-data/demo-staff';

/**
 * Adds the demo staff accounts missing from the demo merchant (idempotent; an operator's changes survive, and a demo
 * account deleted or renamed is not brought back under another's name). The password is hashed once, at full cost.
 * Returns how many accounts it added.
 */
export const seedDemoStaff = async (
  db: Database,
  hasher: SeedHasher,
  secrets: SecretBox,
  merchantCode = 'demo',
): Promise<number> => {
  const merchant = await db.query<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [merchantCode]);
  const merchantId = merchant.rows[0]?.id;
  if (merchantId === undefined) return 0;
  const { rows } = await db.query<{ username: string }>(
    'SELECT lower(username) AS username FROM staff_accounts WHERE merchant_id = $1 AND lower(username) = ANY($2::text[])',
    [merchantId, DEMO_STAFF.map((s) => s.username)],
  );
  const present = new Set(rows.map((row) => row.username));
  const missing = DEMO_STAFF.filter((s) => !present.has(s.username));
  if (missing.length === 0) return 0;
  const passwordHash = await hasher.hash(DEMO_STAFF_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-staff:' || current_schema()))");
    let added = 0;
    for (const staff of missing) {
      const { rows: inserted } = await tx.query(
        `INSERT INTO staff_accounts (merchant_id, username, display_name, password_hash, role, totp_secret,
           totp_enrolled_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6::text IS NULL THEN NULL ELSE now() END)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [
          merchantId,
          staff.username,
          staff.displayName,
          passwordHash,
          staff.role,
          staff.enrolled ? secrets.seal(DEMO_STAFF_TOTP_SECRET) : null,
        ],
      );
      added += inserted.length;
    }
    return added;
  });
};
