import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AGENT_CONTRACT_API,
  AGENT_CONTRACT_OPS_API,
  INBOX_API,
  InboxPageSchema,
  successEnvelope,
  type Consolidated,
  type Contract,
  type ContractAcceptResult,
  type ContractDetail,
  type ContractPolicy,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { seedTree, type Caller, type Tree } from '../../../test/agent-helpers';

/**
 * The contract calls (issue 19): an agent offers only to its direct downline agents, never above its own contract, and
 * reaches only contracts it holds or offered; bad input is a 4xx with a code and writes nothing; accepting a lower
 * contract ends the downline contracts above it and tells each party.
 */
const DAILY: ContractPolicy = {
  type: 'DAILY_SALARY',
  enabled: true,
  topRate: '5.00',
  maxTiers: 3,
  maxTierValidBet: '1000000.00',
  maxTierActiveMembers: 100,
  minActiveMembers: 0,
  downlineMayOffer: true,
  period: null,
  deductions: null,
  carryForward: null,
};
const tiers = (...rates: string[]) =>
  rates.map((rate, i) => ({ minValidBet: `${i * 1000}.00`, minActiveMembers: i, rate }));

describeEachDatabase('agent contract routes', (getDb) => {
  let app: FastifyInstance;
  let tree: Tree;

  const post = (caller: Caller, url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers: bearer(caller.token), payload });
  const offer = (from: Caller, to: Caller, ...rates: string[]) =>
    post(from, AGENT_CONTRACT_API.offers, { username: to.username, type: 'DAILY_SALARY', tiers: tiers(...rates) });
  const accept = async (holder: Caller, contract: Contract) =>
    (await post(holder, AGENT_CONTRACT_API.accept.replace(':id', contract.id))).json().value as ContractAcceptResult;
  const count = async () =>
    Number((await getDb().query<{ n: string }>('SELECT count(*)::text AS n FROM agent_contracts')).rows[0]!.n);

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    tree = await seedTree(app, getDb());
    const staff = await staffHeaders(app, 'owner');
    const put = await app.inject({
      method: 'PUT',
      url: AGENT_CONTRACT_OPS_API.contractPolicyType.replace(':type', 'DAILY_SALARY'),
      headers: staff,
      payload: DAILY,
    });
    expect(put.statusCode).toBe(200);
    // The demo seed switches dividends on; this merchant has them off.
    const off = await app.inject({
      method: 'PUT',
      url: AGENT_CONTRACT_OPS_API.contractPolicyType.replace(':type', 'DIVIDEND'),
      headers: staff,
      payload: {
        ...DAILY,
        type: 'DIVIDEND',
        enabled: false,
        topRate: '40.00',
        period: 'MONTHLY',
        deductions: { bonuses: false, rebates: false, salaries: true, feeRate: '0' },
        carryForward: 'CARRY',
      },
    });
    expect(off.statusCode).toBe(200);
    const top = await app.inject({
      method: 'POST',
      url: AGENT_CONTRACT_OPS_API.agentContracts,
      headers: staff,
      payload: { username: tree.root.username, type: 'DAILY_SALARY', tiers: tiers('2.00', '3.00') },
    });
    expect(top.statusCode).toBe(200);
    await accept(tree.root, top.json().value as Contract);
  });
  afterAll(async () => app.close());

  it('should refuse an offer above the upline own rate at some tier with CONTRACT_RATE_ABOVE_UPLINE, writing nothing', async () => {
    const before = await count();
    const res = await offer(tree.root, tree.agent, '2.00', '3.50');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'CONTRACT_RATE_ABOVE_UPLINE',
      value: { tierIndex: 1, rate: '3.50', maxRate: '3.00' },
    });
    expect(await count()).toBe(before);
  });

  it('should answer bad offers with a 4xx and a code, writing nothing', async () => {
    const before = await count();
    const cases: [object, number, string][] = [
      [
        { username: tree.agent.username, type: 'DAILY_SALARY', tiers: tiers('2.00', '1.00') },
        400,
        'CONTRACT_TIERS_INVALID',
      ],
      [
        { username: tree.agent.username, type: 'DAILY_SALARY', tiers: tiers('1', '2', '2', '2') },
        400,
        'CONTRACT_TIERS_INVALID',
      ],
      [
        {
          username: tree.agent.username,
          type: 'DAILY_SALARY',
          tiers: [{ minValidBet: '1.001', minActiveMembers: 0, rate: '1' }],
        },
        400,
        'CONTRACT_TIERS_INVALID',
      ],
      [{ username: tree.agent.username, type: 'DAILY_SALARY', tiers: tiers('abc') }, 400, 'VALIDATION_FAILED'],
      [{ username: tree.agent.username, type: 'DIVIDEND', tiers: tiers('1.00') }, 403, 'CONTRACT_TYPE_DISABLED'],
      [{ username: tree.sub.username, type: 'DAILY_SALARY', tiers: tiers('1.00') }, 409, 'CONTRACT_DIRECT_ONLY'],
      [{ username: tree.stranger.username, type: 'DAILY_SALARY', tiers: tiers('1.00') }, 404, 'DOWNLINE_NOT_FOUND'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await post(tree.root, AGENT_CONTRACT_API.offers, payload);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    }
    // An agent without a contract of its own has nothing to offer; a member is not an agent at all.
    expect((await offer(tree.agent, tree.sub, '1.00')).json().code).toBe('CONTRACT_OFFER_NOT_ALLOWED');
    expect((await offer(tree.deep, tree.sub, '1.00')).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('should keep each contract to its two parties, and a downline detail to the caller own subtree', async () => {
    const offered = (await offer(tree.root, tree.agent, '1.50')).json().value as Contract;
    for (const stranger of [tree.sibling, tree.outsider, tree.sub]) {
      const read = await app.inject({
        url: AGENT_CONTRACT_API.contract.replace(':id', offered.id),
        headers: bearer(stranger.token),
      });
      expect({ status: read.statusCode, code: read.json().code }).toEqual({ status: 404, code: 'CONTRACT_NOT_FOUND' });
      const taken = await post(stranger, AGENT_CONTRACT_API.accept.replace(':id', offered.id));
      expect(taken.json().code).toBe('CONTRACT_NOT_FOUND');
    }
    const detail = await post(tree.agent, AGENT_CONTRACT_API.detail.replace(':type', 'daily-salary'), {
      username: tree.cousin.username,
    });
    expect({ status: detail.statusCode, code: detail.json().code }).toEqual({
      status: 404,
      code: 'DOWNLINE_NOT_FOUND',
    });
    const own = await app.inject({
      url: AGENT_CONTRACT_API.contract.replace(':id', offered.id),
      headers: bearer(tree.agent.token),
    });
    expect((own.json().value as ContractDetail).events.map((e) => e.kind)).toEqual(['OFFERED']);
    // The offer reaches the holder's inbox as a system message, and nobody else's.
    await app.bus.idle();
    const offerMessages = async (caller: Caller) => {
      const res = await app.inject({
        url: `${INBOX_API.messages}?language=EN&pageSize=50`,
        headers: bearer(caller.token),
      });
      const page = successEnvelope(InboxPageSchema).parse(res.json()).value;
      return page.list.filter((message) => message.title === 'New contract offer').map((message) => message.content);
    };
    expect(await offerMessages(tree.agent)).toEqual([
      'You have a new contract offer. Open the agent centre to accept or reject it.',
    ]);
    expect(await offerMessages(tree.sibling)).toEqual([]);
    const result = await accept(tree.agent, offered);
    expect(result.contract.status).toBe('ACTIVE');
  });

  it('should end the downline contracts above a lower contract the agent accepts, and tell each party', async () => {
    const subOffer = (await offer(tree.agent, tree.sub, '1.20')).json().value as Contract;
    await accept(tree.sub, subOffer);
    const lower = (await offer(tree.root, tree.agent, '1.00')).json().value as Contract;
    const result = await accept(tree.agent, lower);
    expect(result.ended).toEqual([{ id: subOffer.id, holder: tree.sub.username, type: 'DAILY_SALARY' }]);
    expect(result.replaced).not.toBeNull();
    const seen = await app.inject({
      url: AGENT_CONTRACT_API.contract.replace(':id', subOffer.id),
      headers: bearer(tree.sub.token),
    });
    const detail = seen.json().value as ContractDetail;
    expect(detail.contract.status).toBe('TERMINATED');
    expect(detail.events.filter((e) => e.kind === 'DOWNLINE_ENDED').map((e) => e.recipient)).toEqual([
      tree.sub.username,
      tree.agent.username,
    ]);
  });

  it('should give agents the consolidated types of the merchant, and members none', async () => {
    const get = async (caller: Caller) =>
      (await app.inject({ url: AGENT_CONTRACT_API.consolidated, headers: bearer(caller.token) })).json()
        .value as Consolidated;
    const agent = await get(tree.agent);
    expect(agent).toMatchObject({ dailysalreqtype: 1, divtypereq: 0, enableSalary: true, enableContract: false });
    expect(agent.types.find((t) => t.type === 'DAILY_SALARY')).toMatchObject({
      enabled: true,
      active: true,
      canOffer: true,
    });
    expect(await get(tree.deep)).toMatchObject({ dailysalreqtype: 0, enableSalary: false, enableContract: false });
  });
});
