import { describe, expect, it } from 'vitest';
import { API, OPS_API } from '@platform/contracts';
import { openPage } from './support/browser';
import { opsLogin } from './support/ops';
import { byId, eventually } from './support/page';
import { apiLogin } from './support/session';
import { usePlatformAndBrowser } from './support/suite';

const suite = usePlatformAndBrowser();
const HOUR = 3_600_000;

const promotionForm = (title: { EN: string; TY: string }, startsAt: Date) => ({
  ...{ kind: 'FREE', title, terms: { EN: 'Wager 3x on slots', TY: 'Tayaan ng 3x sa slots' } },
  ...{ audience: 'EVERYONE', audienceLevels: [], audienceAgent: null, startsAt: startsAt.toISOString(), endsAt: null },
  ...{ perMemberLimit: 1, totalLimit: null, bonus: '250.00', percent: null, maxBonus: null, minDeposit: null },
  ...{ turnoverMultiple: 3, turnoverBase: 'BONUS', weights: {}, defaultWeight: 100, maxBet: null },
  ...{ maxConversion: null, expiryHours: 72, onWithdraw: 'FORFEIT' },
});

/**
 * Issue 20's back office in the browser: staff set a VIP level's rebate rate (refused above the game type's house
 * edge), preview a promotion in English and Tagalog before it goes live, and approve another staff member's forfeit
 * of a member's bonus above the threshold.
 */
describe('promotions back office', () => {
  it('sets a rebate rate, and is refused one above the house edge', async () => {
    const ops = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(ops.page, suite.platform.baseUrl, 'ops_content', undefined, '/promotions/rebate-rates');
    const live = byId(ops.page, 'rate-1-LIVE');
    await live.fill('5');
    await byId(ops.page, 'rates-save-1').click();
    await expect.poll(() => byId(ops.page, 'rates-error').textContent()).toContain('1.2%');
    const levels = async () =>
      (await suite.platform.staff('GET', OPS_API.vipLevels)).json.value as {
        list: { level: number; rebateRates: Record<string, string> }[];
      };
    expect((await levels()).list.find((l) => l.level === 1)?.rebateRates.LIVE).not.toBe('5');
    await live.fill('1.1');
    await byId(ops.page, 'rates-save-1').click();
    await eventually(async () => (await levels()).list.find((l) => l.level === 1)?.rebateRates.LIVE).toBe('1.1');
    expect(ops.consoleErrors.filter((e) => !e.includes('422'))).toEqual([]);
    await ops.page.context().close();
  });

  it('previews a promotion in each language before it goes live', async () => {
    const created = await suite.platform.staff(
      'POST',
      OPS_API.promotions,
      promotionForm(
        { EN: 'Preview weekend bonus', TY: 'Bonus sa katapusan ng linggo' },
        new Date(Date.now() + 48 * HOUR),
      ),
    );
    expect(created.status).toBe(200);
    const ops = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(ops.page, suite.platform.baseUrl, 'ops_content', undefined, '/promotions');
    const row = byId(ops.page, 'promotions-row').filter({ hasText: 'Preview weekend bonus' });
    await row.getByTestId('promotion-preview-open').click();
    const dialog = byId(ops.page, 'promotion-preview');
    await expect.poll(() => dialog.getByTestId('preview-title').textContent()).toBe('Preview weekend bonus');
    await expect.poll(() => dialog.getByTestId('preview-live').textContent()).toBe('Not live yet');
    await dialog.getByTestId('preview-language-TY').click();
    await expect.poll(() => dialog.getByTestId('preview-title').textContent()).toBe('Bonus sa katapusan ng linggo');
    expect(await dialog.getByTestId('preview-terms').textContent()).toBe('Tayaan ng 3x sa slots');
    expect(ops.consoleErrors).toEqual([]);
    await ops.page.context().close();
  });

  it('forfeits a bonus above the threshold once a second staff member approves', async () => {
    const created = await suite.platform.staff(
      'POST',
      OPS_API.promotions,
      promotionForm({ EN: 'Forfeit test bonus', TY: 'Bonus para sa forfeit' }, new Date(Date.now() - HOUR)),
    );
    const promotionId = (created.json.value as { id: string }).id;
    const username = `ff${Date.now().toString(36)}`.slice(0, 14);
    await suite.platform.sql(
      `INSERT INTO members (merchant_id, username, user_type, password_hash, password_changed_at, nickname,
         register_method)
       SELECT merchant_id, $1, user_type, password_hash, now(), $1, 'SEED' FROM members WHERE username = 'demo_member'`,
      [username],
    );
    const token = await apiLogin(suite.platform.baseUrl, username, 'Demo#2026');
    const claim = await fetch(`${suite.platform.baseUrl}${API.promotions.claim.replace(':id', promotionId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(claim.status).toBe(200);
    // Another staff member (the suite's) asks: 250.00 is above the threshold, so it waits.
    const asked = await suite.platform.staff('POST', OPS_API.bonusForfeits, {
      ...{ username, reason: 'Bonus abuse across accounts', requestId: `e2e-forfeit-${username}` },
    });
    expect(asked.json.value).toMatchObject({ status: 'PENDING', balance: '250.00' });

    const ops = await openPage(suite.browser, suite.platform.baseUrl);
    await opsLogin(ops.page, suite.platform.baseUrl, 'ops_content', undefined, '/promotions/forfeits');
    const row = byId(ops.page, 'forfeits-row').filter({ hasText: username });
    await row.getByTestId('forfeit-approve').click();
    await byId(ops.page, 'forfeit-approve-dialog').getByRole('button', { name: 'Forfeit' }).click();
    await expect.poll(() => row.getByTestId('forfeit-status').textContent()).toBe('Forfeited');
    const details = await fetch(`${suite.platform.baseUrl}${API.bonus.details}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await details.json()) as { value: unknown };
    expect(JSON.stringify(body.value)).toContain('FORFEITED');
    expect(ops.consoleErrors).toEqual([]);
    await ops.page.context().close();
  });
});
