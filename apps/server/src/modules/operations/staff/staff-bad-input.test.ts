import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AGENT_CONTRACT_OPS_API,
  CHAT_OPS_API,
  FEEDBACK_OPS_API,
  INBOX_OPS_API,
  LOTTERY_OPS_API,
  MISSIONS_OPS_API,
  OPS_API,
  REFERRAL_OPS_API,
  POINTS_OPS_API,
  STAFF_ENDPOINTS,
  type StaffEndpoint,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { describeEachDatabase } from '../../../test/databases';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';

/**
 * Issue 7: "bad input to every staff form gets a field-level message and writes nothing". Every staff endpoint that
 * takes a body gets one bad body here, and the table must name every such endpoint of STAFF_ENDPOINTS, so a new staff
 * form cannot ship without this check. Each call must answer 400 VALIDATION_FAILED with `value.fields` naming the bad
 * field (what the back office puts under that input), and no table of the database may change.
 */

type BadInput = {
  /** The body the form would send with a mistake in it. */
  body: unknown;
  /** The field paths the answer must name (it may name more). */
  fields: string[];
};

/** Path parameters that pass their own checks, so the answer is about the body. */
const PARAMS: Record<string, string> = {
  id: '987654321',
  memberId: '987654321',
  nodeId: '987654321',
  orderNo: 'D0000000000000',
  code: 'RGS',
  lang: 'EN',
  anchor: 'terms',
  type: 'DAILY_SALARY',
  gameCode: 'lott-ffc1',
  issueNo: '202611270001',
  level: '7',
};
const concrete = (path: string): string =>
  path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      if (segment === ':orderNo' && path.startsWith(OPS_API.withdrawals)) return 'W0000000000000';
      return PARAMS[segment.slice(1)] ?? segment;
    })
    .join('/');

