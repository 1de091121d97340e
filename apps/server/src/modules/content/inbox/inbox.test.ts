import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API,
  INBOX_API,
  INBOX_OPS_API,
  InboxPageSchema,
  OPS_API,
  UnreadCountSchema,
  USER_TYPE,
  successEnvelope,
  type DepositChannel,
  type MessageAudience,
  type MessageUnreadEvent,
} from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, freshIp, insertMember, loginOk } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { connected, openSocket, requestId } from '../../../test/wallet-helpers';

const MINUTE_MS = 60_000;
const path = (template: string, id: string) => template.replace(':id', id);

describeEachDatabase('internal messages', (getDb) => {
  const clock = manualClock();
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.now } });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  /** A member signed in at the test clock (the sealed login checks the payload's time against it). */
  const memberWithSession = async (
    _app: FastifyInstance,
    db: typeof getDb extends () => infer D ? D : never,
    options: Parameters<typeof insertMember>[1] = {},
  ) => {
    const member = await insertMember(db, options);
    const side = options.userType !== undefined && options.userType !== 0 ? 'agent' : 'member';
    const { token } = await loginOk(app, member.username, member.password, { ip: freshIp(), side, now: clock.now });
    return { ...member, token };
  };

  const send = async (audience: MessageAudience, title: string, extra: { sendAt?: string } = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: INBOX_OPS_API.messages,
      headers: await staffHeaders(app, 'support'),
      payload: {
        audience,
        translations: [
          { language: 'EN', title, content: `${title} body` },
          { language: 'TY', title: `${title} (TY)`, content: 'katawan' },
        ],
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.id as string;
  };
  const inbox = async (token: string, language = 'EN') => {
    const res = await app.inject({
      url: `${INBOX_API.messages}?language=${language}&pageSize=50`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(InboxPageSchema).parse(res.json()).value;
  };
  const titles = async (token: string) => (await inbox(token)).list.map((m) => m.title);
  const unread = async (token: string) => {
    const res = await app.inject({ url: INBOX_API.unread, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(UnreadCountSchema).parse(res.json()).value.unreadMessage;
  };
  const act = (method: 'POST' | 'DELETE', url: string, token: string) =>
    app.inject({ method, url, headers: { ...bearer(token), 'x-forwarded-for': freshIp() } });

  it("should reach exactly an agent's team, and exactly the members last active in a range", async () => {
    const agent = await memberWithSession(app, getDb(), { userType: USER_TYPE.AGENT_1 });
    const child = await memberWithSession(app, getDb(), { parentId: agent.id });
    const subAgent = await insertMember(getDb(), { parentId: agent.id, userType: USER_TYPE.AGENT_1 });
    const grandChild = await memberWithSession(app, getDb(), { parentId: subAgent.id });
    const outsider = await memberWithSession(app, getDb());
    const neverLoggedIn = await insertMember(getDb());
    clock.advance(MINUTE_MS);
    await send({ kind: 'SEGMENT', segment: { agentUsername: agent.username } }, 'Team news');
    expect(await titles(child.token)).toContain('Team news');
    expect(await titles(grandChild.token)).toContain('Team news');
    expect(await titles(agent.token)).not.toContain('Team news');
    expect(await titles(outsider.token)).not.toContain('Team news');

    // Active within the last hour at the time of sending: the members who logged in, not the one who never did.
    await send(
      { kind: 'SEGMENT', segment: { lastActiveFrom: new Date(clock.now() - 60 * MINUTE_MS).toISOString() } },
      'Active only',
    );
    expect(await titles(outsider.token)).toContain('Active only');
    const { rows } = await getDb().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM inbox_states WHERE member_id = $1`,
      [neverLoggedIn.id],
    );
    expect(rows[0]?.n).toBe(0);
    // A VIP segment reaches nobody while no VIP module answers a level.
    await send({ kind: 'SEGMENT', segment: { vipLevels: [1, 2, 3] } }, 'VIP only');
    for (const token of [agent.token, child.token, outsider.token])
      expect(await titles(token)).not.toContain('VIP only');
  });

  it('should keep one broadcast row for everyone, with read state per member, and not show it to later members', async () => {
    const a = await memberWithSession(app, getDb());
    const b = await memberWithSession(app, getDb());
    clock.advance(MINUTE_MS);
    const id = await send({ kind: 'ALL' }, 'Everyone');
    const { rows } = await getDb().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM inbox_recipients WHERE message_id = $1',
      [BigInt(id)],
    );
    expect(rows[0]?.n).toBe(0);
    expect(await inbox(a.token, 'TY')).toMatchObject({ list: [{ title: 'Everyone (TY)', read: false }] });
    expect((await act('POST', path(INBOX_API.read, id), a.token)).json().value).toEqual({ unreadMessage: 0 });
    expect(await unread(b.token)).toBe(1);
    // A member who registered after a broadcast was sent does not receive it.
    clock.advance(-60 * MINUTE_MS);
    await send({ kind: 'ALL' }, 'Before you came');
    clock.advance(61 * MINUTE_MS);
    const later = await memberWithSession(app, getDb());
    expect(await titles(later.token)).not.toContain('Before you came');
  });

  it('should keep unread counts right after read, delete and mark-all, and refuse another member\u2019s message', async () => {
    const me = await memberWithSession(app, getDb());
    const other = await memberWithSession(app, getDb());
    const before = await unread(me.token);
    clock.advance(MINUTE_MS);
    const first = await send({ kind: 'MEMBERS', usernames: [me.username] }, 'First');
    const second = await send({ kind: 'MEMBERS', usernames: [me.username.toUpperCase()] }, 'Second');
    await send({ kind: 'MEMBERS', usernames: [me.username] }, 'Third');
    expect(await unread(me.token)).toBe(before + 3);
    expect(await titles(other.token)).not.toContain('First');

    // Another member can neither read nor delete it, and my count does not move.
    expect((await act('POST', path(INBOX_API.read, first), other.token)).statusCode).toBe(404);
    expect((await act('DELETE', path(INBOX_API.message, first), other.token)).statusCode).toBe(404);
    expect(await unread(me.token)).toBe(before + 3);

    expect((await act('POST', path(INBOX_API.read, first), me.token)).json().value.unreadMessage).toBe(before + 2);
    // Reading twice changes nothing; deleting an unread one lowers the count and hides it.
    expect((await act('POST', path(INBOX_API.read, first), me.token)).json().value.unreadMessage).toBe(before + 2);
    expect((await act('DELETE', path(INBOX_API.message, second), me.token)).json().value.unreadMessage).toBe(
      before + 1,
    );
    expect(await titles(me.token)).not.toContain('Second');
    expect((await act('POST', path(INBOX_API.read, second), me.token)).statusCode).toBe(404);
    expect((await act('POST', INBOX_API.readAll, me.token)).json().value.unreadMessage).toBe(0);
    expect(await unread(me.token)).toBe(0);
    expect((await inbox(me.token)).list.every((m) => m.read)).toBe(true);
  });

  it('should hold a scheduled message until its time and push counts over the socket', async () => {
    const me = await memberWithSession(app, getDb());
    const socket: Socket = openSocket(origin, me.token);
    const events: MessageUnreadEvent[] = [];
    socket.on('message.unread', (event: MessageUnreadEvent) => events.push(event));
    try {
      await connected(socket);
      clock.advance(MINUTE_MS);
      const before = await unread(me.token);
      await send({ kind: 'MEMBERS', usernames: [me.username] }, 'Now');
      await expect.poll(() => events.at(-1)).toEqual({ unreadMessage: before + 1 });
      await send({ kind: 'ALL' }, 'Later', { sendAt: new Date(clock.now() + 10 * MINUTE_MS).toISOString() });
      expect(await titles(me.token)).not.toContain('Later');
      clock.advance(11 * MINUTE_MS);
      expect(await titles(me.token)).toContain('Later');
      // The broadcast's push goes out once its time came, to the merchant's room (no count: the client asks).
      events.length = 0;
      await app.jobs.trigger('inbox.scheduled');
      await expect.poll(() => events).toEqual([{ unreadMessage: null }]);
    } finally {
      socket.close();
    }
  });

  it('should send a system message once when a deposit is credited', async () => {
    const me = await memberWithSession(app, getDb());
    const channels = (await app.inject({ url: API.deposit.channels, headers: bearer(me.token) })).json().value
      .list as DepositChannel[];
    const manual = channels.find((channel) => channel.kind === 'MANUAL_BANK');
    if (manual === undefined) throw new Error('no manual bank channel seeded');
    const order = await app.inject({
      method: 'POST',
      url: API.deposit.orders,
      headers: bearer(me.token),
      payload: { channelId: manual.id, amount: '50.00', requestId: requestId('dep') },
    });
    const orderNo = order.json().value.orderNo as string;
    const approve = await app.inject({
      method: 'POST',
      url: OPS_API.depositApprove.replace(':orderNo', orderNo),
      headers: await staffHeaders(app, 'cashier'),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await app.bus.idle();
    const page = await inbox(me.token);
    expect(page.list.filter((m) => m.kind === 'SYSTEM').map((m) => m.content)).toEqual([
      `Your deposit ${orderNo} has been credited to your wallet.`,
    ]);
  });

  it('should tell a member of a bonus once, in the member\u2019s language, however often the grant is replayed', async () => {
    const me = await memberWithSession(app, getDb());
    const merchantId = Number(
      (await getDb().query<{ id: number }>(`SELECT id FROM merchants WHERE code = 'demo'`)).rows[0]!.id,
    );
    const terms = {
      amountMinor: 2_500n,
      turnoverBase: 'BONUS' as const,
      turnoverMultiple: 5,
      expiresAt: new Date(clock.now() + 86_400_000),
    };
    await app.bonusWallet.grant(merchantId, me.id, `inbox-bonus-${me.id}`, terms);
    await app.bonusWallet.grant(merchantId, me.id, `inbox-bonus-${me.id}`, terms);
    await app.bus.idle();
    const system = async (language: string) =>
      (await inbox(me.token, language)).list.filter((m) => m.kind === 'SYSTEM').map((m) => m.content);
    expect(await system('EN')).toEqual(['You received a bonus of 25.00 USD. Its wagering shows in Bonus details.']);
    expect(await system('TY')).toEqual([
      'Nakatanggap ka ng bonus na 25.00 USD. Makikita ang wagering nito sa Bonus details.',
    ]);
  });

  it('should refuse a message to an unknown member or agent, and a staff role without the permission', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: INBOX_OPS_API.messages,
      headers: await staffHeaders(app, 'support'),
      payload: {
        audience: { kind: 'MEMBERS', usernames: ['nobody-here'] },
        translations: [{ language: 'EN', title: 't', content: 'c' }],
      },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe('MEMBER_NOT_FOUND');
    const cashier = await app.inject({
      method: 'POST',
      url: INBOX_OPS_API.messages,
      headers: await staffHeaders(app, 'cashier'),
      payload: { audience: { kind: 'ALL' }, translations: [{ language: 'EN', title: 't', content: 'c' }] },
    });
    expect(cashier.statusCode).toBe(403);
  });
});
