import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, CaptchaResponseSchema } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { freshIp } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createRateLimiter, databaseRateLimitStore } from '../../platform/rate-limit';
import { QUESTION_DIGITS, randomCaptchaQuestion } from './captcha.question';
import { createCaptchaModule, type CaptchaService } from './index';

/** What a listener does with the question: each number word becomes its digit. */
const DIGIT_WORDS: Record<string, string[]> = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  ty: ['sero', 'isa', 'dalawa', 'tatlo', 'apat', 'lima', 'anim', 'pito', 'walo', 'siyam'],
};
const solve = (question: string, lang: 'en' | 'ty'): string =>
  (question.toLowerCase().match(/[a-z]+/g) ?? [])
    .map((word) => DIGIT_WORDS[lang]!.indexOf(word))
    .filter((digit) => digit >= 0)
    .join('');

describe('captcha question', () => {
  it('should spell out five digits in the language asked for, in more than one phrasing', () => {
    for (const lang of ['en', 'ty'] as const) {
      const questions = Array.from({ length: 200 }, () => randomCaptchaQuestion(lang));
      for (const { question, answer } of questions) {
        expect(answer).toMatch(new RegExp(`^[0-9]{${QUESTION_DIGITS}}$`));
        expect(solve(question, lang)).toBe(answer);
        expect(question).not.toMatch(/[0-9]/);
      }
      expect(new Set(questions.map((q) => q.answer)).size).toBeGreaterThan(190);
      expect(new Set(questions.map((q) => q.question.split(':')[0]!.slice(0, 12))).size).toBeGreaterThan(1);
    }
  });

  it('should ask in Tagalog for ty and in English for a language it does not know', () => {
    const tagalog = randomCaptchaQuestion('ty').question;
    expect([solve(tagalog, 'ty').length, solve(tagalog, 'en')]).toEqual([QUESTION_DIGITS, '']);
    expect(solve(randomCaptchaQuestion('ty', () => 1).question, 'ty')).toBe('11111');
    expect(solve(randomCaptchaQuestion('xx', () => 7).question, 'en')).toBe('77777');
  });
});

describeEachDatabase('captcha text question', (getDb) => {
  const time = manualClock();
  let app: FastifyInstance;
  let service: CaptchaService;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
    const limiter = createRateLimiter(databaseRateLimitStore(getDb()), time.now);
    service = createCaptchaModule({ db: getDb(), limiter, now: time.now }).service;
  });
  afterAll(() => app.close());

  const fetchQuestion = (ip: string, lang: string) =>
    app.inject({ url: `${API.captcha}?kind=text&lang=${lang}`, headers: { 'x-forwarded-for': ip } });
  const setOffered = (enabled: boolean) =>
    getDb().query("UPDATE merchant_whitelabel_modules SET enabled = $1 WHERE mod_id = 'CAPTCHATEXT3'", [enabled]);

  it('should serve the question in the player language where the merchant offers it, answered once', async () => {
    await setOffered(true);
    const res = await fetchQuestion(freshIp(), 'ty');
    expect(res.statusCode).toBe(200);
    const value = CaptchaResponseSchema.parse(res.json().value);
    if (value.kind !== 'text') throw new Error('expected a text question');
    const answer = solve(value.question, 'ty');
    expect(answer).toHaveLength(QUESTION_DIGITS);
    // People type digits read out one by one with spaces between.
    expect(await service.verify(1, value.captchaId, answer.split('').join(' '))).toBe(true);
    expect(await service.verify(1, value.captchaId, answer)).toBe(false);
  });

  it('should refuse the question where the merchant has not turned it on', async () => {
    await setOffered(false);
    try {
      const res = await fetchQuestion(freshIp(), 'en');
      expect([res.statusCode, res.json().code]).toEqual([403, 'FEATURE_DISABLED']);
    } finally {
      await setOffered(true);
    }
  });

  it('should share the refresh limit with the picture, and refuse an unknown kind with a 4xx', async () => {
    await setOffered(true);
    const ip = freshIp();
    const picture = await app.inject({ url: API.captcha, headers: { 'x-forwarded-for': ip } });
    expect(picture.statusCode).toBe(200);
    const question = await fetchQuestion(ip, 'en');
    expect([question.statusCode, question.json().code]).toEqual([429, 'RATE_LIMITED']);
    const unknown = await app.inject({ url: `${API.captcha}?kind=audio`, headers: { 'x-forwarded-for': freshIp() } });
    expect(unknown.statusCode).toBe(400);
  });
});
