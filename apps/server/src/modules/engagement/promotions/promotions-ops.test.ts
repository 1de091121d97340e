import { API, OPS_API, type StaffRole } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { createStaff, signInStaff, staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { multipart, PNG } from '../../../test/upload-helpers';
import { memberWithSession } from '../../../test/wallet-helpers';

const HOUR = 3_600_000;
type Headers = Record<string, string>;

/** A form's promotion: a fixed free bonus of 12.50, wagered 4x, on slots fully and on live casino at 10%. */
const form = (overrides: Record<string, unknown> = {}) => ({
  kind: 'FREE',
  title: { EN: 'Free 12.50', TY: 'Libreng 12.50' },
  terms: { EN: 'Wager 4x', TY: 'Tayaan ng 4x' },
  audience: 'EVERYONE',
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: null,
  perMemberLimit: 1,
  totalLimit: 500,
  bonus: '12.50',
  percent: null,
  maxBonus: null,
  minDeposit: null,
  turnoverMultiple: 4,
  turnoverBase: 'BONUS',
  weights: { RNG: 100, LIVE: 10 },
  defaultWeight: 50,
  maxBet: '5.00',
  maxConversion: '100.00',
  expiryHours: 48,
  onWithdraw: 'REFUSE',
  ...overrides,
});

/**
 * The back office's promotions (issue 20, ADR 0037): create, edit, suspend and resume with audit entries; an
 * application's images; manual bonus grants a second staff member must approve. Roles without promotions.manage are
 * refused, and every refusal writes nothing.
 */
describeEachDatabase('promotions back office', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
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
  const ok = (res: { statusCode: number; body: string; json: () => { value: unknown } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as Record<string, unknown>;
  };
  const auditOf = async (targetType: string, id: string) =>
    (
      await getDb().query<{ action: string }>(
        'SELECT action FROM staff_audit_log WHERE target_type = $1 AND target_id = $2 ORDER BY id',
        [targetType, id],
      )
    ).rows.map((r) => r.action);
  const count = async (table: string) =>
    (await getDb().query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`)).rows[0]!.n;

  it('should create, edit, suspend and resume a promotion, each audited, and members see the change', async () => {
    const content = await as('content');
    const created = ok(await call('POST', OPS_API.promotions, content, form()));
    const id = created.id as string;
    expect(created).toMatchObject({
      ...{ status: 'ACTIVE', bonus: '12.50', percent: null, maxBet: '5.00', maxConversion: '100.00' },
      ...{ turnoverMultiple: 4, weights: { RNG: 100, LIVE: 10 }, defaultWeight: 50, onWithdraw: 'REFUSE' },
      ...{ cashbackWindow: null, cashbackPayAs: null, cashbackMinLoss: null },
    });
    const member = await memberWithSession(app, getDb());
    const seen = async () =>
      (
        (await app.inject({ url: API.promotions.list, headers: bearer(member.token) })).json().value.list as {
          id: string;
          title: string;
          bonus: string;
        }[]
      ).find((p) => p.id === id);
    expect(await seen()).toMatchObject({ title: 'Free 12.50', bonus: '12.50' });

    const edited = ok(
      await call('PUT', OPS_API.promotion.replace(':id', id), content, form({ title: { EN: 'Free 15' }, bonus: '15' })),
    );
    expect(edited).toMatchObject({ title: { EN: 'Free 15' }, bonus: '15.00' });
    expect(await seen()).toMatchObject({ title: 'Free 15', bonus: '15.00' });

    const stopped = ok(await call('POST', OPS_API.promotionStatus.replace(':id', id), content, { status: 'STOPPED' }));
    expect(stopped.status).toBe('STOPPED');
    expect(await seen()).toBeUndefined();
    const refused = await app.inject({
      method: 'POST',
      url: API.promotions.claim.replace(':id', id),
      headers: bearer(member.token),
    });
    expect(refused.statusCode).toBe(409);
    ok(await call('POST', OPS_API.promotionStatus.replace(':id', id), content, { status: 'ACTIVE' }));
    expect(await seen()).toBeDefined();

    const listed = ok(await call('GET', OPS_API.promotions, content)).list as { id: string }[];
    expect(listed.map((p) => p.id)).toContain(id);
    expect(await auditOf('promotion', id)).toEqual([
      'promotion.create',
      'promotion.update',
      'promotion.suspend',
      'promotion.resume',
    ]);
  });

  it('should refuse bad terms with the field named, and a role without promotions.manage, writing nothing', async () => {
    const before = await count('promotions');
    const content = await as('content');
    for (const [body, field] of [
      [form({ bonus: null }), 'bonus'],
      [form({ kind: 'RELOAD', percent: null }), 'percent'],
      [form({ weights: { RNG: 101 } }), 'weights.RNG'],
      [form({ endsAt: new Date(Date.now() - 2 * HOUR).toISOString() }), 'endsAt'],
      [form({ title: { EN: '' } }), 'title.EN'],
    ] as const) {
      const res = await call('POST', OPS_API.promotions, content, body);
      expect([res.statusCode, res.json().code], field).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(res.json().value?.fields ?? []), field).toContain(field);
    }
    for (const role of ['cashier', 'support', 'finance'] as const) {
      expect((await call('POST', OPS_API.promotions, await as(role), form())).statusCode, role).toBe(403);
      expect((await call('GET', OPS_API.bonusGrants, await as(role))).statusCode, role).toBe(403);
    }
    expect(await count('promotions')).toBe(before);
  });

  /** A cashback form: 7.5% of the weekly net loss from 25.00, up to 50.00 per member and week, paid as cash. */
  const cashbackForm = (overrides: Record<string, unknown> = {}) =>
    form({
      ...{ kind: 'CASHBACK', title: { EN: 'Weekly cashback 7.5%' }, bonus: null, percent: 7.5, maxBonus: '50.00' },
      ...{ cashbackWindow: 'WEEKLY', cashbackPayAs: 'CASH', cashbackMinLoss: '25.00', ...overrides },
    });
  const jobSees = async (id: string) =>
    (await app.promotions.cashback.promotions(await demoMerchantId(getDb()))).find((p) => p.id === BigInt(id));

  it('should create and edit a cashback with its rate, cap, window, payout and minimum loss, as the job reads them', async () => {
    const content = await as('content');
    const created = ok(await call('POST', OPS_API.promotions, content, cashbackForm()));
    const id = created.id as string;
    const cashbackTerms = {
      ...{ kind: 'CASHBACK', bonus: null, percent: 7.5, maxBonus: '50.00', turnoverMultiple: 0 },
      ...{ cashbackWindow: 'WEEKLY', cashbackPayAs: 'CASH', cashbackMinLoss: '25.00' },
    };
    expect(created).toMatchObject(cashbackTerms);
    const listed = (ok(await call('GET', OPS_API.promotions, content)).list as { id: string }[]).find(
      (p) => p.id === id,
    );
    expect(listed).toMatchObject(cashbackTerms);
    expect(await jobSees(id)).toMatchObject({
      ...{ bonusPercentBp: 750, bonusMaxMinor: 5_000n, bonusFixedMinor: 0n, minDepositMinor: 0n },
      ...{ turnoverBase: 'BONUS', cashback: { window: 'WEEKLY', payAs: 'CASH', minLossMinor: 2_500n } },
    });
    // Members see the same terms on the promotion's card (the preview renders it as they would).
    const preview = ok(await call('GET', `${OPS_API.promotionPreview.replace(':id', id)}?language=EN`, content));
    expect(preview.promotion).toMatchObject({
      ...{ kind: 'CASHBACK', status: 'process', bonus: null, percent: '7.50', maxBonus: '50.00' },
      cashback: { window: 'WEEKLY', payAs: 'CASH', minLoss: '25.00' },
    });

    // Daily, as a bonus wagered 3x, 10% up to 80.00, any loss: the job reads the new terms.
    const edited = ok(
      await call(
        'PUT',
        OPS_API.promotion.replace(':id', id),
        content,
        cashbackForm({
          ...{ percent: 10, maxBonus: '80', turnoverMultiple: 3 },
          ...{ cashbackWindow: 'DAILY', cashbackPayAs: 'BONUS', cashbackMinLoss: '' },
        }),
      ),
    );
    expect(edited).toMatchObject({
      ...{ id, percent: 10, maxBonus: '80.00', turnoverMultiple: 3 },
      ...{ cashbackWindow: 'DAILY', cashbackPayAs: 'BONUS', cashbackMinLoss: '0.00' },
    });
    expect(await jobSees(id)).toMatchObject({
      ...{ bonusPercentBp: 1_000, bonusMaxMinor: 8_000n, turnoverMultiple: 3 },
      cashback: { window: 'DAILY', payAs: 'BONUS', minLossMinor: 0n },
    });

    const audits = (
      await getDb().query<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> }>(
        `SELECT action, before, after FROM staff_audit_log WHERE target_type = 'promotion' AND target_id = $1
         ORDER BY id`,
        [id],
      )
    ).rows;
    expect(audits.map((a) => a.action)).toEqual(['promotion.create', 'promotion.update']);
    expect(audits[0]!.after).toMatchObject({
      cashbackWindow: 'WEEKLY',
      cashbackPayAs: 'CASH',
      cashbackMinLoss: '25.00',
    });
    expect(audits[1]!.before).toMatchObject({ cashbackWindow: 'WEEKLY', cashbackPayAs: 'CASH', percent: 7.5 });
    expect(audits[1]!.after).toMatchObject({
      cashbackWindow: 'DAILY',
      cashbackPayAs: 'BONUS',
      cashbackMinLoss: '0.00',
    });
  });

  it('should refuse a cashback without a rate, above 100% or with a minimum loss of too many decimals, writing nothing', async () => {
    const content = await as('content');
    const before = await count('promotions');
    for (const [body, status, code, field] of [
      [cashbackForm({ percent: null }), 400, 'VALIDATION_FAILED', 'percent'],
      [cashbackForm({ percent: '' }), 400, 'VALIDATION_FAILED', 'percent'],
      [cashbackForm({ percent: 100.5 }), 400, 'VALIDATION_FAILED', 'percent'],
      [cashbackForm({ cashbackWindow: 'MONTHLY' }), 400, 'VALIDATION_FAILED', 'cashbackWindow'],
      [cashbackForm({ cashbackMinLoss: '25.001' }), 400, 'INVALID_AMOUNT', 'cashbackMinLoss'],
    ] as const) {
      const res = await call('POST', OPS_API.promotions, content, body);
      expect([res.statusCode, res.json().code], field).toEqual([status, code]);
      expect(res.json().value?.fields, field).toEqual([expect.objectContaining({ path: field })]);
    }
    expect(await count('promotions')).toBe(before);

    // An edit refused keeps the terms the job reads, and writes no audit entry.
    const id = ok(await call('POST', OPS_API.promotions, content, cashbackForm())).id as string;
    const refused = await call('PUT', OPS_API.promotion.replace(':id', id), content, cashbackForm({ percent: 150 }));
    expect([refused.statusCode, refused.json().value?.fields?.[0]?.path]).toEqual([400, 'percent']);
    expect(await jobSees(id)).toMatchObject({
      bonusPercentBp: 750,
      cashback: { window: 'WEEKLY', minLossMinor: 2_500n },
    });
    expect(await auditOf('promotion', id)).toEqual(['promotion.create']);
  });

  it('should show an application image to staff and nothing for a position without one', async () => {
    const content = await as('content');
    const id = ok(await call('POST', OPS_API.promotions, content, form({ kind: 'APPLICATION' }))).id as string;
    const member = await memberWithSession(app, getDb());
    const body = multipart({ comment: 'my big win' }, [{ name: 'a.png', type: 'image/png', bytes: PNG }], 'images');
    const applied = await app.inject({
      method: 'POST',
      url: API.promotions.apply.replace(':id', id),
      headers: { ...bearer(member.token), 'content-type': body.contentType },
      payload: body.payload,
    });
    const claimId = ok(applied).claimId as string;
    const image = (position: number, headers: Headers) =>
      call(
        'GET',
        OPS_API.promotionApplicationImage.replace(':id', claimId).replace(':position', String(position)),
        headers,
      );
    const first = await image(1, content);
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'image/png']);
    expect(first.rawPayload.equals(PNG)).toBe(true);
    expect((await image(2, content)).statusCode).toBe(404);
    expect((await image(1, await as('cashier'))).statusCode).toBe(403);
  });

  it('should pay a manual grant only when a second staff member approves it', async () => {
    const maker = await another('content');
    const checker = await another('admin');
    const member = await memberWithSession(app, getDb());
    const requestId = `grant-${member.id}-1`;
    const ask = (headers: Headers, overrides: Record<string, unknown> = {}) =>
      call('POST', OPS_API.bonusGrants, headers, {
        ...{ username: member.username, amount: '30.00', turnoverMultiple: 6, expiryHours: 24 },
        ...{ reason: 'service recovery', requestId, ...overrides },
      });
    const pending = ok(await ask(maker));
    expect(pending).toMatchObject({ status: 'PENDING', amount: '30.00', grantId: null });
    // A retry with the same request id asks once.
    expect(ok(await ask(maker)).id).toBe(pending.id);
    const id = pending.id as string;
    const details = async () =>
      (await app.inject({ url: API.bonus.details, headers: bearer(member.token) })).json().value;
    expect((await details()).active).toBeNull();

    // The maker can decide neither way.
    for (const path of [OPS_API.bonusGrantApprove, OPS_API.bonusGrantReject]) {
      const self = await call('POST', path.replace(':id', id), maker, { reason: 'mine' });
      expect([self.statusCode, self.json().code]).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
    }
    expect((await details()).active).toBeNull();

    const approved = ok(await call('POST', OPS_API.bonusGrantApprove.replace(':id', id), checker));
    expect(approved).toMatchObject({ status: 'APPROVED', decidedBy: expect.any(String) });
    expect((await details()).active).toMatchObject({ amount: '30.00', turnoverRequired: '180.00' });
    const twice = await call('POST', OPS_API.bonusGrantApprove.replace(':id', id), await another('owner'));
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'BONUS_GRANT_DECIDED']);
    expect(await auditOf('bonus_manual_grant', id)).toEqual(['bonus.grant.request', 'bonus.grant.approve']);
    await expectSoundLedger(getDb(), await demoMerchantId(getDb()));

    // A rejected request pays nothing.
    const other = await memberWithSession(app, getDb());
    const second = ok(
      await call('POST', OPS_API.bonusGrants, maker, {
        ...{ username: other.username, amount: '5', turnoverMultiple: 1, expiryHours: 24 },
        ...{ reason: 'typo', requestId: `grant-${other.id}-1` },
      }),
    );
    const rejected = ok(
      await call('POST', OPS_API.bonusGrantReject.replace(':id', second.id as string), checker, { reason: 'not due' }),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectReason: 'not due', grantId: null });
    const otherDetails = (await app.inject({ url: API.bonus.details, headers: bearer(other.token) })).json().value;
    expect(otherDetails).toEqual({ active: null, history: [] });
  });

  it('should refuse a manual grant for an unknown member or a bad amount, writing nothing', async () => {
    const maker = await as('content');
    const member = await memberWithSession(app, getDb());
    const before = await count('bonus_manual_grants');
    for (const [overrides, status, code] of [
      [{ username: 'no_such_member_xyz' }, 404, 'ACCOUNT_NOT_FOUND'],
      [{ amount: '0' }, 400, 'INVALID_AMOUNT'],
      [{ amount: '1.234' }, 400, 'INVALID_AMOUNT'],
      [{ turnoverMultiple: 500 }, 400, 'VALIDATION_FAILED'],
      [{ reason: '' }, 400, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await call('POST', OPS_API.bonusGrants, maker, {
        ...{ username: member.username, amount: '10', turnoverMultiple: 1, expiryHours: 24 },
        ...{ reason: 'goodwill', requestId: `bad-${member.id}-${code}`, ...overrides },
      });
      expect([res.statusCode, res.json().code], JSON.stringify(overrides)).toEqual([status, code]);
    }
    expect(await count('bonus_manual_grants')).toBe(before);
  });
});
