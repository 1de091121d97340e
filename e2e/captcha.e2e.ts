import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { usePlatformAndBrowser } from './support/suite';

/** Screenshots a reviewer looks at (ADR 0021), kept with the captcha samples. */
const shot = (name: string) => new URL(`../docs/screenshots/captcha/${name}`, import.meta.url).pathname;

const suite = usePlatformAndBrowser();

beforeEach(async () => {
  await suite.platform.sql('DELETE FROM rate_limits');
});
let visitor = 40;

/** What a listener does with the question: each number word becomes its digit. */
const DIGIT_WORDS = {
  EN: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  TY: ['sero', 'isa', 'dalawa', 'tatlo', 'apat', 'lima', 'anim', 'pito', 'walo', 'siyam'],
};
const digitsOf = (question: string, language: 'EN' | 'TY') =>
  (question.toLowerCase().match(/[a-z]+/g) ?? [])
    .map((word) => DIGIT_WORDS[language].indexOf(word))
    .filter((digit) => digit >= 0)
    .join('');

const STRINGS = {
  EN: { refresh: 'New code', useQuestion: /Answer a question instead/, answer: /Answer, in digits/ },
  TY: { refresh: 'Bagong code', useQuestion: /Sumagot sa tanong/, answer: /Sagot, sa mga digit/ },
};

/** The login dialog on a 390×844 phone, after one wrong password has brought up the captcha. */
const loginWithCaptcha = async (language: 'EN' | 'TY'): Promise<Page> => {
  visitor += 1;
  const { page } = await openPage(suite.browser, suite.platform.baseUrl, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor}` },
  });
  await page.context().addInitScript((code) => localStorage.setItem('lang', code), language);
  await page.goto('/login');
  await page.getByTestId('login-dialog').waitFor();
  await page.getByTestId('login-username').fill('demo_downline');
  await page.getByTestId('login-password').fill('Wrong#Pass1');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-captcha-image').and(page.locator('img')).waitFor();
  return page;
};

describe('captcha on a phone', () => {
  for (const language of ['EN', 'TY'] as const) {
    it(`shows a large picture and a labelled refresh in ${language}, and logs in with the spoken-digits question`, async () => {
      const page = await loginWithCaptcha(language);
      const text = STRINGS[language];
      const image = await page.getByTestId('login-captcha-image').boundingBox();
      expect([image?.width, image?.height]).toEqual([180, 60]);
      const refresh = page.getByRole('button', { name: text.refresh });
      expect(await refresh.isVisible()).toBe(true);
      expect((await refresh.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByTestId('login-captcha-image').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`login-390-${language.toLowerCase()}.png`) });

      await page.getByRole('button', { name: text.useQuestion }).click();
      const question = await page.getByTestId('login-captcha-question').innerText();
      const answer = digitsOf(question, language);
      expect(answer).toMatch(/^[0-9]{5}$/);
      await page.screenshot({ path: shot(`login-390-${language.toLowerCase()}-question.png`) });
      await page.getByRole('textbox', { name: text.answer }).fill(answer.split('').join(' '));
      await page.getByTestId('login-password').fill('Demo#2026');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('user-nickname').waitFor();
      await page.context().close();
    });
  }
});
