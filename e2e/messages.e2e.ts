import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { opsLogin } from './support/ops';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const WINDOW = { viewport: { width: 440, height: 750 } };

/** A page signed in as demo_member (the token as the web app keeps it). */
const memberPage = async (path: string, options = {}): Promise<Page> => {
  const token = await apiLogin(suite.platform.baseUrl, 'demo_member', 'Demo#2026');
  const { page } = await openPage(suite.browser, suite.platform.baseUrl, options);
  await page.context().addInitScript((value) => {
    if (!sessionStorage.getItem('token')) {
      sessionStorage.setItem('token', value);
      sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
    }
  }, token);
  await page.goto(path);
  await page.getByTestId('page-loader').waitFor({ state: 'detached' });
  return page;
};

const badge = async (page: Page) => {
  const found = page.getByTestId('header-unread');
  return (await found.count()) === 0 ? 0 : Number(await found.innerText());
};

const hours = (days: string) =>
  suite.platform.sql(
    `INSERT INTO chat_settings (merchant_id, days, opens_minute, closes_minute)
     SELECT id, $1::smallint[], 0, 1440 FROM merchants WHERE code = 'demo'
     ON CONFLICT (merchant_id) DO UPDATE SET days = EXCLUDED.days, opens_minute = 0, closes_minute = 1440`,
    [days],
  );

