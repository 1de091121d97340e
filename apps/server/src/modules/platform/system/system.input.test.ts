import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { FailureEnvelopeSchema, type ErrorCode } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { buildTestApp } from '../../../test/test-app';

type Case = { name: string; request: InjectOptions; status: number; code: ErrorCode };

const json = { 'content-type': 'application/json' };
const put = (payload: string, headers: Record<string, string> = json): InjectOptions => ({
  method: 'PUT',
  url: '/wps/system/language',
  headers,
  payload,
});

/** Bad or unknown input to every configuration call: always a 4xx envelope with a code, never a 5xx. */
const CASES: Case[] = [
  { name: 'help without a query', request: { url: '/wps/system/help' }, status: 400, code: 'VALIDATION_FAILED' },
  {
    name: 'help with a lower-case lang',
    request: { url: '/wps/system/help?lang=en&device=WEB' },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'help for another device',
    request: { url: '/wps/system/help?lang=EN&device=APP' },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'help with lang twice',
    request: { url: '/wps/system/help?lang=EN&lang=TY&device=WEB' },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'help with a huge lang',
    request: { url: `/wps/system/help?lang=${'A'.repeat(5000)}&device=WEB` },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'help in a language the merchant lacks',
    request: { url: '/wps/system/help?lang=JA&device=WEB' },
    status: 400,
    code: 'UNSUPPORTED_LANGUAGE',
  },
  {
    name: 'help with broken percent-encoding',
    request: { url: '/wps/system/help?lang=%E0%A4%A&device=WEB' },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'flag in lower case',
    request: { url: '/wps/system/country/flag/ph' },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'flag with three letters',
    request: { url: '/wps/system/country/flag/PHL' },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'flag with a path trick',
    request: { url: '/wps/system/country/flag/..%2F..%2Fpackage.json' },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  { name: 'flag of no country', request: { url: '/wps/system/country/flag/ZZ' }, status: 404, code: 'NOT_FOUND' },
  {
    name: 'language without a body',
    request: { method: 'PUT', url: '/wps/system/language' },
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  { name: 'language with broken JSON', request: put('{"lang": '), status: 400, code: 'BAD_REQUEST' },
  { name: 'language with an empty JSON body', request: put(''), status: 400, code: 'BAD_REQUEST' },
  {
    name: 'language as text/plain',
    request: put('lang=EN', { 'content-type': 'text/plain' }),
    status: 415,
    code: 'BAD_REQUEST',
  },
  {
    name: 'language as a form',
    request: put('lang=EN', { 'content-type': 'application/x-www-form-urlencoded' }),
    status: 415,
    code: 'BAD_REQUEST',
  },
  { name: 'language with a number', request: put('{"lang": 5}'), status: 400, code: 'VALIDATION_FAILED' },
  { name: 'language as an array', request: put('["EN"]'), status: 400, code: 'VALIDATION_FAILED' },
  { name: 'language null', request: put('null'), status: 400, code: 'VALIDATION_FAILED' },
  {
    name: 'language with a prototype key',
    request: put('{"__proto__": {"lang": "EN"}}'),
    status: 400,
    code: 'BAD_REQUEST',
  },
  { name: 'language the merchant lacks', request: put('{"lang": "VI"}'), status: 400, code: 'UNSUPPORTED_LANGUAGE' },
  {
    name: 'language over the body limit',
    request: put(`{"lang": "${'A'.repeat(1024 * 1024 + 10)}"}`),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'POST to permission',
    request: { method: 'POST', url: '/wps/system/permission', payload: {} },
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
  },
  {
    name: 'DELETE on status',
    request: { method: 'DELETE', url: '/wps/system/status' },
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
  },
  { name: 'GET on language', request: { url: '/wps/system/language' }, status: 405, code: 'METHOD_NOT_ALLOWED' },
  {
    name: 'PATCH on a flag',
    request: { method: 'PATCH', url: '/wps/system/country/flag/PH' },
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
  },
  { name: 'an unknown configuration call', request: { url: '/wps/system/unknown' }, status: 404, code: 'NOT_FOUND' },
];

describeEachDatabase('configuration calls with bad input', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());

  it.each(CASES)('should answer $name with $status $code', async ({ request, status, code }) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    const body = FailureEnvelopeSchema.parse(res.json());
    expect(body.code).toBe(code);
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('should ignore unknown query parameters and odd hosts on plain configuration calls', async () => {
    for (const url of [
      '/wps/system/permission?platform=W&a[b]=c',
      '/wps/system/status?x=%01',
      '/wps/system/menu?lang=EN',
      '/wps/system/country/codes?pageSize=99999',
    ]) {
      const res = await app.inject({ url, headers: { host: 'bad host!!' } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('should refuse a NUL even in a query parameter the call does not read (the edge guard, DESIGN.md §14)', async () => {
    const res = await app.inject({ url: '/wps/system/status?x=%00' });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: 'INVALID_CHARACTERS' });
  });
});
