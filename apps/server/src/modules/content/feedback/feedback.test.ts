import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { FEEDBACK_API, FEEDBACK_OPS_API, FeedbackListSchema, countWords, successEnvelope } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { JPEG_BYTES, PNG_BYTES, multipartBody, type UploadFile } from '../../../test/multipart';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const image = (bytes: Buffer, name = 'a.png', type = 'image/png'): UploadFile => ({
  field: 'images',
  name,
  type,
  bytes,
});

describeEachDatabase('feedback', (getDb) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    const merchantId = await demoMerchantId(getDb());
    await getDb().query(
      `INSERT INTO feedback_settings (merchant_id, min_words, max_words) VALUES ($1, 3, 12)
       ON CONFLICT (merchant_id) DO UPDATE SET min_words = 3, max_words = 12`,
      [merchantId],
    );
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const put = (token: string, content: string, files: UploadFile[] = [], type = 'SUGGESTION') => {
    const body = multipartBody({ type, content }, files);
    return app.inject({
      method: 'PUT',
      url: FEEDBACK_API.feedback,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const history = async (token: string) =>
    successEnvelope(FeedbackListSchema).parse(
      (await app.inject({ url: FEEDBACK_API.feedback, headers: bearer(token) })).json(),
    ).value.list;

  it('should count words as the limits mean them', () => {
    expect(countWords('  one two\nthree ')).toBe(3);
    expect(countWords('你好世界 ok')).toBe(5);
    expect(countWords('')).toBe(0);
  });

  it("should hold feedback to the merchant's word limits and write nothing outside them", async () => {
    const me = await memberWithSession(app, getDb());
    const short = await put(me.token, words(2));
    expect([short.statusCode, short.json().code]).toEqual([400, 'FEEDBACK_LENGTH']);
    const long = await put(me.token, words(13));
    expect([long.statusCode, long.json().code]).toEqual([400, 'FEEDBACK_LENGTH']);
    expect(await history(me.token)).toEqual([]);
    expect((await put(me.token, words(3))).statusCode).toBe(200);
    expect((await put(me.token, words(12))).statusCode).toBe(200);
    expect((await history(me.token)).length).toBe(2);
    const settings = await app.inject({ url: FEEDBACK_API.settings, headers: bearer(me.token) });
    expect(settings.json().value).toEqual({ minWords: 3, maxWords: 12 });
  });

  it('should take up to three png or jpg images by their bytes, and refuse others, larger ones and a fourth', async () => {
    const me = await memberWithSession(app, getDb());
    const gif = await put(me.token, words(4), [image(Buffer.from('GIF89a....'), 'fake.png', 'image/png')]);
    expect([gif.statusCode, gif.json().code]).toEqual([400, 'FILE_TYPE_INVALID']);
    const big = await put(me.token, words(4), [image(Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]))]);
    expect([big.statusCode, big.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    const four = await put(me.token, words(4), [
      image(PNG_BYTES),
      image(PNG_BYTES),
      image(JPEG_BYTES),
      image(PNG_BYTES),
    ]);
    expect([four.statusCode, four.json().code]).toEqual([400, 'TOO_MANY_FILES']);
    expect(await history(me.token)).toEqual([]);
    const ok = await put(me.token, words(4), [
      image(PNG_BYTES),
      image(JPEG_BYTES, 'b.jpg', 'image/jpeg'),
      image(PNG_BYTES),
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.images).toBe(3);
    const second = await app.inject({
      url: FEEDBACK_API.image.replace(':id', ok.json().value.id).replace(':position', '2'),
      headers: bearer(me.token),
    });
    expect([second.statusCode, second.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(second.rawPayload.equals(JPEG_BYTES)).toBe(true);
  });

  it("should show staff's reply in the member's history, close it, and keep it from every other member", async () => {
    const me = await memberWithSession(app, getDb());
    const other = await memberWithSession(app, getDb());
    const sent = await put(me.token, 'my deposit did not arrive', [image(PNG_BYTES)], 'PAYMENT');
    const id = sent.json().value.id as string;
    expect(await history(other.token)).toEqual([]);
    const peek = await app.inject({
      url: FEEDBACK_API.image.replace(':id', id).replace(':position', '1'),
      headers: bearer(other.token),
    });
    expect(peek.statusCode).toBe(404);

    const staff = await staffHeaders(app, 'support');
    const queue = await app.inject({ url: `${FEEDBACK_OPS_API.queue}?status=OPEN`, headers: staff });
    expect(queue.json().value.list.map((f: { id: string }) => f.id)).toContain(id);
    const reply = await app.inject({
      method: 'POST',
      url: FEEDBACK_OPS_API.reply.replace(':id', id),
      headers: staff,
      payload: { reply: 'It is credited now.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await history(me.token)).toMatchObject([{ id, status: 'ANSWERED', reply: 'It is credited now.' }]);
    const close = await app.inject({ method: 'POST', url: FEEDBACK_OPS_API.close.replace(':id', id), headers: staff });
    expect(close.json().value.status).toBe('CLOSED');
    const again = await app.inject({ method: 'POST', url: FEEDBACK_OPS_API.close.replace(':id', id), headers: staff });
    expect(again.statusCode).toBe(404);
    const cashier = await app.inject({ url: FEEDBACK_OPS_API.queue, headers: await staffHeaders(app, 'cashier') });
    expect(cashier.statusCode).toBe(403);
  });
});
