import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, CAPTCHA_TTL_SECONDS, CaptchaResponseSchema } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { freshIp } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { CAPTCHA_PIXEL_RATIO, CAPTCHA_WIDTH } from './captcha.image';
import { createCaptchaModule, type CaptchaService } from './index';
import { createRateLimiter, databaseRateLimitStore } from '../../platform/rate-limit';

describeEachDatabase('captcha', (getDb) => {
  const time = manualClock();
  let app: FastifyInstance;
  let service: CaptchaService;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now, captchaText: () => 'ABCDE' } });
    const limiter = createRateLimiter(databaseRateLimitStore(getDb()), time.now);
    service = createCaptchaModule({ db: getDb(), limiter, now: time.now, text: () => 'ABCDE' }).service;
  });
  afterAll(() => app.close());

  const fetchCaptcha = (ip: string) => app.inject({ url: API.captcha, headers: { 'x-forwarded-for': ip } });

  it('should answer a PNG data URL that expires in two minutes', async () => {
    const res = await fetchCaptcha(freshIp());
    const value = CaptchaResponseSchema.parse(res.json().value);
    expect(value.expiresInSeconds).toBe(CAPTCHA_TTL_SECONDS);
    if (value.kind !== 'image') throw new Error(`a ${value.kind} captcha by default`);
    expect(value.image.startsWith('data:image/png;base64,')).toBe(true);
    const png = PNG.sync.read(Buffer.from(value.image.slice('data:image/png;base64,'.length), 'base64'));
    expect(png.width).toBe(CAPTCHA_WIDTH * CAPTCHA_PIXEL_RATIO);
  });

  it('should allow one refresh per second per client IP', async () => {
    const ip = freshIp();
    expect((await fetchCaptcha(ip)).statusCode).toBe(200);
    const again = await fetchCaptcha(ip);
    expect([again.statusCode, again.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(again.headers['retry-after']).toBe('1');
    expect((await fetchCaptcha(freshIp())).statusCode).toBe(200);
    time.advance(1000);
    expect((await fetchCaptcha(ip)).statusCode).toBe(200);
  });

  it('should accept an answer once, in any case, and never again', async () => {
    const { captchaId } = await service.create(1, freshIp());
    expect(await service.verify(1, captchaId, 'abcde')).toBe(true);
    expect(await service.verify(1, captchaId, 'ABCDE')).toBe(false);
  });

  it('should be spent by a wrong answer too', async () => {
    const { captchaId } = await service.create(1, freshIp());
    expect(await service.verify(1, captchaId, 'WRONG')).toBe(false);
    expect(await service.verify(1, captchaId, 'ABCDE')).toBe(false);
  });

  it('should expire after two minutes', async () => {
    const { captchaId } = await service.create(1, freshIp());
    time.advance(CAPTCHA_TTL_SECONDS * 1000 + 1);
    expect(await service.verify(1, captchaId, 'ABCDE')).toBe(false);
  });

  it('should not answer for another merchant, or for an id that does not exist', async () => {
    const { captchaId } = await service.create(1, freshIp());
    expect(await service.verify(2, captchaId, 'ABCDE')).toBe(false);
    expect(await service.verify(1, 'no-such-id', 'ABCDE')).toBe(false);
    expect(await service.verify(1, captchaId, 'ABCDE')).toBe(true);
  });
});
