import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { vendorSecretKey } from '../../env';
import { insertMember } from '../identity-helpers';
import { testHasher } from '../test-app';
import { freshMerchant } from '../ledger-helpers';

/**
 * The crash test's tenant (issue 4): a merchant of its own, reached by its own Host, with agents and the players below
 * them, everything the money paths need already in place, and the environment of the server it is played against.
 * Rows are written straight to the database (the test is about money under kills, not about sign-up): sessions as
 * login would store them (only the SHA-256 of the token), game sessions as the seamless launcher does, a payment
 * password hashed at the test cost (a hash carries its parameters, so the server verifies it cheaply).
 */
export const PAYMENT_PASSWORD = '739146';
export const VENDOR = 'RGS';
export const GAME = 'crash-slot';
export const CURRENCY = 'USD';
export const SCALE = 2;
const HOLDER = 'Crash Tester';

export type Party = { id: bigint; username: string };
/** A member below an agent: plays, deposits, withdraws and sends money up. */
export type Player = Party & {
  /** Bearer token of a member session. */
  token: string;
  upline: Party;
  withdrawAccountId: string;
  /** The game session a vendor names in its calls. */
  game: { sessionToken: string; playerId: string; currency: string };
};

export type CrashFixture = {
  merchantId: number;
  merchantCode: string;
  host: string;
  channelId: string;
  agents: Party[];
  players: Player[];
  /** Bearer token of a staff session (a cashier of the merchant). */
  staffToken: string;
  vendorSecret: string;
  gatewaySecret: string;
  /** The spawned server's environment (secrets shared with this test, one payload key for every incarnation). */
  env: Record<string, string>;
};

const secret = () => randomBytes(24).toString('base64url');

/** A member session as login stores it: the bearer token is shown once, its SHA-256 is kept. */
const openSession = async (db: Database, merchantId: number, memberId: bigint): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO member_sessions (merchant_id, member_id, token_hash, method, created_at, last_seen_at, expires_at, ip)
     VALUES ($1, $2, $3, 'PASSWORD', now(), now(), now() + interval '12 hours', '127.0.0.1')`,
    [merchantId, memberId, createHash('sha256').update(token).digest()],
  );
  return token;
};

/**
 * A back-office cashier (adjustments, withdrawal decisions) and a session of it, as the staff sign-in stores them (the
 * SHA-256 of the token): the crash test is about money, not about signing in with a TOTP code.
 */
const openStaffSession = async (db: Database, merchantId: number): Promise<string> => {
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO staff_accounts (merchant_id, username, display_name, password_hash, role)
     VALUES ($1, 'crash_cashier', 'Crash cashier', $2, 'cashier') RETURNING id`,
    [merchantId, await testHasher().hash(secret())],
  );
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO staff_sessions (staff_id, merchant_id, token_hash, created_at, last_seen_at, expires_at, ip)
     VALUES ($1, $2, $3, now(), now(), now() + interval '12 hours', '127.0.0.1')`,
    [rows[0]!.id, merchantId, createHash('sha256').update(token).digest()],
  );
  return token;
};

/** A game session as the seamless launcher stores it (the SHA-256 of the token, in hex). */
const openGameSession = async (db: Database, merchantId: number, memberId: bigint): Promise<Player['game']> => {
  const sessionToken = randomBytes(24).toString('base64url');
  const playerId = `P${memberId.toString(36).toUpperCase()}`;
  await db.query(
    `INSERT INTO game_sessions (merchant_id, token_hash, member_id, player_id, vendor_code, game_id, game_code,
       currency, play, expires_at)
     VALUES ($1, $2, $3, $4, $5, 1, $6, $7, false, now() + interval '4 hours')`,
    [merchantId, createHash('sha256').update(sessionToken).digest('hex'), memberId, playerId, VENDOR, GAME, CURRENCY],
  );
  return { sessionToken, playerId, currency: CURRENCY };
};

export const crashFixture = async (
  db: Database,
  databaseUrl: string,
  { agents: agentCount, playersPerAgent }: { agents: number; playersPerAgent: number },
): Promise<CrashFixture> => {
  const merchantId = await freshMerchant(db, CURRENCY);
  const { rows } = await db.query<{ code: string }>('SELECT code FROM merchants WHERE id = $1', [merchantId]);
  const merchantCode = rows[0]!.code;
  const host = `${merchantCode}.crash.test`;
  await db.query('INSERT INTO merchant_domains (merchant_id, host) VALUES ($1, $2)', [merchantId, host]);
  // Withdrawal rules that the load does not run into (amounts from 1.00, up to the 100 requests a day allowed).
  await db.query(
    `INSERT INTO withdraw_settings (merchant_id, min_amount_minor, max_amount_minor, daily_count)
     VALUES ($1, 100, 100000000, 100)`,
    [merchantId],
  );
  const { rows: channels } = await db.query<{ id: bigint }>(
    `INSERT INTO deposit_channels (merchant_id, code, kind, gateway_code, display_name, min_amount_minor,
       max_amount_minor)
     VALUES ($1, 'crash-pay', 'GATEWAY', 'demo', 'Crash Pay', 100, 100000000) RETURNING id`,
    [merchantId],
  );
  await db.query(
    `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url, wallet_mode)
     VALUES ($1, $2, 'Crash vendor', '/logo.png', 'SEAMLESS')`,
    [merchantId, VENDOR],
  );
  const paymentHash = await testHasher().hash(PAYMENT_PASSWORD);

  const agents: Party[] = [];
  const players: Player[] = [];
  for (let a = 0; a < agentCount; a += 1) {
    const agent = await insertMember(db, { merchantCode, userType: 1 });
    agents.push({ id: agent.id, username: agent.username });
    for (let p = 0; p < playersPerAgent; p += 1) {
      const member = await insertMember(db, { merchantCode, parentId: agent.id });
      await db.query(
        'UPDATE members SET payment_password_hash = $3, payee_name = $4 WHERE merchant_id = $1 AND id = $2',
        [merchantId, member.id, paymentHash, HOLDER],
      );
      const { rows: accounts } = await db.query<{ id: bigint }>(
        `INSERT INTO withdraw_accounts (merchant_id, member_id, bank_name, account_number, holder_name)
         VALUES ($1, $2, 'BDO', '0042 1234 5678', $3) RETURNING id`,
        [merchantId, member.id, HOLDER],
      );
      players.push({
        id: member.id,
        username: member.username,
        token: await openSession(db, merchantId, member.id),
        upline: agents.at(-1)!,
        withdrawAccountId: accounts[0]!.id.toString(),
        game: await openGameSession(db, merchantId, member.id),
      });
    }
  }

  const staffToken = await openStaffSession(db, merchantId);
  const vendorSecret = secret();
  const gatewaySecret = secret();
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    merchantId,
    merchantCode,
    host,
    channelId: channels[0]!.id.toString(),
    agents,
    players,
    staffToken,
    vendorSecret,
    gatewaySecret,
    env: {
      DATABASE_URL: databaseUrl,
      STAFF_SECRET_KEY: secret(),
      DEMO_GATEWAY_SECRET: gatewaySecret,
      // One key for every incarnation, as in distributed mode: a payload sealed before a kill opens after it.
      PAYLOAD_PRIVATE_KEY: privateKey,
      [`VENDOR_SECRET_${vendorSecretKey(merchantCode, VENDOR)}`]: vendorSecret,
    },
  };
};
