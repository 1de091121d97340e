import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type AgentLimits, type DownlinePage, type InviteLink, type InviteLinkList } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import {
  TEST_CAPTCHA,
  bearer,
  clearRateLimits,
  demoMerchantId,
  freshIp,
  latestSmsCode,
  loginOk,
  sealed,
  solveCaptcha,
} from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';
import { agentCentreRepository } from './agent-centre.repository';
import { getValue, type Caller } from '../../../test/agent-helpers';

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-5)}${(counter += 1)}`;
const freshNumber = () => `917${String(2_000_000 + (counter += 1)).padStart(7, '0')}`;
const PASSWORD = 'Str0ng#Pass';

describeEachDatabase('agent accounts, invitation links and limits', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { captchaText: () => TEST_CAPTCHA } });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const newAgent = () => memberWithSession(app, getDb(), { userType: 1, username: `ag${unique()}` });
  const create = (agent: Caller, body: Record<string, unknown>) =>
    sealed(app, 'POST', API.agent.downlines, body, { token: agent.token });
  const limits = (agent: Caller) => getValue<AgentLimits>(app, agent, API.agent.limits);
  const setLimits = (agent: Caller, mayCreateAgents: boolean, maxAccounts: number | null) =>
    agentCentreRepository(getDb()).setLimits(merchantId, agent.id, { mayCreateAgents, maxAccounts }, Date.now());
  const newLink = async (agent: Caller, type: 'MEMBER' | 'AGENT') =>
    app.inject({ method: 'POST', url: API.agent.links, headers: bearer(agent.token), payload: { type } });

  /** A username registration of the demo merchant (captcha and SMS verification on) with `affiliateCode`. */
  const registerWith = async (affiliateCode: string) => {
    const mobileNum = freshNumber();
    const sms = await app.inject({
      method: 'POST',
      url: API.verification.smsRegister,
      headers: { 'x-forwarded-for': freshIp() },
      payload: { mobileNo: mobileNum, countryDialingCode: '+63' },
    });
    expect(sms.statusCode, sms.body).toBe(200);
    const username = `inv${unique()}`;
    const res = await sealed(
      app,
      'PUT',
      API.member.register,
      {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        mobileNum,
        countryDialingCode: '+63',
        verificationCode: await latestSmsCode(app, `+63${mobileNum}`),
        ...(await solveCaptcha(app)),
        affiliateCode,
        acceptTerms: true,
        registerUrl: `http://localhost:8080/register?code=${affiliateCode}`,
        registerMethod: 'WEB',
      },
      { ip: freshIp() },
    );
    return { res, username };
  };

  it('should create member and agent accounts under the agent, which log in on their own side', async () => {
    const agent = await newAgent();
    expect(await limits(agent)).toEqual({ mayCreateAgents: true, maxAccounts: null, created: 0 });
    const member = `m${unique()}`;
    const made = await create(agent, { username: member, password: PASSWORD, type: 'MEMBER' });
    expect(made.json().value).toEqual({ username: member, type: 'MEMBER' });
    const subAgent = `a${unique()}`;
    expect((await create(agent, { username: subAgent, password: PASSWORD, type: 'AGENT' })).statusCode).toBe(200);
    await loginOk(app, member, PASSWORD, { ip: freshIp() });
    await loginOk(app, subAgent, PASSWORD, { ip: freshIp(), side: 'agent' });
    const page = await getValue<DownlinePage>(app, agent, API.agent.downlines);
    expect(page.list.map((row) => [row.username, row.type, row.level]).sort()).toEqual(
      [
        [member, 'MEMBER', 1],
        [subAgent, 'AGENT', 1],
      ].sort(),
    );
    expect((await limits(agent)).created).toBe(2);

    const taken = await create(agent, { username: member.toUpperCase(), password: PASSWORD, type: 'MEMBER' });
    expect([taken.statusCode, taken.json().code]).toEqual([400, 'USERNAME_TAKEN']);
    const weak = await create(agent, { username: `w${unique()}`, password: 'password', type: 'MEMBER' });
    expect(weak.statusCode).toBe(400);
    expect(['PASSWORD_RULE', 'PASSWORD_TOO_WEAK']).toContain(weak.json().code);
    const plain = await app.inject({
      method: 'POST',
      url: API.agent.downlines,
      headers: bearer(agent.token),
      payload: { username: `p${unique()}`, password: PASSWORD, type: 'MEMBER' },
    });
    expect([plain.statusCode, plain.json().code]).toEqual([400, 'PAYLOAD_INVALID']);
  });

  it('should keep an agent within its limits: no agent accounts or links when refused, no more than its maximum', async () => {
    const agent = await newAgent();
    await setLimits(agent, false, 2);
    expect(await limits(agent)).toEqual({ mayCreateAgents: false, maxAccounts: 2, created: 0 });
    const agentAccount = await create(agent, { username: `a${unique()}`, password: PASSWORD, type: 'AGENT' });
    expect([agentAccount.statusCode, agentAccount.json().code]).toEqual([403, 'AGENT_LIMIT']);
    expect(agentAccount.json().value).toEqual({ mayCreateAgents: false, maxAccounts: 2, created: 0 });
    const agentLink = await newLink(agent, 'AGENT');
    expect([agentLink.statusCode, agentLink.json().code]).toEqual([403, 'AGENT_LIMIT']);

    for (let i = 0; i < 2; i++) {
      expect((await create(agent, { username: `m${unique()}`, password: PASSWORD, type: 'MEMBER' })).statusCode).toBe(
        200,
      );
    }
    const third = await create(agent, { username: `m${unique()}`, password: PASSWORD, type: 'MEMBER' });
    expect([third.statusCode, third.json().code]).toEqual([403, 'AGENT_LIMIT']);
    // Creations at once take turns on the agent: exactly as many succeed as there are free accounts.
    const racer = await newAgent();
    await setLimits(racer, true, 1);
    const raced = await Promise.all(
      [1, 2, 3].map(() => create(racer, { username: `r${unique()}`, password: PASSWORD, type: 'MEMBER' })),
    );
    expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 403, 403]);
    expect((await limits(racer)).created).toBe(1);
    // A link can still be made, but nobody can register through it while the accounts are used up.
    const link = (await newLink(agent, 'MEMBER')).json().value as InviteLink;
    const full = await registerWith(link.code);
    expect([full.res.statusCode, full.res.json().code]).toEqual([400, 'INVALID_INVITATION_CODE']);
    // Back to the merchant defaults (no limits).
    await agentCentreRepository(getDb()).setLimits(merchantId, agent.id, null, Date.now());
    expect((await registerWith(link.code)).res.statusCode).toBe(200);
  });

  it('should place a registration through a link under its agent with its type, count it, and stop when disabled', async () => {
    const agent = await newAgent();
    const memberLink = (await newLink(agent, 'MEMBER')).json().value as InviteLink;
    expect(memberLink).toMatchObject({ type: 'MEMBER', disabled: false, registrations: 0 });
    expect(memberLink.code).toMatch(/^[A-Z0-9]{10}$/);
    const agentLink = (await newLink(agent, 'AGENT')).json().value as InviteLink;

    const first = await registerWith(memberLink.code);
    expect(first.res.statusCode, first.res.body).toBe(200);
    const second = await registerWith(memberLink.code.toLowerCase());
    expect(second.res.statusCode, second.res.body).toBe(200);
    const promoter = await registerWith(agentLink.code);
    expect(promoter.res.statusCode, promoter.res.body).toBe(200);
    // The link's type decides the account's: the promoter logs in on the agent side.
    await loginOk(app, promoter.username, PASSWORD, { ip: freshIp(), side: 'agent' });

    const links = await getValue<InviteLinkList>(app, agent, API.agent.links);
    expect(links.list.map((one) => [one.code, one.registrations])).toEqual([
      [agentLink.code, 1],
      [memberLink.code, 2],
    ]);
    const page = await getValue<DownlinePage>(app, agent, API.agent.downlines);
    expect(new Map(page.list.map((row) => [row.username, row.type]))).toEqual(
      new Map([
        [first.username, 'MEMBER'],
        [second.username, 'MEMBER'],
        [promoter.username, 'AGENT'],
      ]),
    );

    const check = await app.inject({ url: `${API.agent.affiliate}?code=${memberLink.code}&domain=localhost` });
    expect(check.statusCode, check.body).toBe(200);
    const disabled = await app.inject({
      method: 'DELETE',
      url: API.agent.link.replace(':id', memberLink.id),
      headers: bearer(agent.token),
    });
    expect(disabled.json().value).toMatchObject({ id: memberLink.id, disabled: true, registrations: 2 });
    const again = await app.inject({
      method: 'DELETE',
      url: API.agent.link.replace(':id', memberLink.id),
      headers: bearer(agent.token),
    });
    expect(again.json().value).toMatchObject({ disabled: true });
    const late = await registerWith(memberLink.code);
    expect([late.res.statusCode, late.res.json().code]).toEqual([400, 'INVALID_INVITATION_CODE']);
    const lateCheck = await app.inject({ url: `${API.agent.affiliate}?code=${memberLink.code}&domain=localhost` });
    expect(lateCheck.json().code).toBe('INVALID_INVITATION_CODE');
  });
});
