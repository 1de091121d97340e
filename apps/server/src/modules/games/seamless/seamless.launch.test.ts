import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, GAME_SESSION_TTL_MS, LAUNCH_LINK_TTL_MS } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, freshIp, insertMember, loginOk } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { adjust, balanceOf, trialToken } from '../../../test/wallet-helpers';
import { launchBase, launchUrl, playerIdOf } from './seamless.launcher';
import {
  launch,
  nodeIdOf,
  seamlessClient,
  secretsOf,
  sessionFields,
  TEST_VENDOR_SECRET,
  vendorId,
} from './seamless.test-support';

const DAY_MS = 24 * 60 * 60_000;

/** The launch signature as a vendor recomputes it: HMAC-SHA256 of the query without sig, sorted by key. */
const expectedSig = (url: URL, secret: string): string => {
  const entries = [...url.searchParams.entries()].filter(([key]) => key !== 'sig');
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = entries.map(([key, value]) => `${key}=${value}`).join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
};

describe('launch URL', () => {
  it('should move an absolute launch_url to a launch CDN host and keep a relative one on our origin', () => {
    const cdns = ['https://play1.example.ph', 'https://play2.example.ph/'];
    expect(launchBase('https://games.vendor.test/client/', cdns, () => 1)).toBe('https://play2.example.ph/client');
    expect(launchBase('https://games.vendor.test', cdns, () => 0)).toBe('https://play1.example.ph');
    expect(launchBase('https://games.vendor.test/client', [])).toBe('https://games.vendor.test/client');
    expect(launchBase('/rgs', cdns)).toBe('/rgs');
  });

  it('should name the game, the session, the player and the wallet in the query, signed, and nothing else', () => {
    const url = launchUrl({
      base: '/rgs',
      gameCode: 'rgs-dice',
      token: 'tok_en-123',
      merchantCode: 'demo',
      playerId: playerIdOf(35n),
      currency: 'USD',
      language: 'TY',
      theme: 'light',
      play: false,
      wallet: 'transfer',
      expiresAtMs: 1_767_225_720_000,
      secret: 'k3y-0f-at-least-32-characters-long!',
    });
    // The signed text: every parameter but sig, sorted by key, `k=v` joined by `&`.
    const signed =
      'currency=USD&exp=1767225720000&lang=ty&mode=real&op=demo&player=Pz&theme=light&token=tok_en-123&wallet=transfer';
    const sig = createHmac('sha256', 'k3y-0f-at-least-32-characters-long!').update(signed).digest('hex');
    expect(url).toBe(
      `/rgs/play/rgs-dice?token=tok_en-123&op=demo&player=Pz&currency=USD&lang=ty&theme=light&mode=real&wallet=transfer&exp=1767225720000&sig=${sig}`,
    );
  });

  it('should give the transfer-protocol spelling of a player (lower-case base 36)', () => {
    expect(playerIdOf(123_456n)).toBe('P2n9c');
  });
});