describe('messages and customer service', () => {
  it("raises the member's badge without a reload when staff send a message, and lowers it on reading", async () => {
    const member = await memberPage('/member?page=securityCenter');
    await member.getByTestId('user-menu-trigger').waitFor();
    await member.waitForTimeout(1_000);
    const before = await badge(member);

    const { page: ops } = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(ops, suite.platform.baseUrl, 'ops_support', undefined, '/content/messages');
    await ops.getByTestId('message-usernames').fill('demo_member');
    await ops.getByTestId('message-title-EN').fill('E2E hello from support');
    await ops.getByTestId('message-content-EN').fill('Your weekly bonus is ready.');
    await ops.getByTestId('message-send').click();
    await ops.getByTestId('messages-sent').getByText('E2E hello from support').waitFor();

    await poll(() => badge(member)).toBe(before + 1);
    await member.getByRole('link', { name: /Messages/ }).click();
    await member.getByText('E2E hello from support').click();
    await member.getByText('Your weekly bonus is ready.').waitFor();
    await poll(() => badge(member)).toBe(before);
  });

  it('carries a live chat with images both ways, transferred and closed, and a guest message outside the hours', async () => {
    await hours('{1,2,3,4,5,6,7}');
    const member = await memberPage('/service', WINDOW);
    await member.getByLabel('Message').fill('E2E where is my deposit?');
    await member.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await member.getByRole('button', { name: 'Send', exact: true }).click();
    await member.getByText('E2E where is my deposit?').waitFor();

    const { page: ops } = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(ops, suite.platform.baseUrl, 'ops_support', undefined, '/support/chats');
    await ops
      .getByRole('button', { name: /demo_member/ })
      .first()
      .click();
    await ops.getByText('E2E where is my deposit?').waitFor();
    await ops.getByRole('button', { name: 'Take' }).click();
    // The member's profile and balance beside the chat.
    await ops.getByRole('complementary', { name: 'Member' }).getByRole('link', { name: 'demo_member' }).waitFor();
    await poll(() => ops.locator('.support__transcript img').count()).toBe(1);
    await ops.getByLabel('Reply', { exact: true }).fill('E2E it is credited, see the slip');
    await ops.locator('#staff-image').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
    await ops.getByRole('button', { name: 'Send', exact: true }).click();

    await member.getByText('E2E it is credited, see the slip').waitFor();
    await poll(() => member.locator('.chat__image').count()).toBe(2);
    // Transferred to a named colleague with a note only staff read; only that colleague answers it then.
    const transfer = ops.getByTestId('transfer-control');
    await transfer.getByText('Transfer', { exact: true }).click();
    await transfer.getByLabel('Colleague', { exact: true }).selectOption({ label: 'Adrian Admin (ops_admin)' });
    await transfer.getByLabel('Note for the colleague (staff only)').fill('E2E VIP, check the payout desk');
    await transfer.getByRole('button', { name: 'Transfer to colleague' }).click();
    await ops.getByTestId('chat-others').getByText('ops_admin is answering this chat.').waitFor();
    expect(await ops.getByLabel('Reply', { exact: true }).count()).toBe(0);
    await member.getByText('You are being transferred to another agent.').waitFor();
    expect(await member.getByText(/payout desk/).count()).toBe(0);

    const { page: admin } = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(admin, suite.platform.baseUrl, 'ops_admin', undefined, '/support/chats');
    await admin.getByRole('tab', { name: 'Active' }).click();
    await admin
      .getByRole('button', { name: /demo_member/ })
      .first()
      .click();
    await admin.getByText('E2E VIP, check the payout desk').waitFor();
    await admin.getByRole('button', { name: 'Close', exact: true }).click();
    await member.getByText('This chat has ended.').waitFor();
    expect(await member.getByText(/payout desk/).count()).toBe(0);

    // A guest outside the consulting hours: the message waits in the queue, marked offline.
    await hours('{}');
    const { page: guest } = await openPage(suite.browser, suite.platform.baseUrl, WINDOW);
    await guest.goto('/service');
    await guest.getByLabel('Name').fill('E2E Guest');
    await guest.getByLabel('Email or phone').fill('guest@example.com');
    await guest.getByRole('button', { name: 'Start chat' }).click();
    await guest.getByText(/outside our consulting hours/).waitFor();
    await guest.getByLabel('Message').fill('E2E please call me back');
    await guest.getByRole('button', { name: 'Send', exact: true }).click();
    await guest.getByText('E2E please call me back').waitFor();
    await ops.getByRole('tab', { name: 'Waiting' }).click();
    const waiting = ops.getByRole('button', { name: /E2E Guest/ });
    await poll(() => waiting.count()).toBeGreaterThan(0);
    expect(await waiting.first().innerText()).toContain('Offline message');
  });

  it('sends feedback and shows the answer from the back office', async () => {
    const member = await memberPage('/service', WINDOW);
    await member.getByRole('tab', { name: 'Feedback' }).click();
    await member.getByLabel('Your feedback').fill('E2E the lobby search could also find vendors by name please');
    await member.getByRole('button', { name: 'Send feedback' }).click();
    await member.getByText('Thank you: we will answer here.').waitFor();

    const { page: ops } = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(ops, suite.platform.baseUrl, 'ops_support', undefined, '/support/feedback');
    const item = ops.locator('.support__feedback-item').filter({ hasText: 'E2E the lobby search' });
    await item.getByLabel('Reply', { exact: true }).fill('E2E thanks, it is on our list');
    await item.getByRole('button', { name: 'Reply and close' }).click();
    await poll(() => ops.locator('.support__feedback-item').filter({ hasText: 'E2E the lobby search' }).count()).toBe(
      0,
    );

    await member.reload();
    await member.getByRole('tab', { name: 'Feedback' }).click();
    await member.getByText('E2E thanks, it is on our list').waitFor();
  });

  it('lets staff change the consulting hours a guest then sees in the customer-service modal, beside the help topics', async () => {
    await hours('{1,2,3,4,5,6,7}');
    const { page: ops } = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(ops, suite.platform.baseUrl, 'ops_admin', undefined, '/config/support');
    // No day ticked: support is closed every day.
    for (const day of [1, 2, 3, 4, 5, 6, 7]) await ops.getByTestId(`hours-day-${day}`).uncheck();
    await ops.getByTestId('hours-save').click();
    await ops
      .getByTestId('hours-now')
      .getByText(/Support is closed now/)
      .waitFor();

    const { page: guest, consoleErrors } = await openPage(suite.browser, suite.platform.baseUrl, {
      viewport: { width: 1366, height: 768 },
    });
    await guest.goto('/');
    await guest.getByTestId('page-loader').waitFor({ state: 'detached' });
    await guest.getByTestId('side-menu-public').click();
    const modal = guest.getByTestId('public-modal');
    await modal.getByText('We are offline now').waitFor();
    await modal.getByText(/Live chat is not staffed at the moment/).waitFor();
    await modal.getByRole('button', { name: 'Leave a message' }).waitFor();

    // From customer service to the help topics, in the same place.
    await modal.getByRole('button', { name: 'Help centre' }).click();
    const help = guest.getByTestId('help-modal');
    await help.getByRole('button', { name: /Terms/ }).click();
    await help.getByRole('link', { name: 'Open the help centre' }).waitFor();
    await guest.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(new URL(guest.url()).pathname).toBe('/');

    // A footer help link opens its topic over the page too.
    const footerLink = guest.getByTestId('app-footer').getByRole('link').first();
    await footerLink.click();
    await guest.getByTestId('help-modal').waitFor();
    expect(new URL(guest.url()).pathname).toBe('/');
    expect(consoleErrors).toEqual([]);

    // Back to the demo's hours for the other tests.
    await suite.platform.sql(
      `UPDATE chat_settings SET days = '{1,2,3,4,5}', opens_minute = 720, closes_minute = 1260
       WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
    );
  });
});