const key = (endpoint: Pick<StaffEndpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/** Writes that take no input: the caller's own sign-out, and decisions whose only input is the id in the path. */
const NO_INPUT = new Set([
  `POST ${OPS_API.auth.logout}`,
  `POST ${OPS_API.staff.resetMfa}`,
  `POST ${OPS_API.depositApprove}`,
  `POST ${OPS_API.withdrawalApprove}`,
  `POST ${OPS_API.adjustmentApprove}`,
  `POST ${OPS_API.promotionApplicationApprove}`,
  `POST ${OPS_API.bonusGrantApprove}`,
  `POST ${OPS_API.bonusForfeitApprove}`,
  `POST ${POINTS_OPS_API.redemptionApprove}`,
  `POST ${AGENT_CONTRACT_OPS_API.agentSettlementRerun}`,
  `POST ${REFERRAL_OPS_API.raffleCancel}`,
  // Messages and customer service (issue 22): state changes without a body; a chat message is multipart (its own test).
  `POST ${FEEDBACK_OPS_API.close}`,
  `POST ${CHAT_OPS_API.take}`,
  `POST ${CHAT_OPS_API.typing}`,
  `POST ${CHAT_OPS_API.close}`,
  `POST ${CHAT_OPS_API.messages}`,
]);

/** A promotion form that is valid but for the field each case breaks. */
const PROMOTION = {
  ...{ kind: 'FREE', title: { EN: 'Free 5' }, terms: { EN: '' }, audience: 'EVERYONE' },
  ...{ startsAt: '2026-01-01T00:00:00.000Z', endsAt: null, perMemberLimit: 1, totalLimit: null, bonus: '5.00' },
  ...{ percent: null, maxBonus: null, minDeposit: null, turnoverMultiple: 5, turnoverBase: 'BONUS', weights: {} },
  ...{ defaultWeight: 100, maxBet: null, maxConversion: null, expiryHours: 24, onWithdraw: 'FORFEIT' },
};

const BAD_INPUT: Record<string, BadInput> = {
  [`POST ${INBOX_OPS_API.messages}`]: {
    body: { audience: { kind: 'ALL' }, translations: [] },
    fields: ['translations'],
  },
  [`POST ${FEEDBACK_OPS_API.reply}`]: { body: { reply: '' }, fields: ['reply'] },
  [`POST ${CHAT_OPS_API.canned}`]: { body: { title: '', body: 'Hello' }, fields: ['title'] },
  [`PUT ${CHAT_OPS_API.cannedOne}`]: { body: { title: '', body: 'Hello' }, fields: ['title'] },
  [`POST ${CHAT_OPS_API.transfer}`]: { body: { toStaffId: 'someone' }, fields: ['toStaffId'] },
  [`PUT ${CHAT_OPS_API.hours}`]: { body: { days: [1], opensMinute: 900, closesMinute: 600 }, fields: ['closesMinute'] },
  [`PUT ${FEEDBACK_OPS_API.settings}`]: { body: { minWords: 50, maxWords: 10 }, fields: ['maxWords'] },
  [`POST ${OPS_API.staff.list}`]: {
    body: { username: 'new_cashier', displayName: 'New Cashier', password: 'Str0ng#Password', role: 'boss' },
    fields: ['role'],
  },
  [`PATCH ${OPS_API.staff.account}`]: { body: { role: 'boss' }, fields: ['role'] },
  [`POST ${OPS_API.depositReject}`]: { body: { reason: '' }, fields: ['reason'] },
  [`POST ${OPS_API.withdrawalReject}`]: { body: { reason: '' }, fields: ['reason'] },
  [`POST ${OPS_API.promotionApplicationReject}`]: { body: { reason: '' }, fields: ['reason'] },
  [`POST ${OPS_API.promotions}`]: { body: { ...PROMOTION, turnoverMultiple: 500 }, fields: ['turnoverMultiple'] },
  [`PUT ${OPS_API.promotion}`]: { body: { ...PROMOTION, weights: { RNG: 101 } }, fields: ['weights.RNG'] },
  [`POST ${OPS_API.promotionStatus}`]: { body: { status: 'PAUSED' }, fields: ['status'] },
  [`POST ${OPS_API.bonusGrants}`]: {
    body: { username: 'demo_member', amount: 'lots', turnoverMultiple: 5, expiryHours: 24, reason: 'goodwill' },
    fields: ['amount', 'requestId'],
  },
  [`POST ${MISSIONS_OPS_API.missions}`]: {
    body: {
      ...{ name: 'Spin', cadence: 'DAILY', metric: 'ROUNDS', gameType: null, target: '2.5', reward: '1.00' },
      ...{ payAs: 'CASH', turnoverMultiple: 0, startsOn: '2026-01-01', endsOn: null },
    },
    fields: ['target'],
  },
  [`POST ${MISSIONS_OPS_API.missionStatus}`]: { body: { status: 'STOPPED' }, fields: ['status'] },
  [`POST ${MISSIONS_OPS_API.races}`]: {
    body: {
      ...{ name: 'Sprint', metric: 'VALID_BET', gameType: null, minStake: '', payAs: 'CASH', turnoverMultiple: 0 },
      ...{ startsAt: '2026-01-02T00:00:00Z', endsAt: '2026-01-01T00:00:00Z', prizes: ['10.00'] },
    },
    fields: ['endsAt'],
  },
  [`POST ${OPS_API.bonusGrantReject}`]: { body: { reason: '' }, fields: ['reason'] },
  // Invite friends and raffles (issue 21)
  [`PUT ${REFERRAL_OPS_API.referralSettings}`]: {
    body: { enabled: true, minDeposit: '1', minValidBet: '1', windowDays: 0, reward: '1', sharePercent: '0.2' },
    fields: ['windowDays'],
  },
  [`POST ${REFERRAL_OPS_API.raffles}`]: {
    body: {
      ...{ title: { EN: 'R' }, basis: 'DEPOSIT', ticketUnit: '10', maxTicketsPerMember: 5, prizes: [] },
      ...{ opensAt: '2026-05-01T00:00:00Z', closesAt: '2026-05-02T00:00:00Z', drawAt: '2026-05-02T00:00:00Z' },
    },
    fields: ['prizes'],
  },
  [`PUT ${OPS_API.vipLevel}`]: {
    body: {
      ...{ name: { EN: 'Gold' }, label: 'VIP7', upgradeBasis: 'VALID_BET', threshold: '100.00', upgradeBonus: '0' },
      ...{ birthdayBonus: '0', withdrawDailyCount: null, withdrawDailyMax: null, rebateRates: { RNG: 'most' } },
    },
    fields: ['rebateRates.RNG'],
  },
  [`POST ${OPS_API.bonusForfeits}`]: {
    body: { username: 'demo_member', reason: '', requestId: 'forfeit-0001' },
    fields: ['reason'],
  },
  [`POST ${OPS_API.bonusForfeitReject}`]: { body: { reason: '' }, fields: ['reason'] },
  // Points mall (issue 21)
  [`POST ${POINTS_OPS_API.items}`]: {
    body: { kind: 'GOODS', name: 'Mug', pricePoints: 0, stock: 1 },
    fields: ['pricePoints'],
  },
  [`PUT ${POINTS_OPS_API.item}`]: { body: { kind: 'HAT', name: 'Mug', pricePoints: 10, stock: 1 }, fields: ['kind'] },
  [`PUT ${POINTS_OPS_API.settings}`]: {
    body: { enabled: true, convertPointsPerUnit: -1, convertMinPoints: 10, rates: [] },
    fields: ['convertPointsPerUnit'],
  },
  [`POST ${POINTS_OPS_API.redemptionReject}`]: { body: { reason: '' }, fields: ['reason'] },
  [`POST ${OPS_API.adjustments}`]: {
    body: {
      username: 'demo_member',
      direction: 'SIDEWAYS',
      amount: '10.00',
      reason: 'goodwill',
      requestId: 'adj-0001',
    },
    fields: ['direction'],
  },
  [`POST ${OPS_API.adjustmentReject}`]: { body: { reason: '' }, fields: ['reason'] },
  [`PUT ${OPS_API.adjustmentSettings}`]: { body: { threshold: 'a lot' }, fields: ['threshold'] },
  [`PATCH ${OPS_API.game}`]: { body: { sort: 1.5 }, fields: ['sort'] },
  [`PUT ${LOTTERY_OPS_API.suspension}`]: { body: { suspended: true }, fields: ['reason'] },
  [`POST ${LOTTERY_OPS_API.odds}`]: {
    body: { basedOnVersion: 1, odds: { 'd5.position': { hit: 'lots' } } },
    fields: ['odds.d5.position.hit'],
  },
  [`PUT ${LOTTERY_OPS_API.caps}`]: {
    body: { maxWinPerBet: '5000.00', maxWinPerIssue: '100.00' },
    fields: ['maxWinPerIssue'],
  },
  [`POST ${LOTTERY_OPS_API.cancelIssue}`]: { body: { reason: ' ' }, fields: ['reason'] },
  [`PUT ${OPS_API.gameOrder}`]: { body: { items: [] }, fields: ['items'] },
  [`PATCH ${OPS_API.vendor}`]: { body: { sort: 'first' }, fields: ['sort'] },
  [`POST ${OPS_API.depositChannels}`]: {
    body: {
      displayName: '',
      minAmount: '10.00',
      maxAmount: '500.00',
      enabled: true,
      sort: 0,
      gatewayCode: 'demo',
      bankName: null,
      bankAccountName: null,
      bankAccountNumber: null,
      expiryMinutes: 30,
    },
    fields: ['displayName'],
  },
  [`PATCH ${OPS_API.depositChannel}`]: { body: { minAmount: '50.00', maxAmount: '10.00' }, fields: ['maxAmount'] },
  [`PUT ${OPS_API.withdrawSettings}`]: {
    body: { minAmount: '100.00', maxAmount: '5000.00', dailyCount: 0, maxAccounts: 3, autoReceiveMinutes: 60 },
    fields: ['dailyCount'],
  },
  [`POST ${OPS_API.memberStatus}`]: { body: { action: 'LOCK', reason: ' ' }, fields: ['reason'] },
  [`POST ${OPS_API.memberUpline}`]: { body: { parentId: null, reason: ' ' }, fields: ['reason'] },
  [`PUT ${AGENT_CONTRACT_OPS_API.contractPolicyType}`]: {
    body: {
      type: 'DAILY_SALARY',
      enabled: true,
      topRate: 'lots',
      maxTiers: 3,
      maxTierValidBet: '1000.00',
      maxTierActiveMembers: 10,
      minActiveMembers: 0,
      downlineMayOffer: true,
      period: null,
      deductions: null,
      carryForward: null,
    },
    fields: ['topRate'],
  },
  [`POST ${AGENT_CONTRACT_OPS_API.agentContracts}`]: {
    body: { username: 'demo_agent', type: 'DAILY_SALARY', tiers: [] },
    fields: ['tiers'],
  },
  [`POST ${AGENT_CONTRACT_OPS_API.agentContractTerminate}`]: { body: { reason: '' }, fields: ['reason'] },
  [`POST ${AGENT_CONTRACT_OPS_API.agentContractAdjustments}`]: {
    body: { username: 'demo_agent', type: 'DAILY_SALARY', amount: 'ten', reason: 'goodwill', requestId: 'adj-00001' },
    fields: ['amount'],
  },
  [`PUT ${OPS_API.agentLimits}`]: { body: { mayCreateAgents: true, maxAccounts: -1 }, fields: ['maxAccounts'] },
  [`PUT ${OPS_API.agentSettings}`]: {
    body: { agentsMayLock: 'yes', defaultMayCreateAgents: true, defaultMaxAccounts: null },
    fields: ['agentsMayLock'],
  },
  [`POST ${OPS_API.memberPasswordReset}`]: { body: { channel: 'PIGEON' }, fields: ['channel'] },
  [`POST ${OPS_API.memberNotes}`]: { body: { text: '' }, fields: ['text'] },
  [`POST ${OPS_API.banners}`]: {
    body: { groupName: 'w_home', title: 'Weekend', imageUrl: '/banners/home-slots.svg', url: 'javascript:alert(1)' },
    fields: ['url'],
  },
  [`PATCH ${OPS_API.banner}`]: { body: { url: 'javascript:alert(1)' }, fields: ['url'] },
  [`POST ${OPS_API.notices}`]: {
    body: { type: 'B', execution: 'A', title: '', content: 'Deposits are doubled this weekend.', sort: 0 },
    fields: ['title'],
  },
  [`PATCH ${OPS_API.notice}`]: { body: { title: '' }, fields: ['title'] },
  [`POST ${OPS_API.helpSections}`]: {
    body: { lang: 'english', anchor: 'deposits', title: 'Deposits', html: '<p>How to deposit</p>' },
    fields: ['lang'],
  },
  [`PATCH ${OPS_API.helpSection}`]: { body: { title: '' }, fields: ['title'] },
  [`PATCH ${OPS_API.config.whitelabel}`]: {
    body: { changes: [{ modId: 'SMS LOGIN', enabled: true }] },
    fields: ['changes.0.modId'],
  },
  [`PUT ${OPS_API.config.register}`]: {
    body: {
      fields: [
        {
          field: 'email',
          enabled: true,
          required: false,
          acceptedPattern: null,
          patternId: null,
          minLength: 10,
          maxLength: 5,
        },
      ],
    },
    fields: ['fields.0.maxLength'],
  },
  [`PUT ${OPS_API.config.languages}`]: {
    body: { defaultLanguage: 'EN', languages: [{ code: 'EN', enabled: false }] },
    fields: ['languages'],
  },
  [`PUT ${OPS_API.config.resources}`]: {
    body: { resources: [{ kind: 'FACEBOOK', labelNameEn: 'Facebook', url: 'ftp://example.com' }] },
    fields: ['resources.0.url'],
  },
  [`PUT ${OPS_API.config.customerService}`]: {
    body: { entries: [{ csType: 'LIVECHAT', path: 'javascript:alert(1)' }] },
    fields: ['entries.0.path'],
  },
  [`PUT ${OPS_API.config.maintenance}`]: {
    body: {
      enabled: true,
      messages: { EN: 'Back soon' },
      startsAt: '2026-12-01T10:00:00Z',
      endsAt: '2026-12-01T09:00:00Z',
    },
    fields: ['endsAt'],
  },
  [`PUT ${OPS_API.config.regionRules}`]: {
    body: { rules: [{ action: 'DENY', cidr: '300.1.2.0/24', note: null }] },
    fields: ['rules.0.cidr'],
  },
};

const WRITES = STAFF_ENDPOINTS.filter((endpoint) => ['POST', 'PUT', 'PATCH'].includes(endpoint.method));

/**
 * Every row of every table, as one hash per table. The caller's own session row is left out: every authenticated
 * call moves its idle-timeout clock (staff_sessions.last_seen_at), which is the session working, not the form.
 */
const IGNORED_TABLES = new Set(['staff_sessions']);
const snapshot = async (db: Database): Promise<Record<string, string>> => {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    if (IGNORED_TABLES.has(name)) continue;
    const { rows } = await db.query<{ n: number; hash: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS hash FROM "${name}" t`,
    );
    state[name] = `${rows[0]?.n ?? 0}:${rows[0]?.hash ?? ''}`;
  }
  return state;
};

describeEachDatabase('bad input to staff forms', (getDb) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    // The owner holds every permission a merchant's forms need.
    headers = await staffHeaders(app, 'owner');
  }, 180_000);
  afterAll(async () => {
    await app.close();
  });

  it('should have a bad body for every staff endpoint that takes input, and nothing else', () => {
    const inputs = WRITES.map(key).filter((k) => !NO_INPUT.has(k));
    expect(inputs.filter((k) => BAD_INPUT[k] === undefined)).toEqual([]);
    expect(Object.keys(BAD_INPUT).filter((k) => !inputs.includes(k))).toEqual([]);
    expect(WRITES.map(key).filter((k) => NO_INPUT.has(k))).toHaveLength(NO_INPUT.size);
  });

  it('should answer every bad body with the field at fault and leave every table as it was', async () => {
    const before = await snapshot(getDb());
    const answers: Record<string, unknown> = {};
    for (const endpoint of WRITES) {
      const bad = BAD_INPUT[key(endpoint)];
      if (bad === undefined) continue;
      const response = await app.inject({
        method: endpoint.method as HTTPMethods,
        url: concrete(endpoint.path),
        headers,
        payload: bad.body as Record<string, unknown>,
      });
      const answer = response.json<{ code: string; value?: { fields?: { path: string; message: string }[] } }>();
      const fields = answer.value?.fields ?? [];
      answers[key(endpoint)] = {
        status: response.statusCode,
        code: answer.code,
        named: bad.fields.filter((path) => fields.some((field) => field.path === path && field.message !== '')),
      };
    }
    expect(answers).toEqual(
      Object.fromEntries(
        Object.entries(BAD_INPUT).map(([k, bad]) => [k, { status: 400, code: 'VALIDATION_FAILED', named: bad.fields }]),
      ),
    );
    expect(await snapshot(getDb())).toEqual(before);
  });
});
