import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, type GameListValue } from '@platform/contracts';
import { openPage } from './support/browser';
import { seedMemberActivity } from './support/layout';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

// Every demo vendor connected (ADR 0020): the member's betting record names games of vendors a plain demo hides, and
// the allow-list of product names is read from the player's game list.
const suite = usePlatformAndBrowser({ connectVendors: true });

/** The pages a new player reads first: the lobby, a game list, the member centre's pages, help and the verifier. */
const MEMBER_PATHS = [
  '/',
  '/live',
  '/member?page=securityCenter',
  '/member?page=transferFund',
  '/member?page=depositv2',
  '/member?page=withdraw',
  '/member?page=personalHistoryCopy',
  '/member?page=transactionHistory',
  '/help',
  '/verify',
];

/** Guests: the login and register dialogs (their own routes) over the lobby. */
const GUEST_PATHS = ['/login', '/register'];

/**
 * Strings that are the same in Filipino, on purpose: the brand and the demo payment gateway's, what people typed (the
 * member's names, the device of the API login, the cashier's reason), the merchant's payment channel name, the
 * catalogue's game and vendor names (product names), language names in their own language, and what is only digits,
 * signs, an id or a code.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Lucky Star',
  'Demo Pay',
  'Bank transfer',
  'Demo Member',
  'DM',
  'demo_member',
  'Maria Clara Santos dela Cruz',
  'node',
  'Welcome bonus for the first deposit of the month, credited by the cashier desk',
  'English',
  'Filipino',
]);
const isSymbolsOrCode = (text: string) =>
  /^[\p{N}\p{P}\p{S}\s]*$/u.test(text) || // amounts, dates in digits, separators
  /^[A-Z]{2,5}$/.test(text) || // currency and vendor codes
  /^\S+@\S+$/.test(text) || // an e-mail address
  /^\+?\d[\d\s]*$/.test(text) ||
  /^[0-9a-f-]{8,}$/i.test(text) || // hashes
  /^[\w-]*\d[\w-]*$/.test(text); // ids (a round id)

/** Every text a sighted player can see: visible text nodes and the placeholders of visible fields. */
const visibleTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const texts = new Set<string>();
    const shown = (element: Element) => {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
      if (element.closest('.visually-hidden')) return false;
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text && node.parentElement && shown(node.parentElement)) texts.add(text);
    }
    for (const field of Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]')))
      if (shown(field)) texts.add((field.getAttribute('placeholder') ?? '').trim());
    return [...texts].filter(Boolean);
  });

/** The page's words in: the loader gone and no loading placeholder in view (sections further down load on scroll). */
const settle = async (page: Page) => {
  await page.getByTestId('page-loader').waitFor({ state: 'detached' });
  await page
    .waitForFunction(
      () =>
        !Array.from(document.querySelectorAll('[aria-busy="true"], .skeleton, [data-testid$="-loading"]')).some(
          (node) => node.getBoundingClientRect().top < window.innerHeight,
        ),
      undefined,
      { timeout: 3000, polling: 100 },
    )
    .catch(() => undefined); // Still compared: a placeholder has no words of its own.
  await page.waitForTimeout(200);
};

/** The texts of each path in one language, read in one tab (the SPA loaded once per path, fresh state each time). */
const readPages = async (paths: string[], language: 'EN' | 'TY', token?: string) => {
  const { page } = await openPage(suite.browser, suite.platform.baseUrl, { viewport: { width: 1366, height: 900 } });
  await page.context().addInitScript(
    ({ code, value }) => {
      localStorage.setItem('lang', code);
      localStorage.setItem('hisLang', code);
      if (value && !sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', value);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    },
    { code: language, value: token ?? '' },
  );
  const byPath = new Map<string, string[]>();
  for (const path of paths) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.lang), path).toBe(language === 'EN' ? 'en-US' : 'fil-PH');
    byPath.set(path, await visibleTexts(page));
  }
  await page.context().close();
  return byPath;
};

/** Every game and vendor name of the catalogue (product names keep their spelling in every language). */
const catalogueNames = async (): Promise<Set<string>> => {
  const names = new Set<string>();
  for (const language of ['EN', 'TY']) {
    for (let pageNo = 1; pageNo <= 20; pageNo += 1) {
      const response = await fetch(
        `${suite.platform.baseUrl}${API.game.games}?pageNo=${pageNo}&pageSize=100&language=${language}`,
      );
      const value = ((await response.json()) as { value: { games: GameListValue['list']; totalPages: number } }).value;
      for (const game of value.games)
        for (const name of [game.gameName, game.displayName, game.vendorName]) names.add(name);
      if (pageNo >= value.totalPages) break;
    }
  }
  return names;
};

const expectTranslated = (en: Map<string, string[]>, ty: Map<string, string[]>, allowed: Set<string>) => {
  const untranslated: string[] = [];
  for (const [path, tyTexts] of ty) {
    const enTexts = new Set(en.get(path));
    expect(tyTexts.length, `${path} shows text`).toBeGreaterThan(3);
    for (const text of tyTexts)
      if (enTexts.has(text) && !allowed.has(text) && !isSymbolsOrCode(text)) untranslated.push(`${path}: "${text}"`);
  }
  expect(untranslated, 'shown in English after switching to TY').toEqual([]);
};

beforeAll(() => seedMemberActivity(suite.platform));

describe('after switching to TY, nothing a player reads stays in English', () => {
  it(
    'translates the lobby, a game list, the member centre, help and the verifier for a member',
    { timeout: 300_000 },
    async () => {
      const allowed = new Set([...SAME_IN_EVERY_LANGUAGE, ...(await catalogueNames())]);
      const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
      const en = await readPages(MEMBER_PATHS, 'EN', token);
      const ty = await readPages(MEMBER_PATHS, 'TY', token);
      expectTranslated(en, ty, allowed);
    },
  );

  it('translates the login and register dialogs for a guest', { timeout: 120_000 }, async () => {
    const allowed = new Set([...SAME_IN_EVERY_LANGUAGE, ...(await catalogueNames())]);
    const en = await readPages(GUEST_PATHS, 'EN');
    const ty = await readPages(GUEST_PATHS, 'TY');
    expectTranslated(en, ty, allowed);
  });
});
