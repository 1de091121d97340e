import { developmentSecretReason } from '@platform/contracts/known-secrets';
import type { Database } from './db/database';
import { EnvError, vendorSecretKey } from './env';
import type { VendorSecretResolver } from './modules/games/seamless';

/**
 * The production rules that need the database (ADR 0016): every vendor a merchant has switched on (not DISABLED) and
 * pointed somewhere (a launch or API address) needs its shared secret, and not one this repository publishes. Checked
 * at start, after the migrations; a vendor switched on later without a secret cannot sign anything either (its calls
 * are refused), it is only not named at start.
 */
export const productionSecretProblems = async (db: Database, vendorSecret: VendorSecretResolver): Promise<string[]> => {
  const { rows } = await db.query<{ merchant: string; vendor: string }>(
    `SELECT m.code AS merchant, v.code AS vendor FROM game_vendors v JOIN merchants m ON m.id = v.merchant_id
     WHERE v.status <> 'DISABLED' AND (v.launch_url IS NOT NULL OR v.api_url IS NOT NULL) ORDER BY m.code, v.code`,
  );
  const problems: string[] = [];
  for (const { merchant, vendor } of rows) {
    const name = `VENDOR_SECRET_${vendorSecretKey(merchant, vendor)}`;
    const secret = vendorSecret(merchant, vendor);
    if (secret === undefined) {
      problems.push(`${name}: must be set in production (vendor ${vendor} of merchant ${merchant} is switched on)`);
      continue;
    }
    const reason = developmentSecretReason(secret);
    if (reason !== null) problems.push(`${name}: ${reason}`);
  }
  return problems;
};

/** Throws the problems as an EnvError, which the start prints and exits on. */
export const assertProductionSecrets = async (db: Database, vendorSecret: VendorSecretResolver): Promise<void> => {
  const problems = await productionSecretProblems(db, vendorSecret);
  if (problems.length > 0) throw new EnvError(problems);
};
