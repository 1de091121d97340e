import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { PlatformEvents } from '../../../lib/event-bus';
import { manualClock } from '../../../lib/clock';
import { clearRateLimits, freshIp, insertMember, loginOk } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { adjust } from '../../../test/wallet-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import {
  launch,
  seamlessClient,
  secretsOf,
  sessionFields,
  TEST_VENDOR_SECRET,
  vendorId,
  type Launched,
} from './seamless.test-support';

/**
 * The seamless conformance suites' world (seamless.conformance*.test.ts): a test app on the suite's database with a
 * manual clock, a signing vendor client, the events it emits, and builders for each call. Called inside the suite's
 * describe: it registers the hooks, and after every test the ledger audit must find nothing.
 */
export const seamlessConformance = (getDb: () => Database) => {
  let app: FastifyInstance;
  let client: ReturnType<typeof seamlessClient>;
  const clock = manualClock();
  const settled: PlatformEvents['round.settled'][] = [];
  const walletChanges: bigint[] = [];

  /** A member with `cash` on its CASH account, launched into the RGS slot. */
  const player = async (cash = '100.00', gameCode = 'rgs-lucky-lanterns') => {
    const row = await insertMember(getDb());
    // Logged in at the test clock's time (a test moves it past the game session's life).
    const { token } = await loginOk(app, row.username, row.password, { ip: freshIp(), now: clock.now });
    const member = { ...row, token };
    if (cash !== '0.00') await adjust(app, member.username, cash);
    const launched = await launch(app, getDb(), member.token, gameCode);
    return { ...member, launched, session: sessionFields(launched) };
  };
  type Player = Awaited<ReturnType<typeof player>>;

  const balanceOf = async (launched: Launched) => (await vendor.ok('balance', sessionFields(launched))).balance;
  const debit = (p: Player, amount: string, roundId = vendorId('round'), transactionId = vendorId('bet')) => ({
    ...p.session,
    transactionId,
    roundId,
    gameCode: 'rgs-lucky-lanterns',
    amount,
  });
  const credit = (
    p: Player,
    bet: { transactionId: string; roundId: string },
    amount: string,
    extra: { endRound?: boolean; transactionId?: string } = {},
  ) => ({
    ...p.session,
    transactionId: extra.transactionId ?? vendorId('win'),
    betTransactionId: bet.transactionId,
    roundId: bet.roundId,
    amount,
    ...(extra.endRound === undefined ? {} : { endRound: extra.endRound }),
  });
  const rollback = (p: Player, bet: { transactionId: string; roundId: string }, transactionId = vendorId('rb')) => ({
    ...p.session,
    transactionId,
    betTransactionId: bet.transactionId,
    roundId: bet.roundId,
  });
  const transfersOf = async (memberId: bigint) =>
    (
      await getDb().query<{ code: string; amount: bigint; key: string }>(
        `SELECT t.code, t.amount_minor AS amount, t.idempotency_key AS key FROM ledger_transfers t
         JOIN ledger_accounts a ON a.merchant_id = t.merchant_id AND a.shard = 0
           AND a.id IN (t.debit_account_id, t.credit_account_id)
         WHERE a.owner_kind = 'MEMBER' AND a.owner_id = $1 AND t.source = 'seamless:RGS' ORDER BY t.id`,
        [memberId],
      )
    ).rows;
  const roundOf = async (roundId: string) =>
    (
      await getDb().query<{ status: string; bet: bigint; win: bigint; valid: bigint }>(
        `SELECT status, bet_minor AS bet, win_minor AS win, valid_bet_minor AS valid FROM game_rounds
         WHERE vendor_code = 'RGS' AND round_id = $1`,
        [roundId],
      )
    ).rows[0];
  const setVendor = async (assignments: string) => {
    await getDb().query(`UPDATE game_vendors SET ${assignments} WHERE code = 'RGS'`);
    const merchants = await getDb().query<{ id: number }>('SELECT id FROM merchants');
    for (const { id } of merchants.rows) app.bus.emit('catalogue.changed', { merchantId: id });
  };

  // Built in beforeAll: the tests reach them through these.
  const appOf = (): FastifyInstance => app;
  const vendor: ReturnType<typeof seamlessClient> = {
    call: (...args) => client.call(...args),
    ok: (...args) => client.ok(...args),
    refused: (...args) => client.refused(...args),
  };

  beforeAll(async () => {
    app = await buildTestApp({
      db: getDb(),
      seams: { now: clock.now },
      vendorSecret: secretsOf({ 'demo:RGS': TEST_VENDOR_SECRET, 'demo:PG': `${TEST_VENDOR_SECRET}-pg` }),
    });
    client = seamlessClient(app, clock.now);
    app.bus.on('round.settled', (event) => {
      settled.push(event);
    });
    app.bus.on('wallet.changed', ({ memberId }) => {
      walletChanges.push(memberId);
    });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(getDb());
  });
  afterEach(async () => {
    await expectSoundLedger(getDb());
  });

  return {
    ...{ app: appOf, clock, vendor, settled, walletChanges },
    ...{ player, balanceOf, debit, credit, rollback, transfersOf, roundOf, setVendor },
  };
};
