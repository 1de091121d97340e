/**
 * Screenshots of the agent centre's pages and the member's personalProfit (issue 18), and of the contract pages, the
 * contract modal and a downline's contracts (issue 19), at a phone's and a laptop's size, EN and TY, light and dark,
 * into docs/screenshots/agent/. Run after `npm run build`: `npx tsx e2e/agent-screenshots.ts` (add `contracts` for
 * the contract screens only). Not a test (agent-centre.e2e.ts and agent-contracts.e2e.ts assert the flows); these are
 * for people to look at. demo_agent's demo team gets a few settled rounds and cashier credits first, and the rollup
 * jobs run, so the pages have figures; contracts are offered and accepted and their windows settled on a moved clock.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import { launchBrowser, openPage } from './support/browser';
import { phone } from './support/layout';
import { seedContractFigures } from './support/contracts';
import { startPlatform } from './support/platform';
import { apiLogin } from './support/session';

const OUT = join(new URL('..', import.meta.url).pathname, 'docs/screenshots/agent');

const AGENT_PAGES = [
  ['overview', 'agentTeamOverview', 'team-overview'],
  ['register', 'registerCenter', 'register-center'],
  ['downlines', 'downlineManagmentView', 'downline-view'],
  ['bets', 'personalHistoryCopy', 'team-bets'],
  ['profit', 'palStatementsAgentCopy', 'team-profit'],
  ['transactions', 'agentDownlineTransactionDetailsCopy', 'team-transactions'],
  ['announcements', 'agentAnnouncement', 'agent-announcements'],
] as const;

/** The contract pages, each shown over this month (their windows are yesterday's and the days before). */
const CONTRACT_PAGES = [
  ['income', 'agentRevenueReport', 'revenue-table', 'revenue'],
  ['dividend', 'agentDividendRecordCopy2', 'dividend-records-table', 'dividend-records'],
  ['daily-salary', 'agentDailyWages2', 'daily-records-table', 'daily-records'],
  ['hourly-salary', 'agentHourSalary', 'hourly-records-table', 'hourly-records'],
  ['realtime-salary', 'agentRealtimeSalary', 'realtime-records-table', 'realtime-records'],
] as const;

/** The settlement jobs of the contract types. */
const SETTLE_JOBS = ['agent-contract.realtime', 'agent-contract.hourly', 'agent-contract.daily'];
const onlyContracts = process.argv.includes('contracts');

/** A page's name, path, the test id it is ready at, and (contract pages) the prefix of its period tabs. */
type Shot = readonly [string, string, string, string | null];

type Variant = { name: string; options: BrowserContextOptions; language: 'EN' | 'TY'; theme: 'light' | 'dark' };

const VARIANTS: Variant[] = [
  { name: '390-en', options: phone(390, 844), language: 'EN', theme: 'light' },
  { name: '1366-en', options: { viewport: { width: 1366, height: 768 } }, language: 'EN', theme: 'light' },
  { name: '390-ty-dark', options: phone(390, 844), language: 'TY', theme: 'dark' },
  { name: '1366-ty-dark', options: { viewport: { width: 1366, height: 768 } }, language: 'TY', theme: 'dark' },
];

/** The contract modal of the offer waiting on the overview, and demo_subagent's contracts in team management. */
const contractDialogs = async (page: Page, variant: string) => {
  await page.goto('/agentHome?page=agentTeamOverview');
  await page.getByTestId('contract-banner-review').click();
  await page.getByTestId('contract-modal-tiers').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(OUT, `agent-contract-modal-${variant}.png`) });
  await page.goto('/agentHome?page=downlineManagmentView');
  await page.getByTestId('downline-search').fill('demo_subagent');
  await page.getByTestId('downline-search-submit').click();
  await page
    .getByTestId('downline-table-row')
    .filter({ hasText: 'demo_subagent' })
    .getByTestId('downline-contracts')
    .click();
  await page.getByTestId('downline-contract').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(OUT, `agent-downline-contracts-${variant}.png`) });
};

const platform = await startPlatform({ connectVendors: true, movableClock: true });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  // The demo team plays: rounds settled today as a vendor's settlement writes them, one per member and game.
  await platform.sql(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
       valid_bet_minor, status, started_at, settled_at)
     SELECT g.merchant_id, g.vendor_code, 'shot-' || m.id || '-' || g.n, m.id, g.game_code, 'USD',
       1000 * (g.n + m.id % 7), 700 * (g.n + m.id % 5), 1000 * (g.n + m.id % 7), 'SETTLED',
       now() - interval '20 minutes', now() - interval '10 minutes'
     FROM (SELECT merchant_id, vendor_code, game_code, row_number() OVER (ORDER BY vendor_code, game_code) AS n
           FROM games WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'demo')) g
     JOIN members m ON m.merchant_id = g.merchant_id AND (m.username LIKE 'demo_team_%' OR m.username = 'demo_downline')
     WHERE g.n <= 3`,
  );
  for (const [index, username] of ['demo_team_ana', 'demo_team_ben', 'demo_downline'].entries()) {
    await platform.staff('POST', OPS_API.adjustments, {
      ...{ username, direction: 'CREDIT', amount: `${(index + 1) * 125}.00` },
      ...{ reason: 'Screenshot funding', requestId: `agent-shot-${index}` },
    });
  }
  await platform.runJob('play-stats.rollup');
  await platform.runJob('agent-team.rollup');
  await seedContractFigures(platform, SETTLE_JOBS);
  const agentToken = await apiLogin(platform.baseUrl, 'demo_agent', 'Agent#2026', 'agent');
  const memberToken = await apiLogin(platform.baseUrl, 'demo_team_ana', 'Demo#2026');

  for (const variant of VARIANTS) {
    for (const [who, token, type, pages] of [
      [
        'agent',
        agentToken,
        1,
        [
          ...(onlyContracts ? [] : AGENT_PAGES).map(([name, key, ready]) => [name, key, ready, null] as const),
          ...CONTRACT_PAGES,
        ].map(([name, key, ready, tabs]): Shot => [name, `/agentHome?page=${key}`, ready, tabs]),
      ],
      [
        'member',
        memberToken,
        0,
        onlyContracts
          ? []
          : [
              ['personal-profit', '/member?page=personalProfit', 'personal-profit'] as readonly [
                string,
                string,
                string,
              ],
            ],
      ],
    ] as const) {
      const { page } = await openPage(browser, platform.baseUrl, variant.options);
      await page.context().addInitScript(
        ({ value, language, theme, userType }) => {
          localStorage.setItem('lang', language);
          localStorage.setItem('theme', theme);
          if (!sessionStorage.getItem('token')) {
            sessionStorage.setItem('token', value);
            sessionStorage.setItem('userInfo', JSON.stringify({ type: userType }));
          }
        },
        { value: token, language: variant.language, theme: variant.theme, userType: type },
      );
      for (const [name, path, ready, tabs] of pages) {
        await page.goto(path);
        await page.getByTestId('page-loader').waitFor({ state: 'detached' });
        if (tabs !== null) await page.getByTestId(`${tabs}-period-THIS_MONTH`).click();
        await page.getByTestId(ready).first().waitFor({ timeout: 15_000 });
        await page.waitForTimeout(800);
        const file = join(OUT, `${who}-${name}-${variant.name}.png`);
        await page.screenshot({ path: file, fullPage: variant.name.startsWith('390') });
        console.log(file);
      }
      if (who === 'agent') await contractDialogs(page, variant.name);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  await platform.stop();
}
