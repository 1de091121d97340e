import type { Browser, Page } from 'playwright-core';
import {
  AGENT_CONTRACT_API,
  AGENT_CONTRACT_OPS_API,
  API,
  CONTRACT_TYPE_SLUGS,
  sealPayload,
  type Contract,
  type ContractDetails,
  type ContractPolicy,
  type ContractTier,
  type ContractType,
  type PublicKeyInfo,
} from '@platform/contracts';
import { openPage } from './browser';
import { E2E_STAFF_TOKEN, type Platform } from './platform';
import { apiLogin } from './session';

/** Set-up for the agent-contract browser tests, through the API where the UI is not what a test is about. */

type Envelope<T> = { success: boolean; value?: T; code?: string; message?: string };
export type Answer<T> = { status: number; body: Envelope<T> };

export const MINUTE_MS = 60_000;

/** Calls the platform API as one agent (its bearer token). */
export const asAgent = (platform: Platform, token: string) => {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await fetch(`${platform.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': '198.51.100.251',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };
  const value = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const answer = await call<T>(method, path, body);
    if (!answer.body.success || answer.body.value === undefined) {
      throw new Error(`${method} ${path}: ${answer.status} ${answer.body.code} ${answer.body.message}`);
    }
    return answer.body.value;
  };
  return {
    call,
    value,
    /** A downline account (the sealed call the account-creation page makes). */
    createDownline: async (username: string, password: string, type: 'AGENT' | 'MEMBER') => {
      const key = await value<PublicKeyInfo & { serverTimeMs: number }>('GET', API.system.publicKey);
      const sealed = await sealPayload(key, { username, password, type }, key.serverTimeMs);
      return value('POST', API.agent.downlines, sealed);
    },
    details: (type: ContractType) =>
      value<ContractDetails>('POST', AGENT_CONTRACT_API.detail.replace(':type', CONTRACT_TYPE_SLUGS[type]), {}),
    offer: (username: string, type: ContractType, tiers: ContractTier[]) =>
      call<Contract>('POST', AGENT_CONTRACT_API.offers, { username, type, tiers }),
    /** Accepts every offer waiting for this agent's answer. */
    acceptAll: async () => {
      const query = new URLSearchParams({ role: 'MINE', status: 'OFFERED', pageNo: '1', pageSize: '20' });
      const page = await value<{ list: Contract[] }>('GET', `${AGENT_CONTRACT_API.contracts}?${query.toString()}`);
      for (const contract of page.list) {
        await value('POST', AGENT_CONTRACT_API.accept.replace(':id', contract.id), {});
      }
      return page.list.length;
    },
  };
};

export type AgentApi = ReturnType<typeof asAgent>;

/** The merchant's policy of one type, as the back office saves it. */
export const setPolicy = async (platform: Platform, policy: Partial<ContractPolicy> & { type: ContractType }) => {
  const put = await fetch(
    `${platform.baseUrl}${AGENT_CONTRACT_OPS_API.contractPolicyType.replace(':type', policy.type)}`,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        topRate: '50',
        maxTiers: 5,
        maxTierValidBet: '1000000',
        maxTierActiveMembers: 1000,
        minActiveMembers: 0,
        downlineMayOffer: true,
        period: null,
        deductions: null,
        carryForward: null,
        ...policy,
      }),
    },
  );
  if (put.status !== 200) throw new Error(`policy ${policy.type}: ${put.status} ${await put.text()}`);
};

/**
 * Settled rounds of `members` at `settledAt`, as a vendor's settlement writes them (valid bet = bet), then the play
 * statistics and team rollups take them in, as their 15-second jobs would.
 */
export const play = async (
  platform: Platform,
  members: readonly string[],
  round: { betMinor: number; winMinor: number; settledAt: number; tag: string },
) => {
  await platform.sql(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
       valid_bet_minor, status, started_at, settled_at)
     SELECT m.merchant_id, g.vendor_code, $2 || '-' || m.username, m.id, g.game_code, 'USD', $3, $4, $3, 'SETTLED',
       $5::timestamptz - interval '1 minute', $5::timestamptz
     FROM members m
     JOIN LATERAL (SELECT vendor_code, game_code FROM games WHERE merchant_id = m.merchant_id
                   ORDER BY vendor_code, game_code LIMIT 1) g ON true
     WHERE m.merchant_id = (SELECT id FROM merchants WHERE code = 'demo') AND m.username = ANY($1)`,
    [members, round.tag, round.betMinor, round.winMinor, new Date(round.settledAt).toISOString()],
  );
  await platform.runJob('play-stats.rollup');
  await platform.runJob('agent-team.rollup');
};

