import { beforeEach, describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { opsLogin } from './support/ops';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();

beforeEach(async () => {
  await suite.platform.sql('DELETE FROM rate_limits');
});

type AuditEntry = { action: string; staffUsername: string; reason: string | null };

/** The merchant's audit entries of one action, newest first (read as an owner would on the audit page). */
const auditOf = async (action: string): Promise<AuditEntry[]> => {
  const res = await suite.platform.staff('GET', `/wps/ops/audit?action=${action}`);
  expect(res.status).toBe(200);
  return (res.json.value as { list: AuditEntry[] }).list;
};

describe('members and agents in the back office', () => {
  it('support finds demo_member and adds a note; risk locks weak_member, who then cannot log in', async () => {
    const { baseUrl } = suite.platform;

    const support = await openPage(suite.browser, baseUrl);
    await opsLogin(support.page, baseUrl, 'ops_support', undefined, '/members');
    // The page is its own chunk, loaded after sign-in: on a busy machine that can take a while.
    await support.page.getByTestId('members-page').waitFor({ timeout: 60_000 });
    await support.page.getByTestId('filter-username').fill('demo_m');
    await support.page.getByTestId('member-filters-apply').click();
    await support.page.getByTestId('member-link').filter({ hasText: 'demo_member' }).click();
    await support.page.getByTestId('member-profile').waitFor();
    expect(await support.page.getByTestId('member-profile').innerText()).toContain('demo_member@luckystar.example');
    expect(await support.page.getByTestId('member-lock').count()).toBe(0);
    await support.page.getByTestId('member-tab-notes').click();
    await support.page.getByTestId('member-notes-empty').waitFor();
    await support.page.getByTestId('note-text').fill('Called about a late deposit; asked for the receipt.');
    await support.page.getByTestId('note-submit').click();
    await support.page.getByTestId('member-note').filter({ hasText: 'asked for the receipt' }).waitFor();
    expect(await auditOf('member.note')).toMatchObject([{ action: 'member.note', staffUsername: 'ops_support' }]);
    expect(support.consoleErrors).toEqual([]);
    await support.page.context().close();

    const risk = await openPage(suite.browser, baseUrl);
    await opsLogin(risk.page, baseUrl, 'ops_risk', undefined, '/members?username=weak_member');
    await risk.page.getByTestId('members-page').waitFor({ timeout: 60_000 });
    await risk.page.getByTestId('member-link').filter({ hasText: 'weak_member' }).click();
    await risk.page.getByTestId('member-lock').click();
    await risk.page.getByTestId('member-status-dialog-reason').fill('Shared password reported by the member');
    await risk.page.getByTestId('member-status-dialog-confirm').click();
    await risk.page.getByTestId('member-status').filter({ hasText: 'Locked' }).waitFor();
    expect(await auditOf('member.lock')).toMatchObject([
      { action: 'member.lock', staffUsername: 'ops_risk', reason: 'Shared password reported by the member' },
    ]);
    expect(risk.consoleErrors).toEqual([]);
    await risk.page.context().close();

    const player = await openPage(suite.browser, baseUrl, { extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.77' } });
    await player.page.goto('/login');
    await player.page.getByTestId('page-loader').waitFor({ state: 'detached' });
    await player.page.getByTestId('login-dialog').waitFor();
    await player.page.getByTestId('login-username').fill('weak_member');
    await player.page.getByTestId('login-password').fill('123456');
    await player.page.getByTestId('login-submit').click();
    await player.page.getByTestId('login-error').waitFor({ timeout: 60_000 });
    expect(await player.page.getByTestId('login-error').innerText()).toMatch(/locked/i);
    expect(await player.page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await player.page.context().close();
  });
});
