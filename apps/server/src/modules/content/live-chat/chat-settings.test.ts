import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CHAT_API, CHAT_OPS_API, FEEDBACK_API, FEEDBACK_OPS_API, OPS_API } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

describeEachDatabase('support settings', (getDb) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const put = async (url: string, role: 'admin' | 'support' | 'cashier', payload: unknown) =>
    app.inject({ method: 'PUT', url, headers: await staffHeaders(app, role), payload: payload as object });

  it('should let config staff set the consulting hours, refuse bad hours writing nothing, and keep support out', async () => {
    const set = await put(CHAT_OPS_API.hours, 'admin', { days: [6, 7], opensMinute: 600, closesMinute: 1080 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value).toMatchObject({ days: [6, 7], opensMinute: 600, closesMinute: 1080 });
    // Guests read the same hours.
    const guest = await app.inject({ url: CHAT_API.hours });
    expect(guest.json().value).toMatchObject({ days: [6, 7], opensMinute: 600, closesMinute: 1080 });

    const closesFirst = await put(CHAT_OPS_API.hours, 'admin', { days: [1], opensMinute: 900, closesMinute: 600 });
    expect(closesFirst.statusCode).toBe(400);
    expect(closesFirst.json().value.fields.map((f: { path: string }) => f.path)).toEqual(['closesMinute']);
    expect((await put(CHAT_OPS_API.hours, 'admin', { days: [8], opensMinute: 0, closesMinute: 60 })).statusCode).toBe(
      400,
    );
    expect((await put(CHAT_OPS_API.hours, 'support', { days: [1], opensMinute: 0, closesMinute: 60 })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ url: CHAT_API.hours })).json().value.days).toEqual([6, 7]);

    const audit = await app.inject({
      url: `${OPS_API.audit}?action=chat.hours`,
      headers: await staffHeaders(app, 'admin'),
    });
    expect(audit.body).toContain('chat.hours');
  });

  it('should let config staff set the feedback word limits the member form then applies', async () => {
    const bad = await put(FEEDBACK_OPS_API.settings, 'admin', { minWords: 50, maxWords: 10 });
    expect([bad.statusCode, bad.json().value.fields[0].path]).toEqual([400, 'maxWords']);
    expect((await put(FEEDBACK_OPS_API.settings, 'admin', { minWords: 0, maxWords: 10 })).statusCode).toBe(400);
    expect((await put(FEEDBACK_OPS_API.settings, 'support', { minWords: 2, maxWords: 10 })).statusCode).toBe(403);
    const ok = await put(FEEDBACK_OPS_API.settings, 'admin', { minWords: 2, maxWords: 12 });
    expect(ok.json().value).toEqual({ minWords: 2, maxWords: 12 });

    const member = await memberWithSession(app, getDb());
    const seen = await app.inject({ url: FEEDBACK_API.settings, headers: bearer(member.token) });
    expect(seen.json().value).toEqual({ minWords: 2, maxWords: 12 });
  });

  it('should let support staff add, edit and delete canned replies, and nobody without support.handle', async () => {
    const support = await staffHeaders(app, 'support');
    const added = await app.inject({
      method: 'POST',
      url: CHAT_OPS_API.canned,
      headers: support,
      payload: { title: 'Greeting', body: 'Hello, how can I help?' },
    });
    const id = added.json().value.id as string;
    const one = CHAT_OPS_API.cannedOne.replace(':id', id);
    const edited = await put(one, 'support', { title: 'Greeting', body: 'Good day, how can I help?' });
    expect(edited.json().value).toEqual({ id, title: 'Greeting', body: 'Good day, how can I help?' });
    expect((await put(one, 'support', { title: '', body: 'x' })).statusCode).toBe(400);
    expect((await put(one, 'cashier', { title: 'Mine', body: 'x' })).statusCode).toBe(403);
    const list = await app.inject({ url: CHAT_OPS_API.canned, headers: support });
    expect(list.json().value.list).toContainEqual({ id, title: 'Greeting', body: 'Good day, how can I help?' });

    expect((await app.inject({ method: 'DELETE', url: one, headers: support })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: one, headers: support })).statusCode).toBe(404);
    const after = await app.inject({ url: CHAT_OPS_API.canned, headers: support });
    expect(after.json().value.list.map((c: { id: string }) => c.id)).not.toContain(id);
  });
});
