import { seedDemoData } from '../db/seed-demo';
import { systemClock } from '../lib/clock';
import { argon2Hasher } from '../modules/identity/identity';
import { loadStaffSecretKey, secretBox } from '../modules/operations/staff';
import { CommandError, runCommand } from './command';

/**
 * `npm run seed:demo`: the demo merchant, accounts, staff, catalogue and content on the configured database, which is
 * how PostgreSQL gets them (an embedded development start seeds by itself). Refused in production (ADR 0016). Seals
 * the demo staff's TOTP secret with the key the server uses (STAFF_SECRET_KEY, else the DATA_DIR key file).
 */
runCommand(async (env, db) => {
  if (env.NODE_ENV === 'production') {
    throw new CommandError(
      'Refused: demo data (public passwords, a payment gateway that pays nothing) is never seeded in production',
    );
  }
  await seedDemoData(db, {
    hasher: argon2Hasher(),
    staffSecrets: secretBox(loadStaffSecretKey(env.STAFF_SECRET_KEY, env.DATA_DIR)),
    now: systemClock,
    log: (message, detail) => process.stdout.write(`${message}${detail ? ` ${JSON.stringify(detail)}` : ''}\n`),
  });
  process.stdout.write('Demo data is in place (README, "Demo"): start the server to use it.\n');
});
