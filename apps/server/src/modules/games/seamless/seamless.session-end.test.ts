import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, OPS_API } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { describeEachDatabase, openSecondPool } from '../../../test/databases';
import { bearer, clearRateLimits, freshIp, insertMember, loginOk, sealed } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { adjust } from '../../../test/wallet-helpers';
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
 * Issue 16, ADR 0019: game sessions end with the player's session. Two platform nodes share one database, each with its
 * own memory (the seamless module keeps session rows per node): the player uses node A, the vendor reaches node B.
 */
describeEachDatabase('game sessions end with the player session', (getDb, engine) => {
  let nodeA: FastifyInstance;
  let nodeB: FastifyInstance;
  // Node B's own pool on PostgreSQL, as a second process has; PGlite is one connection, shared by both apps.
  let secondDb: Database | undefined;
  let vendorB: ReturnType<typeof seamlessClient>;

  beforeAll(async () => {
    const vendorSecret = secretsOf({ 'demo:RGS': TEST_VENDOR_SECRET });
    nodeA = await buildTestApp({ db: getDb(), vendorSecret });
    if (engine.kind === 'postgres') secondDb = await openSecondPool(getDb());
    nodeB = await buildTestApp({ db: secondDb ?? getDb(), vendorSecret });
    vendorB = seamlessClient(nodeB, Date.now);
  });
  afterAll(async () => {
    await nodeA.close();
    await nodeB.close();
    await secondDb?.close();
  });
  beforeEach(async () => {
    await clearRateLimits(getDb());
  });

  /** A member with 100.00, logged in and launched into the slot on node A. */
  const player = async () => {
    const row = await insertMember(getDb());
    const { token } = await loginOk(nodeA, row.username, row.password, { ip: freshIp() });
    await adjust(nodeA, row.username, '100.00');
    const launched = await launch(nodeA, getDb(), token, 'rgs-lucky-lanterns');
    return { ...row, token, launched };
  };
  const debit = (launched: Launched, amount: string, roundId = vendorId('round')) => ({
    ...sessionFields(launched),
    transactionId: vendorId('bet'),
    roundId,
    gameCode: 'rgs-lucky-lanterns',
    amount,
  });
  type Bet = ReturnType<typeof debit>;
  const sessionOf = (bet: Bet) => ({ sessionToken: bet.sessionToken, playerId: bet.playerId, currency: bet.currency });
  const credit = (bet: Bet, amount: string) => ({
    ...sessionOf(bet),
    transactionId: vendorId('win'),
    betTransactionId: bet.transactionId,
    roundId: bet.roundId,
    amount,
    endRound: true,
  });
  const rollback = (bet: Bet) => ({
    ...sessionOf(bet),
    transactionId: vendorId('rb'),
    betTransactionId: bet.transactionId,
    roundId: bet.roundId,
  });

  it('should refuse a debit at node B after logout at node A, and still settle the rounds opened before', async () => {
    const alice = await player();
    // Node B has seen (and kept in memory) the session before the logout.
    expect((await vendorB.ok('balance', sessionFields(alice.launched))).balance).toBe('100.00');
    const won = debit(alice.launched, '5.00');
    const cancelled = debit(alice.launched, '2.00');
    expect((await vendorB.ok('debit', won)).balance).toBe('95.00');
    expect((await vendorB.ok('debit', cancelled)).balance).toBe('93.00');

    const logout = await nodeA.inject({ method: 'DELETE', url: API.session.logout, headers: bearer(alice.token) });
    expect(logout.statusCode, logout.body).toBe(200);

    const refused = await vendorB.refused('debit', debit(alice.launched, '1.00'), 'SESSION_EXPIRED', 403);
    expect(refused.message).toMatch(/launch the game again/);
    await vendorB.refused('balance', sessionFields(alice.launched), 'SESSION_EXPIRED', 403);
    // A retry of a bet accepted before the logout still gets its first answer (protocol rule 5).
    expect(await vendorB.ok('debit', won)).toMatchObject({ balance: '95.00', duplicate: true });
    // The rounds opened before the logout settle: the win and the refund reach the player's wallet.
    expect((await vendorB.ok('credit', credit(won, '12.00'))).balance).toBe('105.00');
    expect((await vendorB.ok('rollback', rollback(cancelled))).balance).toBe('107.00');
    // And no bet was taken after the logout: 100 - 5 - 2 + 12 + 2.
    const relogin = await loginOk(nodeA, alice.username, alice.password, { ip: freshIp() });
    const wallet = await nodeA.inject({ url: API.wallet.balance, headers: bearer(relogin.token) });
    expect(wallet.json().value.balance).toBe('107.00');
    // A new launch after logging in again plays, on either node.
    const again = await launch(nodeA, getDb(), relogin.token, 'rgs-lucky-lanterns');
    expect((await vendorB.ok('debit', debit(again, '1.00'))).balance).toBe('106.00');
  });

  it("should end only the logged-out member's game sessions", async () => {
    const alice = await player();
    const bob = await player();
    await nodeA.inject({ method: 'DELETE', url: API.session.logout, headers: bearer(alice.token) });
    await vendorB.refused('debit', debit(alice.launched, '1.00'), 'SESSION_EXPIRED', 403);
    expect((await vendorB.ok('debit', debit(bob.launched, '1.00'))).balance).toBe('99.00');
  });

  it('should end the game sessions when the member changes its password', async () => {
    const alice = await player();
    expect((await vendorB.ok('debit', debit(alice.launched, '1.00'))).balance).toBe('99.00');
    const changed = await sealed(
      nodeA,
      'POST',
      API.member.changePassword,
      { oldPassword: alice.password, newPassword: 'Fresh#Pass9', confirmNewPassword: 'Fresh#Pass9' },
      { token: alice.token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await vendorB.refused('debit', debit(alice.launched, '1.00'), 'SESSION_EXPIRED', 403);
  });

  it('should end the game sessions when staff lock the member, and not revive them on unlock', async () => {
    const alice = await player();
    const bet = debit(alice.launched, '4.00');
    expect((await vendorB.ok('debit', bet)).balance).toBe('96.00');
    const status = async (action: string) =>
      nodeA.inject({
        method: 'POST',
        url: OPS_API.memberStatus.replace(':memberId', alice.id.toString()),
        headers: await staffHeaders(nodeA, 'risk'),
        payload: { action, reason: 'session end test' },
      });
    expect((await status('LOCK')).statusCode).toBe(200);
    await vendorB.refused('debit', debit(alice.launched, '1.00'), 'SESSION_EXPIRED', 403);
    // The win of the bet placed before the lock is still paid (a lock must not keep a player's winnings).
    expect((await vendorB.ok('credit', credit(bet, '8.00'))).balance).toBe('104.00');
    expect((await status('UNLOCK')).statusCode).toBe(200);
    await vendorB.refused('debit', debit(alice.launched, '1.00'), 'SESSION_EXPIRED', 403);
  });
});
