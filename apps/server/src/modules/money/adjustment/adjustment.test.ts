import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AdjustmentPageSchema,
  AdjustmentResultSchema,
  FieldErrorsValueSchema,
  successEnvelope,
  type StaffRole,
  OPS_API,
} from '@platform/contracts';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import { insertMember, type TestMember } from '../../../test/identity-helpers';
import { createStaff, signInStaff, staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { requestId } from '../../../test/wallet-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';

const ACME_HOST = 'acme-adjustments.test';

describeEachDatabase('manual adjustments with a second approval', (getDb) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    await getDb().transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_adjust', name: 'Acme', hosts: [ACME_HOST] }),
    );
  });
  afterAll(() => app.close());

  type Headers = Record<string, string>;
  const as = async (role: StaffRole): Promise<Headers> => staffHeaders(app, role);
  /** A second, separate account of `role` (staffHeaders shares one account per role). */
  const another = async (role: StaffRole): Promise<Headers> => {
    const account = await createStaff(app, role);
    return { authorization: `Bearer ${await signInStaff(app, account)}` };
  };
  const post = (url: string, headers: Headers, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers, payload });
  const request = (headers: Headers, body: Record<string, unknown>) =>
    post(OPS_API.adjustments, headers, {
      direction: 'CREDIT',
      reason: 'goodwill',
      requestId: requestId('adj'),
      ...body,
    });
  const ok = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(AdjustmentResultSchema).parse(res.json()).value;
  };
  const codeOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code];
  const fieldsOf = (res: LightMyRequestResponse) =>
    FieldErrorsValueSchema.parse(res.json().value).fields.map((field) => field.path);
  const idPath = (template: string, id: string) => template.replace(':id', id);
  const approve = (id: string, headers: Headers) => post(idPath(OPS_API.adjustmentApprove, id), headers);
  const reject = (id: string, headers: Headers, payload: object = { reason: 'not agreed with the player' }) =>
    post(idPath(OPS_API.adjustmentReject, id), headers, payload);

  const cashOf = async (member: TestMember): Promise<bigint> =>
    (
      await getDb().query<{ balance: bigint }>(
        `SELECT COALESCE(sum(balance_minor), 0)::bigint AS balance FROM ledger_accounts
         WHERE owner_kind = 'MEMBER' AND owner_id = $1 AND purpose = 'CASH'`,
        [member.id],
      )
    ).rows[0]?.balance ?? 0n;
  const auditOf = async (id: string) =>
    (
      await getDb().query<{ action: string; staff: string; reason: string | null; after: Record<string, unknown> }>(
        `SELECT action, staff_username AS staff, reason, after FROM staff_audit_log
         WHERE target_type = 'adjustment' AND target_id = $1 ORDER BY id`,
        [id],
      )
    ).rows;
  const transfersOf = async (key: string) =>
    (
      await getDb().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM ledger_transfers WHERE source = 'ops.adjustment' AND idempotency_key = $1",
        [key],
      )
    ).rows[0]?.n;

  it('should apply an adjustment at or below the threshold at once, and log the request and its application', async () => {
    const member = await insertMember(getDb());
    const done = ok(await request(await as('cashier'), { username: member.username, amount: '1000.00' }));
    expect(done).toMatchObject({ status: 'APPLIED', balanceAfter: '1000.00', needsApproval: false, replayed: false });
    expect(await cashOf(member)).toBe(100_000n);
    expect((await auditOf(done.id)).map((entry) => entry.action)).toEqual(['adjustment.request', 'adjustment.apply']);
    await expectSoundLedger(getDb());
  });

  it('should hold an adjustment above the threshold, move nothing, and apply it once when another staff member approves', async () => {
    const member = await insertMember(getDb());
    const cashier = await as('cashier');
    const body = { username: member.username, amount: '1000.01', reason: 'bonus dispute', requestId: requestId('big') };
    const pending = ok(await post(OPS_API.adjustments, cashier, { direction: 'CREDIT', ...body }));
    expect(pending).toMatchObject({ status: 'PENDING', needsApproval: true, balanceAfter: null, transferId: null });
    expect(await cashOf(member)).toBe(0n);
    // The requester's retry answers the same request and still moves nothing.
    const retried = ok(await post(OPS_API.adjustments, cashier, { direction: 'CREDIT', ...body }));
    expect(retried).toMatchObject({ id: pending.id, status: 'PENDING', replayed: true });
    expect(await transfersOf(body.requestId)).toBe(0);

    const list = await app.inject({ url: `${OPS_API.adjustments}?status=PENDING`, headers: await as('finance') });
    const page = successEnvelope(AdjustmentPageSchema).parse(list.json()).value;
    expect(page.threshold).toBe('1000.00');
    expect(page.list.map((row) => row.id)).toContain(pending.id);

    const finance = await as('finance');
    const approved = ok(await approve(pending.id, finance));
    expect(approved).toMatchObject({ status: 'APPLIED', balanceAfter: '1000.01', replayed: false });
    expect(approved.decidedBy).toMatch(/^t_finance_/);
    // The approver's retry changes nothing; the ledger holds one transfer.
    expect(ok(await approve(pending.id, finance))).toMatchObject({ status: 'APPLIED', replayed: true });
    expect(await cashOf(member)).toBe(100_001n);
    expect(await transfersOf(body.requestId)).toBe(1);
    const audit = await auditOf(pending.id);
    expect(audit.map((entry) => entry.action)).toEqual([
      'adjustment.request',
      'adjustment.approve',
      'adjustment.apply',
    ]);
    expect(audit[0]).toMatchObject({ reason: 'bonus dispute', after: { status: 'PENDING', amount: '1000.01' } });
    await expectSoundLedger(getDb());
  });

  it('should refuse the requester approving or rejecting their own adjustment', async () => {
    const member = await insertMember(getDb());
    const finance = await another('finance');
    const pending = ok(await request(finance, { username: member.username, amount: '5000.00' }));
    expect(codeOf(await approve(pending.id, finance))).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
    expect(codeOf(await reject(pending.id, finance))).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
    expect(await cashOf(member)).toBe(0n);
    // A cashier may ask but not approve; a support agent may do neither.
    expect(codeOf(await approve(pending.id, await as('cashier')))).toEqual([403, 'FORBIDDEN']);
    expect(codeOf(await request(await as('support'), { username: member.username, amount: '1.00' }))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(codeOf(await approve(pending.id, {}))).toEqual([401, 'AUTH_REQUIRED']);
    expect((await auditOf(pending.id)).map((entry) => entry.action)).toEqual(['adjustment.request']);
  });

  it('should pay once when several approvers approve the same adjustment at the same time', async () => {
    const member = await insertMember(getDb());
    const approvers = await Promise.all([another('finance'), another('finance'), another('owner')]);
    for (let round = 0; round < 3; round += 1) {
      const pending = ok(await request(await as('cashier'), { username: member.username, amount: '2500.00' }));
      const answers = await Promise.all(approvers.map((headers) => approve(pending.id, headers)));
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([200, 409, 409]);
      for (const res of answers.filter((one) => one.statusCode === 409)) {
        expect(res.json().code).toBe('ADJUSTMENT_STATE_INVALID');
      }
      expect(await transfersOf(pending.requestId)).toBe(1);
      const actions = (await auditOf(pending.id)).map((entry) => entry.action);
      expect(actions).toEqual(['adjustment.request', 'adjustment.approve', 'adjustment.apply']);
    }
    expect(await cashOf(member)).toBe(3n * 250_000n);
    await expectSoundLedger(getDb());
  });

  it('should reject with a required reason, move nothing, and refuse deciding it again', async () => {
    const member = await insertMember(getDb());
    const pending = ok(await request(await as('cashier'), { username: member.username, amount: '1500.00' }));
    const finance = await as('finance');
    const missing = await reject(pending.id, finance, {});
    expect(codeOf(missing)).toEqual([400, 'VALIDATION_FAILED']);
    expect(fieldsOf(missing)).toEqual(['reason']);
    const rejected = ok(await reject(pending.id, finance, { reason: 'duplicate of an earlier credit' }));
    expect(rejected).toMatchObject({ status: 'REJECTED', decisionReason: 'duplicate of an earlier credit' });
    expect(ok(await reject(pending.id, finance, { reason: 'again' }))).toMatchObject({ replayed: true });
    expect(codeOf(await approve(pending.id, await another('finance')))).toEqual([409, 'ADJUSTMENT_STATE_INVALID']);
    expect(await cashOf(member)).toBe(0n);
    const audit = await auditOf(pending.id);
    expect(audit.map((entry) => [entry.action, entry.reason])).toEqual([
      ['adjustment.request', 'goodwill'],
      ['adjustment.reject', 'duplicate of an earlier credit'],
    ]);
  });

  it('should end an approved debit the member cannot cover as FAILED, with nothing moved', async () => {
    const member = await insertMember(getDb());
    ok(await request(await as('cashier'), { username: member.username, amount: '10.00' }));
    const pending = ok(
      await request(await as('cashier'), { username: member.username, amount: '1200.00', direction: 'DEBIT' }),
    );
    expect(codeOf(await approve(pending.id, await as('finance')))).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect(await cashOf(member)).toBe(1_000n);
    const list = await app.inject({ url: `${OPS_API.adjustments}?status=FAILED`, headers: await as('finance') });
    const failed = successEnvelope(AdjustmentPageSchema)
      .parse(list.json())
      .value.list.find((row) => row.id === pending.id);
    expect(failed).toMatchObject({ status: 'FAILED', decisionReason: 'INSUFFICIENT_FUNDS', direction: 'DEBIT' });
    await expectSoundLedger(getDb());
  });

  it('should refuse bad requests with field errors and write nothing', async () => {
    const member = await insertMember(getDb());
    const cashier = await as('cashier');
    const cases: [Record<string, unknown>, number, string, string[]][] = [
      [{ username: member.username, amount: '5', reason: '' }, 400, 'VALIDATION_FAILED', ['reason']],
      [{ username: member.username, amount: '5', reason: undefined }, 400, 'VALIDATION_FAILED', ['reason']],
      [{ username: member.username, amount: '5', direction: 'UP' }, 400, 'VALIDATION_FAILED', ['direction']],
      [{ username: member.username, amount: '1.001' }, 400, 'INVALID_AMOUNT', ['amount']],
      [{ username: member.username, amount: '-5' }, 400, 'INVALID_AMOUNT', ['amount']],
      [{ username: 'nobody-here', amount: '5' }, 404, 'ACCOUNT_NOT_FOUND', ['username']],
    ];
    for (const [body, status, code, fields] of cases) {
      const res = await request(cashier, body);
      expect(codeOf(res), JSON.stringify(body)).toEqual([status, code]);
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(fields);
    }
    const rows = await getDb().query('SELECT 1 FROM adjustment_requests WHERE member_id = $1', [member.id]);
    expect(rows.rows).toHaveLength(0);
    expect(codeOf(await approve('99999999', await as('finance')))).toEqual([404, 'ADJUSTMENT_NOT_FOUND']);
  });

  it('should keep each merchant’s adjustments to its own staff', async () => {
    const member = await insertMember(getDb());
    const pending = ok(await request(await as('cashier'), { username: member.username, amount: '3000.00' }));
    const acme = await staffHeaders(app, 'finance', { host: ACME_HOST });
    const acmeHeaders = { ...acme, host: ACME_HOST };
    expect(codeOf(await approve(pending.id, acmeHeaders))).toEqual([404, 'ADJUSTMENT_NOT_FOUND']);
    const list = await app.inject({ url: OPS_API.adjustments, headers: acmeHeaders });
    expect(successEnvelope(AdjustmentPageSchema).parse(list.json()).value.list).toEqual([]);
    // Nor can another merchant's staff adjust this merchant's member.
    expect(codeOf(await request(acmeHeaders, { username: member.username, amount: '1.00' }))).toEqual([
      404,
      'ACCOUNT_NOT_FOUND',
    ]);
    expect(await cashOf(member)).toBe(0n);
  });

  it('should let payments.manage change the threshold, with an audit entry, and apply it to new requests', async () => {
    const owner = await as('owner');
    const url = OPS_API.adjustmentSettings;
    expect((await app.inject({ url, headers: owner })).json().value).toEqual({ threshold: '1000.00' });
    expect(codeOf(await app.inject({ url, headers: await as('cashier') }))).toEqual([403, 'FORBIDDEN']);
    const bad = await app.inject({ method: 'PUT', url, headers: owner, payload: { threshold: '12.345' } });
    expect(codeOf(bad)).toEqual([400, 'VALIDATION_FAILED']);
    expect(fieldsOf(bad)).toEqual(['threshold']);
    const set = await app.inject({ method: 'PUT', url, headers: owner, payload: { threshold: '50.00' } });
    expect(set.json().value).toEqual({ threshold: '50.00' });
    try {
      const member = await insertMember(getDb());
      const held = ok(await request(await as('cashier'), { username: member.username, amount: '50.01' }));
      expect(held.status).toBe('PENDING');
      const { rows } = await getDb().query<{ before: unknown; after: unknown }>(
        "SELECT before, after FROM staff_audit_log WHERE action = 'config.adjustments.update' ORDER BY id DESC LIMIT 1",
      );
      expect(rows[0]).toEqual({ before: { threshold: '1000.00' }, after: { threshold: '50.00' } });
    } finally {
      await app.inject({ method: 'PUT', url, headers: owner, payload: { threshold: '1000.00' } });
    }
  });
});
