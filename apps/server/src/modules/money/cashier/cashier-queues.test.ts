import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  API,
  FieldErrorsValueSchema,
  OpsDepositPageSchema,
  OpsWithdrawalPageSchema,
  successEnvelope,
  type DepositChannel,
  OPS_API,
} from '@platform/contracts';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, sealed } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { adjust, memberWithSession, requestId } from '../../../test/wallet-helpers';

const ACME_HOST = 'acme-cashier.test';
const PAY_PASSWORD = '739146';
const REAL_NAME = 'Juan Dela Cruz';

describeEachDatabase('cashier queues: filters, member context, audited decisions', (getDb) => {
  let app: FastifyInstance;
  let manual: DepositChannel;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    await getDb().transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_cashier', name: 'Acme', hosts: [ACME_HOST] }),
    );
    const member = await memberWithSession(app, getDb());
    const channels = (await app.inject({ url: API.deposit.channels, headers: bearer(member.token) })).json().value
      .list as DepositChannel[];
    const found = channels.find((channel) => channel.kind === 'MANUAL_BANK');
    if (found === undefined) throw new Error('no manual bank channel seeded');
    manual = found;
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const codeOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code];
  const fieldsOf = (res: LightMyRequestResponse) =>
    FieldErrorsValueSchema.parse(res.json().value).fields.map((field) => field.path);
  const cashier = () => staffHeaders(app, 'cashier');
  const orderPath = (template: string, orderNo: string) => template.replace(':orderNo', orderNo);

  const deposit = async (token: string, amount: string): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: API.deposit.orders,
      headers: bearer(token),
      payload: { channelId: manual.id, amount, requestId: requestId('dep') },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.orderNo as string;
  };
  const deposits = async (query: Record<string, string>) => {
    const res = await app.inject({
      url: `${OPS_API.deposits}?${new URLSearchParams(query)}`,
      headers: await cashier(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(OpsDepositPageSchema).parse(res.json()).value;
  };
  const withdrawals = async (query: Record<string, string>) => {
    const res = await app.inject({
      url: `${OPS_API.withdrawals}?${new URLSearchParams(query)}`,
      headers: await cashier(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(OpsWithdrawalPageSchema).parse(res.json()).value;
  };
  const auditOf = async (targetId: string) =>
    (
      await getDb().query<{ action: string; staff: string; reason: string | null }>(
        'SELECT action, staff_username AS staff, reason FROM staff_audit_log WHERE target_id = $1 ORDER BY id',
        [targetId],
      )
    ).rows;

  /** A member with a real name, a payment password, cash, and a bound GCash account. */
  const payee = async (funds: string) => {
    const member = await memberWithSession(app, getDb());
    const profile = await app.inject({
      method: 'PUT',
      url: API.member.profile,
      headers: bearer(member.token),
      payload: { payeeName: REAL_NAME },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const password = await sealed(
      app,
      'PUT',
      API.member.paymentPassword,
      { loginPassword: member.password, newPaymentPassword: PAY_PASSWORD, confirmPaymentPassword: PAY_PASSWORD },
      { token: member.token },
    );
    expect(password.statusCode, password.body).toBe(200);
    await adjust(app, member.username, funds);
    const bound = await app.inject({
      method: 'POST',
      url: API.withdraw.accounts,
      headers: bearer(member.token),
      payload: { bankName: 'GCash', accountNumber: '0917 555 0101', holderName: REAL_NAME },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    return { ...member, accountId: bound.json().value.id as string };
  };
  const withdraw = async (member: { token: string; accountId: string }, amount: string): Promise<string> => {
    const res = await sealed(
      app,
      'POST',
      API.withdraw.orders,
      { accountId: member.accountId, amount, paymentPassword: PAY_PASSWORD, requestId: requestId('wd') },
      { token: member.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.orderNo as string;
  };

  it('should filter the deposit queue by member, order, amount, day and channel, and page it', async () => {
    const member = await memberWithSession(app, getDb());
    const small = await deposit(member.token, '60.00');
    const large = await deposit(member.token, '900.00');
    const mine = { username: member.username };
    expect((await deposits(mine)).list.map((row) => row.orderNo)).toEqual([small, large]);
    expect((await deposits({ ...mine, minAmount: '100' })).list.map((row) => row.orderNo)).toEqual([large]);
    expect((await deposits({ ...mine, maxAmount: '60.00' })).list.map((row) => row.orderNo)).toEqual([small]);
    expect((await deposits({ orderNo: large })).list.map((row) => row.orderNo)).toEqual([large]);
    expect((await deposits({ ...mine, channelId: manual.id })).list).toHaveLength(2);
    expect((await deposits({ ...mine, channelId: '999999' })).list).toEqual([]);
    // Days are the merchant's (Asia/Manila): yesterday to tomorrow in UTC holds its today whatever the hour.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await deposits({ ...mine, from: '2000-01-01', to: '2000-01-31' })).list).toEqual([]);
    const around = (await deposits({ ...mine, from: day(-1), to: day(1) })).list;
    expect(around.map((row) => row.orderNo)).toEqual([small, large]);
    const first = await deposits({ ...mine, pageSize: '1' });
    expect([first.list.length, first.totalPages]).toEqual([1, 2]);
    expect((await deposits({ username: 'nobody-at-all' })).list).toEqual([]);
  });

  it('should refuse bad filters with a message under the field', async () => {
    const headers = await cashier();
    const cases: [string, string[]][] = [
      ['pageSize=500', ['pageSize']],
      ['from=2026-02-30', ['from']],
      ['from=2026-03-02&to=2026-03-01', ['to']],
      ['minAmount=50&maxAmount=10', ['maxAmount']],
      ['minAmount=ten', ['minAmount']],
      ['minAmount=1.001', ['minAmount']],
    ];
    for (const [query, fields] of cases) {
      for (const url of [OPS_API.deposits, OPS_API.withdrawals]) {
        const res = await app.inject({ url: `${url}?${query}`, headers });
        expect(codeOf(res), `${url}?${query}`).toEqual([400, 'VALIDATION_FAILED']);
        expect(fieldsOf(res), `${url}?${query}`).toEqual(fields);
      }
    }
  });

  it('should give each queued order its member’s context, read in one query per page', async () => {
    const member = await payee('1000.00');
    const depositNo = await deposit(member.token, '200.00');
    const approved = await app.inject({
      method: 'POST',
      url: orderPath(OPS_API.depositApprove, depositNo),
      headers: await cashier(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await deposit(member.token, '75.00');
    const first = await withdraw(member, '300.00');
    await withdraw(member, '100.00');
    const paid = await app.inject({
      method: 'POST',
      url: orderPath(OPS_API.withdrawalApprove, first),
      headers: await cashier(),
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const context = {
      username: member.username,
      userType: 0,
      status: 'ACTIVE',
      // 1000 funded + 200 deposited - 300 paid - 100 held.
      balance: '800.00',
      frozen: '100.00',
      depositTotal: '200.00',
      withdrawalTotal: '300.00',
      depositsToday: 2,
      withdrawalsToday: 2,
    };
    const queue = await withdrawals({ username: member.username });
    expect(queue.list).toHaveLength(2);
    for (const row of queue.list) expect(row.member).toMatchObject(context);
    expect(Date.parse(queue.list[0]?.member.registeredAt ?? '')).toBeGreaterThan(0);
    const depositQueue = await deposits({ username: member.username, status: 'PENDING' });
    expect(depositQueue.list.map((row) => row.member)).toEqual([expect.objectContaining(context)]);

    // A page of many members costs one context statement, not one per order.
    const statements: string[] = [];
    const query = getDb().query.bind(getDb());
    const spy = Object.assign(getDb(), {
      query: ((sql: string, params?: readonly unknown[]) => {
        statements.push(sql);
        return query(sql, params);
      }) as typeof query,
    });
    try {
      const others = await Promise.all([1, 2, 3].map(() => memberWithSession(app, getDb())));
      for (const other of others) await deposit(other.token, '55.00');
      statements.length = 0;
      const page = await deposits({ status: 'PENDING', pageSize: '50' });
      expect(page.list.length).toBeGreaterThanOrEqual(4);
      expect(statements.filter((sql) => sql.includes('FROM member_directory m CROSS JOIN day'))).toHaveLength(1);
    } finally {
      Object.assign(spy, { query });
    }
  });

  it('should audit withdrawal and deposit decisions, and require a reason to reject', async () => {
    const member = await payee('800.00');
    const toPay = await withdraw(member, '200.00');
    const toReject = await withdraw(member, '150.00');
    const headers = await cashier();
    const approve = await app.inject({ method: 'POST', url: orderPath(OPS_API.withdrawalApprove, toPay), headers });
    expect(approve.json().value).toMatchObject({ status: 'PAID', replayed: false });
    // A repeated approval is no new decision: still one entry.
    await app.inject({ method: 'POST', url: orderPath(OPS_API.withdrawalApprove, toPay), headers });
    expect((await auditOf(toPay)).map((entry) => entry.action)).toEqual(['withdrawal.approve']);

    const rejectUrl = orderPath(OPS_API.withdrawalReject, toReject);
    for (const payload of [undefined, {}, { reason: ' ' }]) {
      const res = await app.inject({ method: 'POST', url: rejectUrl, headers, payload });
      expect(codeOf(res)).toEqual([400, 'VALIDATION_FAILED']);
      expect(fieldsOf(res)).toEqual(['reason']);
    }
    expect(await auditOf(toReject)).toEqual([]);
    const rejected = await app.inject({
      method: 'POST',
      url: rejectUrl,
      headers,
      payload: { reason: 'name does not match' },
    });
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', rejectReason: 'name does not match' });
    expect(await auditOf(toReject)).toEqual([
      { action: 'withdrawal.reject', staff: expect.stringMatching(/^t_cashier_/), reason: 'name does not match' },
    ]);

    const depositNo = await deposit(member.token, '90.00');
    const noReason = await app.inject({
      method: 'POST',
      url: orderPath(OPS_API.depositReject, depositNo),
      headers,
      payload: {},
    });
    expect(fieldsOf(noReason)).toEqual(['reason']);
    const depositRejected = await app.inject({
      method: 'POST',
      url: orderPath(OPS_API.depositReject, depositNo),
      headers,
      payload: { reason: 'no transfer arrived' },
    });
    expect(depositRejected.json().value).toMatchObject({ status: 'REJECTED' });
    const approvedNo = await deposit(member.token, '95.00');
    await app.inject({ method: 'POST', url: orderPath(OPS_API.depositApprove, approvedNo), headers });
    expect((await auditOf(depositNo)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['deposit.reject', 'no transfer arrived'],
    ]);
    expect((await auditOf(approvedNo)).map((entry) => entry.action)).toEqual(['deposit.approve']);
  });

  it('should keep another merchant’s orders out of its staff’s queues and decisions', async () => {
    const member = await payee('400.00');
    const orderNo = await withdraw(member, '120.00');
    const acme = { ...(await staffHeaders(app, 'cashier', { host: ACME_HOST })), host: ACME_HOST };
    const queue = await app.inject({ url: `${OPS_API.withdrawals}?orderNo=${orderNo}`, headers: acme });
    expect(queue.json().value.list).toEqual([]);
    const approve = await app.inject({
      method: 'POST',
      url: orderPath(OPS_API.withdrawalApprove, orderNo),
      headers: acme,
    });
    expect(codeOf(approve)).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(await auditOf(orderNo)).toEqual([]);
  });
});
