import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CHAT_API, CHAT_OPS_API, CHAT_TOKEN_HEADER, ChatViewSchema, successEnvelope } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId, freshIp } from '../../../test/identity-helpers';
import { JPEG_BYTES, PNG_BYTES, multipartBody } from '../../../test/multipart';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const at = (template: string, id: string, messageId = '') =>
  template.replace(':id', id).replace(':messageId', messageId);

describeEachDatabase('live chat', (getDb) => {
  let app: FastifyInstance;
  let merchantId = 0;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const hours = (days: number[]) =>
    getDb().query(
      `INSERT INTO chat_settings (merchant_id, days, opens_minute, closes_minute) VALUES ($1, $2, 0, 1440)
       ON CONFLICT (merchant_id) DO UPDATE SET days = $2, opens_minute = 0, closes_minute = 1440`,
      [merchantId, days],
    );
  const post = (url: string, headers: Record<string, string>, text?: string, image?: Buffer) => {
    const body = multipartBody(
      text === undefined ? {} : { body: text },
      image === undefined ? [] : [{ field: 'image', name: 'i.png', type: 'image/png', bytes: image }],
    );
    return app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const view = async (url: string, headers: Record<string, string>) => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(ChatViewSchema).parse(res.json()).value;
  };

  it('should carry a member chat with images both ways, typing, transfer and close, and keep it from others', async () => {
    await hours([1, 2, 3, 4, 5, 6, 7]);
    const me = await memberWithSession(app, getDb());
    const other = await memberWithSession(app, getDb());
    const start = await app.inject({ method: 'POST', url: CHAT_API.start, headers: bearer(me.token), payload: {} });
    expect(start.statusCode, start.body).toBe(200);
    const chat = start.json().value as { id: string; offline: boolean; guestToken: string | null };
    expect([chat.offline, chat.guestToken]).toEqual([false, null]);
    // Starting again answers the same open chat.
    const again = await app.inject({ method: 'POST', url: CHAT_API.start, headers: bearer(me.token), payload: {} });
    expect(again.json().value.id).toBe(chat.id);

    expect(
      (await post(at(CHAT_API.messages, chat.id), bearer(me.token), 'Hello, my deposit?', PNG_BYTES)).statusCode,
    ).toBe(200);
    expect((await app.inject({ url: at(CHAT_API.chat, chat.id), headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await post(at(CHAT_API.messages, chat.id), bearer(other.token), 'hijack')).statusCode).toBe(404);

    const staff = await staffHeaders(app, 'support');
    const queue = await app.inject({ url: `${CHAT_OPS_API.chats}?status=QUEUED`, headers: staff });
    expect(queue.json().value.list.map((c: { id: string }) => c.id)).toContain(chat.id);
    const found = await app.inject({
      url: `${CHAT_OPS_API.chats}?q=${encodeURIComponent('my deposit')}`,
      headers: staff,
    });
    expect(found.json().value.list.map((c: { id: string }) => c.id)).toEqual([chat.id]);
    expect((await app.inject({ method: 'POST', url: at(CHAT_OPS_API.take, chat.id), headers: staff })).statusCode).toBe(
      200,
    );
    await app.inject({ method: 'POST', url: at(CHAT_OPS_API.typing, chat.id), headers: staff });
    expect((await view(at(CHAT_API.chat, chat.id), bearer(me.token))).chat.otherTyping).toBe(true);
    const reply = await post(at(CHAT_OPS_API.messages, chat.id), staff, 'Here is the receipt', JPEG_BYTES);
    expect(reply.statusCode, reply.body).toBe(200);

    const seen = await view(at(CHAT_API.chat, chat.id), bearer(me.token));
    expect(seen.chat).toMatchObject({ status: 'ACTIVE', otherTyping: false });
    expect(seen.messages.map((m) => [m.sender, m.body, m.hasImage])).toEqual([
      ['CUSTOMER', 'Hello, my deposit?', true],
      ['SYSTEM', 'taken', false],
      ['STAFF', 'Here is the receipt', true],
    ]);
    const staffImage = seen.messages[2]?.id ?? '';
    const image = await app.inject({ url: at(CHAT_API.image, chat.id, staffImage), headers: bearer(me.token) });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const customerImage = seen.messages[0]?.id ?? '';
    const staffSees = await app.inject({ url: at(CHAT_OPS_API.image, chat.id, customerImage), headers: staff });
    expect(staffSees.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(
      (await app.inject({ url: at(CHAT_API.image, chat.id, staffImage), headers: bearer(other.token) })).statusCode,
    ).toBe(404);
    // Only new messages after the last one seen.
    expect((await view(`${at(CHAT_API.chat, chat.id)}?after=${staffImage}`, bearer(me.token))).messages).toEqual([]);

    const transfer = await app.inject({ method: 'POST', url: at(CHAT_OPS_API.transfer, chat.id), headers: staff });
    expect(transfer.json().value).toMatchObject({ status: 'QUEUED', staffName: null });
    const close = await app.inject({ method: 'POST', url: at(CHAT_OPS_API.close, chat.id), headers: staff });
    expect(close.json().value.status).toBe('CLOSED');
    const late = await post(at(CHAT_API.messages, chat.id), bearer(me.token), 'still there?');
    expect([late.statusCode, late.json().code]).toEqual([409, 'CHAT_CLOSED']);
  });

  it('should let a guest leave a message outside the hours, waiting in the queue, reachable only with its token', async () => {
    await hours([]);
    const host = { 'x-forwarded-for': freshIp() };
    const anonymous = await app.inject({ method: 'POST', url: CHAT_API.start, headers: host, payload: {} });
    expect(anonymous.statusCode).toBe(400);
    const start = await app.inject({
      method: 'POST',
      url: CHAT_API.start,
      headers: host,
      payload: { name: 'Ana', contact: 'ana@example.com' },
    });
    const chat = start.json().value as { id: string; offline: boolean; guestToken: string };
    expect(chat.offline).toBe(true);
    const guest = { [CHAT_TOKEN_HEADER]: chat.guestToken };
    expect((await post(at(CHAT_API.messages, chat.id), guest, 'Please call me tomorrow')).statusCode).toBe(200);
    expect((await app.inject({ url: at(CHAT_API.chat, chat.id) })).statusCode).toBe(404);
    const wrong = { [CHAT_TOKEN_HEADER]: `${chat.guestToken.slice(0, -2)}xx` };
    expect((await app.inject({ url: at(CHAT_API.chat, chat.id), headers: wrong })).statusCode).toBe(404);

    const staff = await staffHeaders(app, 'support');
    const queue = await app.inject({ url: `${CHAT_OPS_API.chats}?status=QUEUED`, headers: staff });
    const waiting = (queue.json().value.list as { id: string; offline: boolean; guestName: string }[]).find(
      (c) => c.id === chat.id,
    );
    expect(waiting).toMatchObject({ offline: true, guestName: 'Ana' });
    const transcript = await app.inject({ url: at(CHAT_OPS_API.chat, chat.id), headers: staff });
    expect(transcript.json().value.messages.map((m: { body: string }) => m.body)).toEqual([
      'offline',
      'Please call me tomorrow',
    ]);
    expect(
      (await app.inject({ url: CHAT_OPS_API.chats, headers: await staffHeaders(app, 'cashier') })).statusCode,
    ).toBe(403);
  });
});
