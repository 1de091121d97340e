import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { clearRateLimits, freshIp, insertMember, latestSmsCode, outbox } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { MAX_CODE_ATTEMPTS, SMS_TOO_MANY_MESSAGE, createVerificationModule, type VerificationService } from './index';
import type { SmsMessage } from '../../content/messaging';
import { createRateLimiter, databaseRateLimitStore } from '../../platform/rate-limit';

const MINUTE_MS = 60_000;

describeEachDatabase('SMS codes', (getDb) => {
  const time = manualClock();
  let app: FastifyInstance;
  let codes: VerificationService;
  const sent: SmsMessage[] = [];
  /** The code in the latest message the direct service sent to `destination`. */
  const codeFromTable = async (destination: string): Promise<string> => {
    const message = sent.filter((m) => m.to === destination).at(-1);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (code === undefined) throw new Error(`no code sent to ${destination}`);
    return code;
  };
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
    codes = createVerificationModule({
      db: getDb(),
      limiter: createRateLimiter(databaseRateLimitStore(getDb()), time.now),
      sms: { send: async (message) => void sent.push(message) },
      now: time.now,
    }).service;
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  let numberCounter = 0;
  const freshNumber = () => `917${String(5_000_000 + (numberCounter += 1)).padStart(7, '0')}`;
  const send = (path: string, mobileNum: string, ip = freshIp(), field = 'mobileNum') =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'x-forwarded-for': ip },
      payload: { [field]: mobileNum, countryDialingCode: '+63' },
    });

  it('should send a login code to a member number, and answer an unknown number identically', async () => {
    const mobile = freshNumber();
    await insertMember(getDb(), { mobile: ['+63', mobile] });
    const unknown = freshNumber();
    const [known, stranger] = [
      await send(API.verification.smsLogin, mobile),
      await send(API.verification.smsLogin, unknown),
    ];
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    expect(await latestSmsCode(app, `+63${mobile}`)).toMatch(/^\d{6}$/);
    expect(await outbox(app, `+63${unknown}`)).toEqual([]);
  });

  it('should send at most one code a minute and five an hour to a number', async () => {
    const mobile = freshNumber();
    expect((await send(API.verification.smsRegister, mobile, freshIp(), 'mobileNo')).statusCode).toBe(200);
    const soon = await send(API.verification.smsRegister, mobile, freshIp(), 'mobileNo');
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'SMS_TOO_MANY_REQUESTS', message: SMS_TOO_MANY_MESSAGE });
    for (let i = 0; i < 4; i += 1) {
      time.advance(MINUTE_MS);
      expect((await send(API.verification.smsRegister, mobile, freshIp(), 'mobileNo')).statusCode).toBe(200);
    }
    time.advance(MINUTE_MS);
    expect((await send(API.verification.smsRegister, mobile, freshIp(), 'mobileNo')).json().code).toBe(
      'SMS_TOO_MANY_REQUESTS',
    );
    expect(await outbox(app, `+63${mobile}`)).toHaveLength(5);
  });

  it('should count unknown numbers against the limits too (no enumeration by throttling)', async () => {
    const unknown = freshNumber();
    expect((await send(API.verification.smsLogin, unknown)).statusCode).toBe(200);
    expect((await send(API.verification.smsLogin, unknown)).json().code).toBe('SMS_TOO_MANY_REQUESTS');
  });

  it('should send at most 20 codes an hour from one IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await send(API.verification.smsRegister, freshNumber(), ip, 'mobileNo')).statusCode).toBe(200);
    }
    const refused = await send(API.verification.smsRegister, freshNumber(), ip, 'mobileNo');
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'SMS_TOO_MANY_REQUESTS']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  const sendDirect = (destination: string) =>
    codes.send({
      merchantId: 1,
      brand: 'Test',
      purpose: 'REGISTER',
      destination,
      ip: freshIp(),
      expiredMinutes: 5,
      deliver: true,
    });

  it('should accept the code once, for its purpose and number only', async () => {
    const number = `+63${freshNumber()}`;
    await sendDirect(number);
    const code = await codeFromTable(number);
    expect(await codes.verify(1, 'LOGIN', number, code)).toBe(false);
    expect(await codes.verify(1, 'REGISTER', `+63${freshNumber()}`, code)).toBe(false);
    expect(await codes.verify(1, 'REGISTER', number, code)).toBe(true);
    expect(await codes.verify(1, 'REGISTER', number, code)).toBe(false);
  });

  it(`should kill a code after ${MAX_CODE_ATTEMPTS} wrong attempts`, async () => {
    const number = `+63${freshNumber()}`;
    await sendDirect(number);
    const code = await codeFromTable(number);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1) expect(await codes.verify(1, 'REGISTER', number, wrong)).toBe(false);
    expect(await codes.verify(1, 'REGISTER', number, code)).toBe(false);
  });

  it('should expire a code after expiredMinutes, and let only the latest code work', async () => {
    const number = `+63${freshNumber()}`;
    await sendDirect(number);
    const first = await codeFromTable(number);
    time.advance(5 * MINUTE_MS + 1);
    expect(await codes.verify(1, 'REGISTER', number, first)).toBe(false);
    time.advance(MINUTE_MS);
    await sendDirect(number);
    const second = await codeFromTable(number);
    if (second !== first) expect(await codes.verify(1, 'REGISTER', number, first)).toBe(false);
    expect(await codes.verify(1, 'REGISTER', number, second)).toBe(true);
  });
});
