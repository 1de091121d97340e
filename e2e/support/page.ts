import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Small helpers the player-side browser tests share. */
export const shot = (name: string) => new URL(`../screenshots/${name}`, import.meta.url).pathname;
export const eventually = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });
export const byId = (page: Page, id: string) => page.getByTestId(id);
export const cardNamed = (page: Page, name: string) => byId(page, 'game-card').filter({ hasText: name });
/** "1,234.50" out of "₱1,234.50" or "1,234.50 PHP": the amount both the header and the game show. */
export const amountIn = (text: string): string => /\d[\d,]*\.\d{2}/.exec(text)?.[0] ?? `no amount in "${text}"`;

/** The header's balance once it has loaded (it shows a placeholder until the wallet call answers). */
export const headerAmount = async (page: Page): Promise<string> => {
  await eventually(async () => /\d\.\d{2}/.test(await page.getByTestId('header-balance').innerText())).toBe(true);
  return amountIn(await page.getByTestId('header-balance').innerText());
};

export const ready = async (page: Page, path: string) => {
  await page.goto(path);
  await byId(page, 'page-loader').waitFor({ state: 'detached' });
};
