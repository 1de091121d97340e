import { API, OPS_API, type StaffRole } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { createStaff, signInStaff, staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const HOUR = 3_600_000;
type Headers = Record<string, string>;
type Res = { statusCode: number; body: string; json: () => { value: unknown; code?: string } };

const form = (overrides: Record<string, unknown> = {}) => ({
  kind: 'FREE',
  title: { EN: 'Gold free spins bonus', TY: 'Gintong libreng bonus' },
  terms: { EN: 'Wager 2x', TY: 'Tayaan ng 2x' },
  audience: 'EVERYONE',
  audienceLevels: [],
  audienceAgent: null,
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: null,
  perMemberLimit: 1,
  totalLimit: null,
  bonus: '20.00',
  percent: null,
  maxBonus: null,
  minDeposit: null,
  turnoverMultiple: 2,
  turnoverBase: 'BONUS',
  weights: {},
  defaultWeight: 100,
  maxBet: null,
  maxConversion: null,
  expiryHours: 48,
  onWithdraw: 'FORFEIT',
  ...overrides,
});

/**
 * The rest of the promotions back office (issue 20, ADR 0042): a promotion previewed in each language, audiences of
 * VIP levels and an agent's team, bonus forfeits with a second approver above the threshold, and the cost per
 * promotion. Bad input gets a 4xx with a code and writes nothing.
 */
describeEachDatabase('promotions back office: preview, audiences, forfeits, costs', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const as = (role: StaffRole): Promise<Headers> => staffHeaders(app, role);
  const another = async (role: StaffRole): Promise<Headers> => {
    const account = await createStaff(app, role);
    return { authorization: `Bearer ${await signInStaff(app, account)}` };
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const ok = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as Record<string, unknown>;
  };
  const count = async (table: string) =>
    (await getDb().query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`)).rows[0]!.n;
  const grant = (memberId: bigint, key: string, amountMinor: bigint, promotionId?: bigint) =>
    app.bonusWallet.grant(merchantId, memberId, key, {
      ...{ amountMinor, turnoverBase: 'BONUS', turnoverMultiple: 5, onWithdraw: 'FORFEIT' },
      expiresAt: new Date(Date.now() + 24 * HOUR),
      ...(promotionId === undefined ? {} : { promotionId }),
    });

  it('should preview a promotion in each language as a member would see it, before it goes live', async () => {
    const content = await as('content');
    const later = new Date(Date.now() + 48 * HOUR).toISOString();
    const created = ok(await call('POST', OPS_API.promotions, content, form({ startsAt: later })));
    const url = (language: string) =>
      `${OPS_API.promotionPreview.replace(':id', created.id as string)}?language=${language}`;
    const en = ok(await call('GET', url('EN'), content));
    expect(en).toMatchObject({ language: 'EN', live: false });
    expect(en.promotion).toMatchObject({
      title: 'Gold free spins bonus',
      terms: 'Wager 2x',
      bonus: '20.00',
      status: 'claim',
    });
    const ty = ok(await call('GET', url('TY'), content));
    expect(ty.promotion).toMatchObject({ title: 'Gintong libreng bonus', terms: 'Tayaan ng 2x' });
    // Not live: members do not see it yet.
    const member = await memberWithSession(app, getDb());
    const list = (await app.inject({ url: API.promotions.list, headers: bearer(member.token) })).json().value.list;
    expect((list as { id: string }[]).map((p) => p.id)).not.toContain(created.id);
    for (const [path, status] of [
      [url('FR'), 400],
      [OPS_API.promotionPreview.replace(':id', '999999999') + '?language=EN', 404],
      [OPS_API.promotionPreview.replace(':id', 'abc') + '?language=EN', 400],
    ] as const) {
      const res = await call('GET', path, content);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toEqual(expect.any(String));
    }
  });

  it('should show a VIP-level promotion to members on those levels and an agent-team one to that team only', async () => {
    const content = await as('content');
    const vipOnly = ok(
      await call('POST', OPS_API.promotions, content, form({ audience: 'VIP_LEVELS', audienceLevels: [2, 3] })),
    );
    expect(vipOnly).toMatchObject({ audience: 'VIP_LEVELS', audienceLevels: [2, 3], audienceAgent: null });
    const agent = await memberWithSession(app, getDb(), { userType: 1 });
    const team = ok(
      await call('POST', OPS_API.promotions, content, form({ audience: 'AGENT_TEAM', audienceAgent: agent.username })),
    );
    expect(team).toMatchObject({ audience: 'AGENT_TEAM', audienceAgent: agent.username });
    const gold = await memberWithSession(app, getDb());
    const plain = await memberWithSession(app, getDb());
    const downline = await memberWithSession(app, getDb(), { parentId: agent.id });
    await getDb().query(
      `INSERT INTO vip_members (merchant_id, member_id, level, level_since, valid_bet_minor, evaluated_at)
       VALUES ($1, $2, 2, now(), 0, now())`,
      [merchantId, gold.id],
    );
    const seen = async (token: string) =>
      (
        (await app.inject({ url: API.promotions.list, headers: bearer(token) })).json().value.list as { id: string }[]
      ).map((p) => p.id);
    expect(await seen(gold.token)).toContain(vipOnly.id);
    expect(await seen(gold.token)).not.toContain(team.id);
    expect(await seen(plain.token)).not.toContain(vipOnly.id);
    expect(await seen(plain.token)).not.toContain(team.id);
    expect(await seen(downline.token)).toContain(team.id);

    const before = await count('promotions');
    for (const [overrides, status, code] of [
      [{ audience: 'VIP_LEVELS', audienceLevels: [] }, 400, 'VALIDATION_FAILED'],
      [{ audience: 'VIP_LEVELS', audienceLevels: [31] }, 400, 'VALIDATION_FAILED'],
      [{ audience: 'AGENT_TEAM', audienceAgent: null }, 400, 'VALIDATION_FAILED'],
      [{ audience: 'AGENT_TEAM', audienceAgent: 'no_such_agent_xyz' }, 404, 'AGENT_NOT_FOUND'],
      [{ audience: 'AGENT_TEAM', audienceAgent: plain.username }, 404, 'AGENT_NOT_FOUND'],
    ] as const) {
      const res = await call('POST', OPS_API.promotions, content, form(overrides));
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    }
    expect(await count('promotions')).toBe(before);
  });

  it('should forfeit a small bonus at once and a large one only when a second staff member approves', async () => {
    const maker = await as('content');
    const small = await memberWithSession(app, getDb());
    await grant(small.id, `ff-small-${small.id}`, 5_000n);
    const done = ok(
      await call('POST', OPS_API.bonusForfeits, maker, {
        ...{ username: small.username, reason: 'bonus abuse', requestId: `forfeit-${small.id}-1` },
      }),
    );
    expect(done).toMatchObject({ status: 'FORFEITED', balance: '50.00', forfeited: '50.00' });
    expect((await app.bonusWallet.ofMember(merchantId, small.id))[0]?.status).toBe('FORFEITED');

    const large = await memberWithSession(app, getDb());
    const big = await grant(large.id, `ff-large-${large.id}`, 50_000n);
    const body = { username: large.username, reason: 'multiple accounts', requestId: `forfeit-${large.id}-1` };
    const pending = ok(await call('POST', OPS_API.bonusForfeits, maker, body));
    expect(pending).toMatchObject({ status: 'PENDING', balance: '500.00', forfeited: null });
    // A retry of the same request asks once; the maker cannot approve it.
    expect(ok(await call('POST', OPS_API.bonusForfeits, maker, body)).id).toBe(pending.id);
    const id = pending.id as string;
    const self = await call('POST', OPS_API.bonusForfeitApprove.replace(':id', id), maker);
    expect([self.statusCode, self.json().code]).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
    expect((await app.bonusWallet.byId(merchantId, big.id))?.status).toBe('ACTIVE');
    const checker = await another('content');
    const approved = ok(await call('POST', OPS_API.bonusForfeitApprove.replace(':id', id), checker));
    expect(approved).toMatchObject({ status: 'FORFEITED', forfeited: '500.00' });
    expect((await app.bonusWallet.byId(merchantId, big.id))?.status).toBe('FORFEITED');
    const again = await call('POST', OPS_API.bonusForfeitApprove.replace(':id', id), checker);
    expect([again.statusCode, again.json().code]).toEqual([409, 'BONUS_FORFEIT_DECIDED']);
    const audit = await getDb().query<{ action: string }>(
      `SELECT action FROM staff_audit_log WHERE target_type = 'bonus_forfeit_request' AND target_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['bonus.forfeit.request', 'bonus.forfeit']);

    // Rejected: the bonus stays.
    const kept = await memberWithSession(app, getDb());
    const keptGrant = await grant(kept.id, `ff-kept-${kept.id}`, 30_000n);
    const asked = ok(
      await call('POST', OPS_API.bonusForfeits, maker, {
        ...body,
        username: kept.username,
        requestId: `forfeit-${kept.id}-1`,
      }),
    );
    const rejected = ok(
      await call('POST', OPS_API.bonusForfeitReject.replace(':id', asked.id as string), checker, {
        reason: 'no proof',
      }),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectReason: 'no proof' });
    expect((await app.bonusWallet.byId(merchantId, keptGrant.id))?.status).toBe('ACTIVE');
    const listed = ok(await call('GET', OPS_API.bonusForfeits, checker));
    expect(listed.approvalAbove).toBe('100.00');
    await expectSoundLedger(getDb());
  });

  it('should refuse a forfeit for an unknown member, a member without a bonus or bad input, writing nothing', async () => {
    const content = await as('content');
    const bare = await memberWithSession(app, getDb());
    const before = await count('bonus_forfeit_requests');
    const base = { username: bare.username, reason: 'abuse', requestId: `bad-ff-${bare.id}` };
    for (const [payload, status, code] of [
      [{ ...base, username: 'no_such_member_xyz' }, 404, 'ACCOUNT_NOT_FOUND'],
      [base, 409, 'BONUS_NOT_ACTIVE'],
      [{ ...base, reason: '' }, 400, 'VALIDATION_FAILED'],
      [{ ...base, reason: 'x'.repeat(201) }, 400, 'VALIDATION_FAILED'],
      [{ ...base, requestId: 'short' }, 400, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await call('POST', OPS_API.bonusForfeits, content, payload);
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    }
    const missing = await call('POST', OPS_API.bonusForfeitApprove.replace(':id', '999999999'), content);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'BONUS_FORFEIT_NOT_FOUND']);
    const support = await as('support');
    expect((await call('POST', OPS_API.bonusForfeits, support, base)).statusCode).toBe(403);
    expect(await count('bonus_forfeit_requests')).toBe(before);
  });

  it('should report granted, converted, forfeited and outstanding bonus per promotion over a date range', async () => {
    const content = await as('content');
    const promo = ok(await call('POST', OPS_API.promotions, content, form({ title: { EN: 'Cost report promo' } })));
    const promotionId = BigInt(promo.id as string);
    const a = await memberWithSession(app, getDb());
    const b = await memberWithSession(app, getDb());
    await grant(a.id, `cost-a-${a.id}`, 10_000n, promotionId);
    const bGrant = await grant(b.id, `cost-b-${b.id}`, 4_000n, promotionId);
    await app.bonusWallet.forfeit(merchantId, bGrant.id, 'test');
    const today = new Date().toISOString().slice(0, 10);
    const url = (from: string, to: string) => `${OPS_API.promotionCosts}?from=${from}&to=${to}`;
    const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    const report = ok(await call('GET', url(yesterday, tomorrow), content));
    const row = (report.rows as { promotionId: string | null }[]).find((r) => r.promotionId === promo.id);
    expect(row).toEqual({
      ...{ promotionId: promo.id, title: 'Cost report promo', grants: 2, granted: '140.00' },
      ...{ converted: '0.00', forfeited: '40.00', outstanding: '100.00' },
    });
    const old = ok(await call('GET', url('2020-01-01', '2020-01-31'), content));
    expect(old.rows).toEqual([]);
    for (const [from, to] of [
      [today, '2020-01-01'],
      ['2020-01-01', '2022-01-01'],
      ['yesterday', today],
    ]) {
      const res = await call('GET', url(from!, to!), content);
      expect([res.statusCode, res.json().code], res.body).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
