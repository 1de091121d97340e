import { describe, expect, it } from 'vitest';
import { OPS_API } from '@platform/contracts';
import { openPage } from './support/browser';
import { opsLogin } from './support/ops';
import { usePlatformAndBrowser } from './support/suite';

const shot = (name: string) => new URL(`./screenshots/${name}`, import.meta.url).pathname;
const MESSAGE = 'Upgrading the tables, back at 10:00 UTC';

type AuditEntry = {
  staffUsername: string;
  action: string;
  before: { enabled?: boolean };
  after: { enabled?: boolean };
};

const suite = usePlatformAndBrowser();

describe('maintenance from the back office', () => {
  it('shows players the maintenance page while staff have it on, the lobby again once off, and audits both', async () => {
    const { baseUrl } = suite.platform;
    const staff = await openPage(suite.browser, baseUrl);
    await opsLogin(staff.page, baseUrl, 'ops_admin', undefined, '/config/maintenance');
    const form = staff.page.getByTestId('maintenance-form');
    await form.waitFor();
    await expect.poll(() => staff.page.getByTestId('maintenance-status').innerText()).toContain('Off');

    await staff.page.getByTestId('maintenance-enabled').check();
    await staff.page.getByTestId('maintenance-message-EN').fill(MESSAGE);
    await staff.page.getByTestId('maintenance-message-TY').fill('Inaayos ang mga mesa, babalik ng 10:00 UTC');
    await staff.page.getByTestId('maintenance-save').click();
    // Turning maintenance on is confirmed first.
    const confirm = staff.page.getByTestId('maintenance-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Turn maintenance on?');
    await staff.page.getByTestId('maintenance-confirm-confirm').click();
    await expect
      .poll(() => staff.page.getByTestId('maintenance-status').innerText())
      .toContain('Players see the maintenance page now');
    await staff.page.screenshot({ path: shot('ops-maintenance-on.png') });

    // A player opening the site gets the maintenance page with the operator's message, and no lobby.
    const player = await openPage(suite.browser, baseUrl, { locale: 'en-US' });
    await player.page.goto('/');
    await player.page.getByTestId('maintenance-page').waitFor();
    expect(await player.page.getByTestId('maintenance-page').innerText()).toContain(MESSAGE);
    expect(await player.page.getByTestId('main-content').count()).toBe(0);
    await player.page.screenshot({ path: shot('ops-maintenance-player.png') });

    // Off again: no confirmation needed, and the player's next visit shows the lobby.
    await staff.page.getByTestId('maintenance-enabled').uncheck();
    await staff.page.getByTestId('maintenance-save').click();
    await expect.poll(() => staff.page.getByTestId('maintenance-status').innerText()).toContain('Off');
    expect(await staff.page.getByTestId('maintenance-confirm').count()).toBe(0);
    await player.page.reload();
    await player.page.getByTestId('main-content').waitFor();
    expect(await player.page.getByTestId('maintenance-page').count()).toBe(0);

    // Both changes are in the audit log, newest first, by the staff member who made them.
    const audit = await suite.platform.staff('GET', `${OPS_API.audit}?action=config.maintenance`);
    expect(audit.status).toBe(200);
    const entries = (audit.json.value as { list: AuditEntry[] }).list;
    expect(
      entries.map((entry) => [entry.action, entry.staffUsername, entry.before.enabled, entry.after.enabled]),
    ).toEqual([
      ['config.maintenance.update', 'ops_admin', true, false],
      ['config.maintenance.update', 'ops_admin', false, true],
    ]);
    expect(staff.consoleErrors).toEqual([]);
    expect(player.consoleErrors).toEqual([]);
    await staff.page.context().close();
    await player.page.context().close();
  });
});
