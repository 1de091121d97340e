import { parseArgs } from 'node:util';
import { StaffDisplayNameSchema, StaffUsernameSchema } from '@platform/contracts';
import type { Database } from '../db/database';
import { insertMerchant, seedCountries } from '../db/seed';
import { newMerchantTemplate } from '../db/seed-data/new-merchant';
import { systemClock } from '../lib/clock';
import { argon2Hasher } from '../modules/identity/identity';
import { normalizeHost } from '../modules/platform/merchant';
import { INVITATION_TTL_MS, inviteOwner, OwnerExistsError } from '../modules/operations/staff';
import { CommandError, runCommand } from './command';

/**
 * `npm run create-owner -- --merchant <code> --username <name>`: the first owner of a merchant, the one way a
 * production platform gets its first staff account (ADR 0016). Prints a one-time enrolment link, never a password;
 * refuses when the merchant has an owner. Makes the merchant too when it does not exist (--merchant-name, --host).
 */
const USAGE = `Usage: npm run create-owner -- --merchant <code> --username <name> [--display-name <name>]
         [--merchant-name <name> --host <host> [--host <host>...]]   (when the merchant does not exist yet)
         [--url <https://back-office-origin>] [--reissue]   (--reissue: a new link for an owner who never used one)`;

const MERCHANT_CODE = /^[a-z0-9][a-z0-9_-]{0,31}$/;

const argsOf = () => {
  const { values } = parseArgs({
    options: {
      merchant: { type: 'string' },
      username: { type: 'string' },
      'display-name': { type: 'string' },
      'merchant-name': { type: 'string' },
      host: { type: 'string', multiple: true },
      url: { type: 'string' },
      reissue: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const code = values.merchant ?? '';
  const username = StaffUsernameSchema.safeParse(values.username ?? '');
  const displayName = StaffDisplayNameSchema.safeParse(values['display-name'] ?? values.username ?? '');
  if (!MERCHANT_CODE.test(code) || !username.success || !displayName.success) throw new CommandError(USAGE);
  if (values.url !== undefined && !/^https?:\/\/[^/]+$/.test(values.url)) {
    throw new CommandError('--url is the back office origin, e.g. https://ops.example.com (no path)');
  }
  return {
    code,
    username: username.data,
    displayName: displayName.data,
    merchantName: values['merchant-name']?.trim(),
    hosts: (values.host ?? []).map(normalizeHost),
    url: values.url,
    reissue: values.reissue,
  };
};

type Args = ReturnType<typeof argsOf>;

/** The merchant by code, made from the new-merchant template when it does not exist yet. */
const merchantOf = async (db: Database, args: Args): Promise<{ id: number; code: string; name: string }> => {
  const found = await db.query<{ id: number; name: string }>('SELECT id, name FROM merchants WHERE code = $1', [
    args.code,
  ]);
  if (found.rows[0] !== undefined) return { ...found.rows[0], code: args.code };
  if (!args.merchantName || args.hosts.length === 0) {
    throw new CommandError(
      `Merchant ${args.code} does not exist: give --merchant-name and --host to make it.\n${USAGE}`,
    );
  }
  const template = newMerchantTemplate({ code: args.code, name: args.merchantName, hosts: args.hosts });
  const id = await db.transaction(async (tx) => {
    await seedCountries(tx);
    return insertMerchant(tx, template);
  });
  process.stdout.write(`Merchant ${args.code} (${args.merchantName}) made, answering on ${args.hosts.join(', ')}\n`);
  return { id, code: args.code, name: args.merchantName };
};

/** Where the link points without --url: the merchant's main domain, over HTTPS. */
const mainDomain = async (db: Database, merchantId: number): Promise<string> => {
  const { rows } = await db.query<{ host: string }>('SELECT main_domain AS host FROM merchants WHERE id = $1', [
    merchantId,
  ]);
  return rows[0]?.host ?? 'localhost';
};

runCommand(async (_env, db) => {
  const args = argsOf();
  const merchant = await merchantOf(db, args);
  const invited = await inviteOwner(
    { db, now: systemClock, hasher: argon2Hasher() },
    merchant,
    { username: args.username, displayName: args.displayName },
    { reissue: args.reissue },
  ).catch((error: unknown) => {
    throw error instanceof OwnerExistsError ? new CommandError(error.message) : error;
  });
  const origin = args.url ?? `https://${await mainDomain(db, merchant.id)}`;
  const minutes = INVITATION_TTL_MS / 60_000;
  process.stdout.write(
    [
      `Owner ${invited.username} of merchant ${merchant.code} (${merchant.name}): ${invited.reissued ? 'a new link' : 'made'}.`,
      `Open this link once, within ${minutes} minutes, to choose a password and set up two-step verification:`,
      `  ${origin}/ops/sign-in#invite=${invited.token}`,
      '',
    ].join('\n'),
  );
});