/** A browser page signed in as `username` (a fresh login: a moved clock ends every session). */
export const signedInPage = async (
  platform: Platform,
  browser: Browser,
  username: string,
  password: string,
): Promise<Page> => {
  const token = await apiLogin(platform.baseUrl, username, password, 'agent');
  const { page } = await openPage(browser, platform.baseUrl, { viewport: { width: 1366, height: 900 } });
  await page.context().addInitScript(
    ({ value }) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', value);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 1 }));
      }
    },
    { value: token },
  );
  return page;
};

/**
 * Contract figures for people to look at (agent-screenshots.ts): every type on, demo_agent holding contracts from the
 * site and offering them to demo_subagent, the demo team playing, and real-time, hourly, daily and (daily) dividend
 * windows settled on a clock moved forward to the day after tomorrow; then one more offer from the site, left waiting, so the
 * overview shows its banner. Needs `startPlatform({ movableClock: true })`.
 */
export const seedContractFigures = async (platform: Platform, settleJobs: readonly string[]) => {
  for (const type of ['DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'] as const) await setPolicy(platform, { type });
  await setPolicy(platform, {
    type: 'DIVIDEND',
    period: 'DAILY',
    deductions: { bonuses: true, rebates: true, salaries: false, feeRate: '0' },
    carryForward: 'CARRY',
  });
  const tiers: ContractTier[] = [
    { minValidBet: '0', minActiveMembers: 0, rate: '0.50' },
    { minValidBet: '100', minActiveMembers: 2, rate: '1.00' },
    { minValidBet: '1000', minActiveMembers: 5, rate: '1.50' },
  ];
  const types = ['DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'] as const;
  const siteTiers = (type: ContractType) =>
    type === 'DIVIDEND' ? tiers.map((tier) => ({ ...tier, rate: String(Number(tier.rate) * 20) })) : tiers;
  for (const type of types) {
    await platform.staff('POST', AGENT_CONTRACT_OPS_API.agentContracts, {
      username: 'demo_agent',
      type,
      tiers: siteTiers(type),
    });
  }
  const top = asAgent(platform, await apiLogin(platform.baseUrl, 'demo_agent', 'Agent#2026', 'agent'));
  await top.acceptAll();
  for (const type of types) {
    const half = siteTiers(type).map((tier) => ({ ...tier, rate: (Number(tier.rate) / 2).toFixed(2) }));
    await top.offer('demo_subagent', type, half);
  }
  const sub = asAgent(platform, await apiLogin(platform.baseUrl, 'demo_subagent', 'Agent#2026', 'agent'));
  await sub.acceptAll();
  const players = ['demo_team_ana', 'demo_team_ben', 'demo_team_hana', 'demo_downline'];
  // Each contract counts from the window after its acceptance: three five-minute windows, the next hour, tomorrow.
  const slot = Date.parse((await top.details('REALTIME_SALARY')).window.end);
  const hour = Date.parse((await top.details('HOURLY_SALARY')).window.end);
  const day = Date.parse((await top.details('DAILY_SALARY')).window.end);
  const moments = [slot + MINUTE_MS, slot + 6 * MINUTE_MS, slot + 11 * MINUTE_MS];
  moments.push(Math.max(hour + 20 * MINUTE_MS, slot + 20 * MINUTE_MS), day + 30 * MINUTE_MS);
  for (const [index, at] of moments.entries()) {
    await platform.clock.moveTo(at + MINUTE_MS);
    await play(platform, players.slice(0, 2 + (index % 3)), {
      ...{ betMinor: (index + 2) * 95_00, winMinor: (index % 2) * 260_00, settledAt: at, tag: `shot-${index}` },
    });
    await platform.clock.moveTo(at + 7 * MINUTE_MS);
    for (const job of settleJobs) await platform.runJob(job);
  }
  await platform.clock.moveTo(day + 24 * 60 * MINUTE_MS + 75 * MINUTE_MS);
  for (const job of settleJobs) await platform.runJob(job);
  await platform.staff('POST', AGENT_CONTRACT_OPS_API.agentContracts, {
    ...{ username: 'demo_agent', type: 'DAILY_SALARY' },
    tiers: tiers.map((tier) => ({ ...tier, rate: (Number(tier.rate) + 0.25).toFixed(2) })),
  });
};