describeEachDatabase('seamless launch', (getDb) => {
  let app: FastifyInstance;
  const clock = manualClock();

  const member = async () => {
    const row = await insertMember(getDb());
    const { token } = await loginOk(app, row.username, row.password, { ip: freshIp(), now: clock.now });
    return { ...row, token };
  };
  const sessionRow = async (token: string) =>
    (
      await getDb().query<Record<string, unknown>>(
        `SELECT member_id, player_id, vendor_code, game_id, game_code, currency, play,
           extract(epoch FROM expires_at - created_at) * 1000 AS ttl_ms
         FROM game_sessions WHERE token_hash = $1`,
        [createHash('sha256').update(token).digest('hex')],
      )
    ).rows[0];

  beforeAll(async () => {
    app = await buildTestApp({
      db: getDb(),
      seams: { now: clock.now },
      vendorSecret: secretsOf({ 'demo:RGS': TEST_VENDOR_SECRET }),
    });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(getDb());
  });

  it('should answer the RGS URL with a game session bound to the member, game and currency', async () => {
    const alice = await member();
    const launched = await launch(app, getDb(), alice.token, 'rgs-dice', 'TY');
    expect(launched.url.pathname).toBe('/rgs/play/rgs-dice');
    expect([...launched.url.searchParams.keys()]).toEqual([
      ...['token', 'op', 'player', 'currency', 'lang', 'theme', 'mode'],
      ...['wallet', 'exp', 'sig'],
    ]);
    expect(launched).toMatchObject({ playerId: playerIdOf(alice.id), currency: 'USD', lang: 'ty', mode: 'real' });
    expect(launched.url.searchParams.get('op')).toBe('demo');
    // The demo merchant has the single wallet: the game plays from the platform's balance. The link is signed with
    // the shared secret and is good for two minutes.
    expect(launched.url.searchParams.get('wallet')).toBe('seamless');
    expect(launched.url.searchParams.get('exp')).toBe(String(clock.now() + LAUNCH_LINK_TTL_MS));
    expect(launched.url.searchParams.get('sig')).toBe(expectedSig(launched.url, TEST_VENDOR_SECRET));
    expect(launched.url.searchParams.get('sig')).not.toBe(expectedSig(launched.url, `${TEST_VENDOR_SECRET}x`));
    expect(launched.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const stored = await getDb().query('SELECT 1 FROM game_sessions WHERE token_hash = $1', [launched.sessionToken]);
    expect(stored.rows).toEqual([]);
    expect(await sessionRow(launched.sessionToken)).toEqual({
      member_id: alice.id,
      player_id: playerIdOf(alice.id),
      vendor_code: 'RGS',
      game_id: BigInt(await nodeIdOf(getDb(), 'rgs-dice')),
      game_code: 'rgs-dice',
      currency: 'USD',
      play: false,
      ttl_ms: expect.anything(),
    });
    const ttl = Number((await sessionRow(launched.sessionToken))?.ttl_ms);
    expect(Math.abs(ttl - GAME_SESSION_TTL_MS)).toBeLessThan(60_000);
    // The session is what the vendor's calls name: the RGS checks the launch with a balance call.
    const vendor = seamlessClient(app, clock.now);
    expect(await vendor.ok('balance', sessionFields(launched))).toEqual({ balance: '0.00', currency: 'USD' });
    // The game is now the member's most recent one.
    const recent = await app.inject({ url: `${API.game.recent}?pageNo=1&pageSize=1`, headers: bearer(alice.token) });
    expect(recent.json().value.list[0].gameCode).toBe('rgs-dice');
  });

  it("should open the game in the merchant's default language when the asked one is not offered", async () => {
    const alice = await member();
    expect((await launch(app, getDb(), alice.token, 'rgs-crash', 'XX')).lang).toBe('en');
    expect((await launch(app, getDb(), alice.token, 'rgs-crash')).lang).toBe('en');
  });

  it("should open the game in the player's language and theme, and in the merchant's theme when none is asked", async () => {
    const alice = await member();
    expect(await launch(app, getDb(), alice.token, 'rgs-mines', 'TY', { theme: 'light' })).toMatchObject({
      lang: 'ty',
      theme: 'light',
    });
    expect(await launch(app, getDb(), alice.token, 'rgs-mines', 'EN', { theme: 'dark' })).toMatchObject({
      lang: 'en',
      theme: 'dark',
    });
    // The demo merchant's brand is dark.
    expect((await launch(app, getDb(), alice.token, 'rgs-mines')).theme).toBe('dark');
    const bad = await app.inject({
      method: 'POST',
      url: API.game.launch,
      headers: bearer(alice.token),
      payload: { nodeId: await nodeIdOf(getDb(), 'rgs-mines'), theme: 'neon' },
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("should send real money of a merchant in transfer mode to the vendor's wallet, and keep play money seamless", async () => {
    const alice = await member();
    const trial = await trialToken(app, clock.now);
    await getDb().query(`UPDATE merchants SET wallet_is_single = false WHERE code = 'demo'`);
    try {
      const real = await launch(app, getDb(), alice.token, 'rgs-lucky-lanterns');
      expect(real.url.searchParams.get('wallet')).toBe('transfer');
      expect(real.url.searchParams.get('sig')).toBe(expectedSig(real.url, TEST_VENDOR_SECRET));
      const play = await launch(app, getDb(), trial, 'rgs-lucky-lanterns');
      expect(play).toMatchObject({ mode: 'play', currency: 'XPL' });
      expect(play.url.searchParams.get('wallet')).toBe('seamless');
    } finally {
      await getDb().query(`UPDATE merchants SET wallet_is_single = true WHERE code = 'demo'`);
    }
  });

  it('should refuse to launch a vendor it shares no secret with (the link could not be signed)', async () => {
    const alice = await member();
    const noSecret = await buildTestApp({
      ...{ db: getDb(), seams: { now: clock.now }, vendorSecret: secretsOf({}) },
      connectVendors: false,
    });
    try {
      const res = await noSecret.inject({
        method: 'POST',
        url: API.game.launch,
        headers: bearer(alice.token),
        payload: { nodeId: await nodeIdOf(getDb(), 'rgs-dice') },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('GAME_UNAVAILABLE');
      // Without credentials the vendor is not connected (its games leave the lobby), and staff read why.
      const { rows } = await getDb().query<{ connected: boolean; error: string }>(
        `SELECT connected, last_launch_error AS error FROM game_vendors WHERE code = 'RGS'
         AND merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
      );
      expect(rows[0]?.connected).toBe(false);
      expect(rows[0]?.error).toMatch(/^no credentials configured/);
    } finally {
      await noSecret.close();
      // The app that shares the secret finds RGS ready again at its next check.
      expect((await app.catalogue.checkConnections()).connected).toBe(1);
    }
  });

  it('should issue a new session on every launch', async () => {
    const alice = await member();
    const first = await launch(app, getDb(), alice.token, 'rgs-plinko');
    const second = await launch(app, getDb(), alice.token, 'rgs-plinko');
    expect(first.sessionToken).not.toBe(second.sessionToken);
  });

  it("should load an absolute launch_url from one of the merchant's launch CDN hosts", async () => {
    const alice = await member();
    await getDb().query(`UPDATE game_vendors SET launch_url = 'https://games.rgs.test/client' WHERE code = 'RGS'`);
    try {
      const hosts = new Set<string>();
      for (let i = 0; i < 12; i += 1) {
        const { url } = await launch(app, getDb(), alice.token, 'rgs-mines');
        expect(url.pathname).toBe('/client/play/rgs-mines');
        hosts.add(url.origin);
      }
      const { rows } = await getDb().query<{ url: string }>(
        `SELECT c.url FROM merchant_cdns c JOIN merchants m ON m.id = c.merchant_id
         WHERE m.code = 'demo' AND c.kind = 'LAUNCH'`,
      );
      const cdns = rows.map((row) => new URL(row.url).origin);
      expect(cdns.length).toBeGreaterThan(0);
      for (const host of hosts) expect(cdns).toContain(host);
    } finally {
      await getDb().query(`UPDATE game_vendors SET launch_url = '/rgs' WHERE code = 'RGS'`);
    }
  });

  it('should launch a trial member with play money in the play currency', async () => {
    const token = await trialToken(app, clock.now);
    const launched = await launch(app, getDb(), token, 'rgs-lucky-lanterns');
    expect(launched).toMatchObject({ mode: 'play', currency: 'XPL' });
    expect(await sessionRow(launched.sessionToken)).toMatchObject({ play: true, currency: 'XPL' });
    const vendor = seamlessClient(app, clock.now);
    const { balance } = await vendor.ok('balance', sessionFields(launched));
    expect(Number(balance)).toBeGreaterThan(0);
  });

  it("should play a member's free trial on play money and never touch its cash", async () => {
    const alice = await member();
    await adjust(app, alice.username, '50.00');
    const launched = await launch(app, getDb(), alice.token, 'rgs-dice', undefined, { demo: true });
    expect(launched).toMatchObject({ mode: 'play', currency: 'XPL' });
    expect(await sessionRow(launched.sessionToken)).toMatchObject({ play: true, currency: 'XPL' });
    const vendor = seamlessClient(app, clock.now);
    const { balance: play } = await vendor.ok('balance', sessionFields(launched));
    expect(Number(play)).toBeGreaterThan(0);
    // A lost round and a won round: the play balance moves, the cash stays where it was.
    const bet = { ...sessionFields(launched), transactionId: vendorId('bet'), roundId: vendorId('round') };
    const lost = await vendor.ok('debit', { ...bet, gameCode: 'rgs-dice', amount: '5.00' });
    expect(Number(lost.balance)).toBe(Number(play) - 5);
    await vendor.ok('credit', {
      ...bet,
      transactionId: vendorId('win'),
      betTransactionId: bet.transactionId,
      amount: '0.00',
      endRound: true,
    });
    expect(await balanceOf(app, alice.token)).toMatchObject({ balance: '50.00', play: false });
    // A second free trial does not give more play money: the member's play money is funded once.
    const again = await launch(app, getDb(), alice.token, 'rgs-dice', undefined, { demo: true });
    expect((await vendor.ok('balance', sessionFields(again))).balance).toBe(lost.balance);
    // The same game launched normally plays on cash.
    const real = await launch(app, getDb(), alice.token, 'rgs-dice');
    expect(real).toMatchObject({ mode: 'real', currency: 'USD' });
    expect((await vendor.ok('balance', sessionFields(real))).balance).toBe('50.00');
  });

  it('should refuse a free trial of a vendor without a demo, giving no play money and opening no session', async () => {
    const alice = await member();
    await getDb().query(`UPDATE game_vendors SET support_demo = false WHERE code = 'RGS'`);
    try {
      const res = await app.inject({
        method: 'POST',
        url: API.game.launch,
        headers: bearer(alice.token),
        payload: { nodeId: await nodeIdOf(getDb(), 'rgs-dice'), demo: true },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('DEMO_NOT_SUPPORTED');
    } finally {
      await getDb().query(`UPDATE game_vendors SET support_demo = true WHERE code = 'RGS'`);
    }
    const sessions = await getDb().query('SELECT 1 FROM game_sessions WHERE member_id = $1', [alice.id]);
    expect(sessions.rows).toEqual([]);
    const accounts = await getDb().query(
      `SELECT 1 FROM ledger_accounts WHERE owner_kind = 'MEMBER' AND owner_id = $1 AND purpose = 'PLAY'`,
      [alice.id],
    );
    expect(accounts.rows).toEqual([]);
  });

  it('should answer GAME_UNAVAILABLE for a vendor with no launch_url and no launcher, recording nothing', async () => {
    const alice = await member();
    const res = await app.inject({
      method: 'POST',
      url: API.game.launch,
      headers: bearer(alice.token),
      payload: { nodeId: await nodeIdOf(getDb(), 'ag-lucky-dragon') },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('GAME_UNAVAILABLE');
    const { rows } = await getDb().query('SELECT 1 FROM game_sessions WHERE member_id = $1', [alice.id]);
    expect(rows).toEqual([]);
  });

  it('should delete sessions a week after they expired, and keep the others', async () => {
    const alice = await member();
    const old = await launch(app, getDb(), alice.token, 'rgs-dice');
    clock.advance(GAME_SESSION_TTL_MS + 7 * DAY_MS + 60_000);
    const { token } = await loginOk(app, alice.username, alice.password, { ip: freshIp(), now: clock.now });
    const recent = await launch(app, getDb(), token, 'rgs-dice');
    const task = app.housekeeping.find((t) => t.name === 'game-sessions');
    expect(task).toBeDefined();
    expect(await task?.run(100)).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(old.sessionToken)).toBeUndefined();
    expect(await sessionRow(recent.sessionToken)).toBeDefined();
  });
});
