import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CHAT_API, CHAT_OPS_API } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { multipartBody } from '../../../test/multipart';
import { createStaff, signInStaff } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const at = (template: string, id: string) => template.replace(':id', id);

describeEachDatabase('live chat transfer to a colleague', (getDb) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    const merchantId = await demoMerchantId(getDb());
    await getDb().query(
      `INSERT INTO chat_settings (merchant_id, days, opens_minute, closes_minute) VALUES ($1, '{1,2,3,4,5,6,7}', 0, 1440)
       ON CONFLICT (merchant_id) DO UPDATE SET days = '{1,2,3,4,5,6,7}', opens_minute = 0, closes_minute = 1440`,
      [merchantId],
    );
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const agent = async (role: 'support' | 'cashier' = 'support') => {
    const account = await createStaff(app, role);
    return { ...account, headers: { authorization: `Bearer ${await signInStaff(app, account)}` } };
  };
  const say = (url: string, headers: Record<string, string>, text: string) => {
    const body = multipartBody({ body: text }, []);
    return app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const transfer = (id: string, headers: Record<string, string>, payload: Record<string, string>) =>
    app.inject({ method: 'POST', url: at(CHAT_OPS_API.transfer, id), headers, payload });

  it('should hand a chat to the named colleague alone, with a note the member never sees', async () => {
    const [anna, ben, carl, cashier] = [await agent(), await agent(), await agent(), await agent('cashier')];
    const member = await memberWithSession(app, getDb());
    const chat = (
      await app.inject({ method: 'POST', url: CHAT_API.start, headers: bearer(member.token), payload: {} })
    ).json().value as { id: string };
    expect((await say(at(CHAT_API.messages, chat.id), bearer(member.token), 'My withdrawal is late')).statusCode).toBe(
      200,
    );
    await app.inject({ method: 'POST', url: at(CHAT_OPS_API.take, chat.id), headers: anna.headers });

    // The colleagues to pick from: support staff, not the cashier.
    const colleagues = await app.inject({ url: CHAT_OPS_API.colleagues, headers: anna.headers });
    const ids = (colleagues.json().value.list as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([ben.id, carl.id]));
    expect(ids).not.toContain(cashier.id);

    // Not to a cashier, not to oneself, and only by the agent in the chat.
    expect((await transfer(chat.id, anna.headers, { toStaffId: cashier.id })).statusCode).toBe(400);
    expect((await transfer(chat.id, anna.headers, { toStaffId: anna.id })).statusCode).toBe(400);
    const hijack = await transfer(chat.id, carl.headers, { toStaffId: carl.id });
    expect([hijack.statusCode, hijack.json().code]).toEqual([409, 'CHAT_TAKEN']);

    const moved = await transfer(chat.id, anna.headers, { toStaffId: ben.id, note: 'VIP, payout desk ref 4471' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().value).toMatchObject({ status: 'ACTIVE', staffName: ben.username, mine: false });

    // Ben has it; Carl cannot take, answer or close it; Anna no longer answers it either.
    const bens = await app.inject({ url: at(CHAT_OPS_API.chat, chat.id), headers: ben.headers });
    expect(bens.json().value.chat.mine).toBe(true);
    expect(bens.json().value.messages.at(-1)).toMatchObject({ internal: true, body: 'VIP, payout desk ref 4471' });
    expect(
      (await app.inject({ method: 'POST', url: at(CHAT_OPS_API.take, chat.id), headers: carl.headers })).statusCode,
    ).toBe(409);
    for (const other of [carl, anna]) {
      const reply = await say(at(CHAT_OPS_API.messages, chat.id), other.headers, 'I can help');
      expect([reply.statusCode, reply.json().code]).toEqual([409, 'CHAT_TAKEN']);
    }
    const close = await app.inject({ method: 'POST', url: at(CHAT_OPS_API.close, chat.id), headers: carl.headers });
    expect(close.statusCode).toBe(409);
    expect((await say(at(CHAT_OPS_API.messages, chat.id), ben.headers, 'Ben here, it is on its way')).statusCode).toBe(
      200,
    );

    // The member sees the transfer and Ben's answer, never the note, the internal flag or a staff id.
    const seen = await app.inject({ url: at(CHAT_API.chat, chat.id), headers: bearer(member.token) });
    const value = seen.json().value as { chat: Record<string, unknown>; messages: Record<string, unknown>[] };
    expect(value.messages.map((m) => [m.sender, m.body])).toEqual([
      ['CUSTOMER', 'My withdrawal is late'],
      ['SYSTEM', 'taken'],
      ['SYSTEM', 'transferred'],
      ['STAFF', 'Ben here, it is on its way'],
    ]);
    expect(seen.body).not.toContain('payout desk');
    expect(seen.body).not.toContain('internal');
    expect(Object.keys(value.chat).sort()).toEqual([
      'createdAt',
      'id',
      'offline',
      'otherTyping',
      'staffName',
      'status',
    ]);
  });

  it('should still return a chat to the queue when no colleague is named', async () => {
    const anna = await agent();
    const member = await memberWithSession(app, getDb());
    const chat = (
      await app.inject({ method: 'POST', url: CHAT_API.start, headers: bearer(member.token), payload: {} })
    ).json().value as { id: string };
    await app.inject({ method: 'POST', url: at(CHAT_OPS_API.take, chat.id), headers: anna.headers });
    const back = await transfer(chat.id, anna.headers, {});
    expect(back.json().value).toMatchObject({ status: 'QUEUED', staffName: null });
  });
});
