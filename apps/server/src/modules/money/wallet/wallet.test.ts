import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, OPS_API } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, freshIp, sealed } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { adjust, balanceOf, connected, memberWithSession, nextBalance, openSocket } from '../../../test/wallet-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';

const FREE_PLAY = { os: 'Android', platform: 'W', random: 'a-random-string-of-some-length', gatewayVersion: 3 };

describeEachDatabase('wallet balance, play money, adjustments and realtime', (getDb) => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  it('should answer a new member a zero balance with the merchant symbol, and a guest 401', async () => {
    const member = await memberWithSession(app, getDb());
    expect(await balanceOf(app, member.token)).toMatchObject({ balance: '0.00', frozen: '0.00', play: false });
    const guest = await app.inject({ url: API.wallet.balance });
    expect([guest.statusCode, guest.json().code]).toEqual([401, 'AUTH_REQUIRED']);
  });

  it('should fund a trial member with play money on free-play login, once, in its own currency', async () => {
    const res = await sealed(app, 'POST', API.session.freePlay, FREE_PLAY, { ip: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().value.token as string;
    const balance = await balanceOf(app, token);
    expect(balance).toMatchObject({ balance: '2000.00', play: true, currency: 'XPL' });
    await expectSoundLedger(getDb());
  });

  it('should tell the wallet mode of the merchant', async () => {
    const res = await app.inject({ url: API.wallet.merchantWallet });
    expect(res.json().value).toMatchObject({ isSingle: true, currencySymbol: expect.any(String) });
  });

  it('should credit and debit through a staff adjustment, applied once per request id, never below zero', async () => {
    const member = await memberWithSession(app, getDb());
    const payload = {
      username: member.username,
      direction: 'CREDIT',
      amount: '150.25',
      reason: 'goodwill credit',
      requestId: `adj-${member.username}`,
    };
    const first = await app.inject({
      method: 'POST',
      url: OPS_API.adjustments,
      headers: await staffHeaders(app, 'cashier'),
      payload,
    });
    expect(first.json().value).toMatchObject({ balanceAfter: '150.25', replayed: false });
    const again = await app.inject({
      method: 'POST',
      url: OPS_API.adjustments,
      headers: await staffHeaders(app, 'cashier'),
      payload,
    });
    expect(again.json().value).toMatchObject({ balanceAfter: '150.25', replayed: true });
    const other = await app.inject({
      method: 'POST',
      url: OPS_API.adjustments,
      headers: await staffHeaders(app, 'cashier'),
      payload: { ...payload, amount: '1.00' },
    });
    expect([other.statusCode, other.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    const overdraw = await app.inject({
      method: 'POST',
      url: OPS_API.adjustments,
      headers: await staffHeaders(app, 'cashier'),
      payload: { ...payload, direction: 'DEBIT', amount: '150.26', requestId: `adj2-${member.username}` },
    });
    expect([overdraw.statusCode, overdraw.json().code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect((await balanceOf(app, member.token)).balance).toBe('150.25');
    await expectSoundLedger(getDb());
  });

  it('should refuse bad adjustments with a code and move nothing', async () => {
    const member = await memberWithSession(app, getDb());
    const base = { username: member.username, direction: 'CREDIT', reason: 'test', requestId: 'bad-input-0001' };
    const cases: [Record<string, unknown>, Record<string, string>, number, string][] = [
      [{ ...base, amount: '-5' }, await staffHeaders(app, 'cashier'), 400, 'INVALID_AMOUNT'],
      [{ ...base, amount: '0' }, await staffHeaders(app, 'cashier'), 400, 'INVALID_AMOUNT'],
      [{ ...base, amount: '1.001' }, await staffHeaders(app, 'cashier'), 400, 'INVALID_AMOUNT'],
      [{ ...base, amount: 'ten' }, await staffHeaders(app, 'cashier'), 400, 'INVALID_AMOUNT'],
      [{ ...base, amount: '1e3' }, await staffHeaders(app, 'cashier'), 400, 'INVALID_AMOUNT'],
      [{ ...base, amount: '5', username: 'nobody-here' }, await staffHeaders(app, 'cashier'), 404, 'ACCOUNT_NOT_FOUND'],
      [{ ...base, amount: '5', reason: '' }, await staffHeaders(app, 'cashier'), 400, 'VALIDATION_FAILED'],
      [{ ...base, amount: '5' }, {}, 401, 'AUTH_REQUIRED'],
      [{ ...base, amount: '5' }, { authorization: `Bearer ${'x'.repeat(43)}` }, 401, 'AUTH_REQUIRED'],
      [{ ...base, amount: '5' }, bearer(member.token), 401, 'AUTH_REQUIRED'],
      [{ ...base, amount: '5' }, await staffHeaders(app, 'support'), 403, 'FORBIDDEN'],
    ];
    for (const [payload, headers, status, code] of cases) {
      const res = await app.inject({ method: 'POST', url: OPS_API.adjustments, headers, payload });
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([status, code]);
    }
    expect((await balanceOf(app, member.token)).balance).toBe('0.00');
  });

  it('should push wallet.balance to the member’s socket after the commit, and refuse a socket without a session', async () => {
    const member = await memberWithSession(app, getDb());
    const socket = openSocket(origin, member.token);
    try {
      await connected(socket);
      const pushed = nextBalance(socket);
      await adjust(app, member.username, '42.00');
      expect(await pushed).toMatchObject({ balance: '42.00', play: false });
    } finally {
      socket.close();
    }
    const stranger = openSocket(origin, 'x'.repeat(43));
    try {
      await expect(connected(stranger)).rejects.toMatchObject({ message: 'AUTH_REQUIRED' });
    } finally {
      stranger.close();
    }
  });
});
