import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API,
  OpsDepositChannelListSchema,
  type DepositChannel,
  type OpsDepositChannel,
  OPS_API,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const channelPath = (id: string) => OPS_API.depositChannel.replace(':id', id);

describeEachDatabase('deposit channels in the back office', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  let memberToken: string;
  let finance: Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
    memberToken = (await memberWithSession(app, getDb())).token;
    finance = await staffHeaders(app, 'finance');
  });
  afterAll(() => app.close());

  const staffList = async () => {
    const res = await app.inject({ url: OPS_API.depositChannels, headers: finance });
    expect(res.statusCode, res.body).toBe(200);
    return OpsDepositChannelListSchema.parse(res.json().value);
  };
  const playerChannels = async (): Promise<DepositChannel[]> =>
    (await app.inject({ url: API.deposit.channels, headers: bearer(memberToken) })).json().value.list;
  const patch = (id: string, body: unknown, headers = finance) =>
    app.inject({ method: 'PATCH', url: channelPath(id), headers, payload: body as object });
  const create = (body: unknown) =>
    app.inject({ method: 'POST', url: OPS_API.depositChannels, headers: finance, payload: body as object });
  const bankChannel = async (): Promise<OpsDepositChannel> => {
    const found = (await staffList()).list.find((channel) => channel.code === 'bank-transfer');
    if (found === undefined) throw new Error('the demo bank channel is missing');
    return found;
  };
  const auditOf = async (action: string, targetId: string) =>
    (
      await getDb().query<{ before: unknown; after: unknown; staffRole: string }>(
        `SELECT before, after, staff_role AS "staffRole" FROM staff_audit_log
         WHERE merchant_id = $1 AND action = $2 AND target_id = $3 ORDER BY id`,
        [merchantId, action, targetId],
      )
    ).rows;
  const fieldsOf = (res: { json: () => { code: string; value: { fields: { path: string }[] } } }) => ({
    code: res.json().code,
    paths: res
      .json()
      .value.fields.map((field) => field.path)
      .sort(),
  });

  it('should list every channel with its limits, bank account, gateways and the currency', async () => {
    const list = await staffList();
    expect(list.gateways).toContain('demo');
    expect(list.currencyScale).toBe(2);
    expect(list.list.map((channel) => channel.code)).toEqual(['demo-pay', 'bank-transfer']);
    expect(await bankChannel()).toMatchObject({
      kind: 'MANUAL_BANK',
      minAmount: '50.00',
      maxAmount: '100000.00',
      bankName: 'Demo Bank',
      bankAccountNumber: '0012-3456-7890',
      enabled: true,
      gatewayCode: null,
    });
  });

  it('should show a channel edit in the player’s channel list at once, and record it in the audit log', async () => {
    const bank = await bankChannel();
    const res = await patch(bank.id, {
      displayName: 'Instapay transfer',
      minAmount: '75.5',
      bankAccountNumber: '9999-0000-1111',
      sort: -1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ displayName: 'Instapay transfer', minAmount: '75.50', sort: -1 });

    const seen = await playerChannels();
    expect(seen[0]).toMatchObject({
      id: bank.id,
      name: 'Instapay transfer',
      minAmount: '75.50',
      maxAmount: '100000.00',
      bank: { bankName: 'Demo Bank', accountNumber: '9999-0000-1111' },
    });
    const [entry] = await auditOf('payment-channel.update', bank.id);
    expect(entry?.staffRole).toBe('finance');
    expect(entry?.before).toMatchObject({ displayName: 'Bank transfer', minAmount: '50.00' });
    expect(entry?.after).toMatchObject({ displayName: 'Instapay transfer', bankAccountNumber: '9999-0000-1111' });

    expect((await patch(bank.id, { enabled: false })).statusCode).toBe(200);
    expect((await playerChannels()).map((channel) => channel.id)).not.toContain(bank.id);
    await patch(bank.id, { enabled: true, displayName: 'Bank transfer', minAmount: '50', sort: 1 });
  });

  it('should refuse bad limits and missing bank details with a message per field, writing nothing', async () => {
    const bank = await bankChannel();
    const audits = (await auditOf('payment-channel.update', bank.id)).length;
    const cases: [unknown, string[]][] = [
      [{ minAmount: '500', maxAmount: '100' }, ['maxAmount']],
      [{ minAmount: '200000' }, ['maxAmount']],
      [{ minAmount: '0', maxAmount: '-5' }, ['maxAmount', 'minAmount']],
      [{ minAmount: '10.123' }, ['minAmount']],
      [{ bankName: '', displayName: '' }, ['bankName', 'displayName']],
      [{ bankAccountName: null }, ['bankAccountName']],
      [{ gatewayCode: 'demo' }, ['gatewayCode']],
      [{ expiryMinutes: 0 }, ['expiryMinutes']],
    ];
    for (const [body, paths] of cases) {
      const res = await patch(bank.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toEqual({ code: 'VALIDATION_FAILED', paths });
    }
    expect(await bankChannel()).toEqual(bank);
    expect(await auditOf('payment-channel.update', bank.id)).toHaveLength(audits);
    expect((await patch('999999', { enabled: false })).statusCode).toBe(404);
  });

  it('should create a channel that players see, and refuse a taken code or an unknown gateway', async () => {
    const body = {
      code: 'gcash-manual',
      kind: 'MANUAL_BANK',
      displayName: 'GCash',
      minAmount: '100',
      maxAmount: '20000',
      bankName: 'GCash',
      bankAccountName: 'Demo Gaming',
      bankAccountNumber: '0917 000 0000',
      sort: 5,
    };
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().value as OpsDepositChannel;
    expect(created).toMatchObject({ code: 'gcash-manual', minAmount: '100.00', enabled: true, expiryMinutes: 30 });
    expect((await playerChannels()).find((channel) => channel.id === created.id)).toMatchObject({ name: 'GCash' });
    expect(await auditOf('payment-channel.create', created.id)).toHaveLength(1);

    expect(fieldsOf(await create(body))).toEqual({ code: 'VALIDATION_FAILED', paths: ['code'] });
    const gateway = await create({ ...body, code: 'other-pay', kind: 'GATEWAY', gatewayCode: 'nopay', bankName: null });
    expect(fieldsOf(gateway)).toEqual({
      code: 'VALIDATION_FAILED',
      paths: ['bankAccountName', 'bankAccountNumber', 'gatewayCode'],
    });
    const missing = await create({ code: 'x', kind: 'MANUAL_BANK', displayName: 'X', minAmount: '1', maxAmount: '2' });
    expect(fieldsOf(missing)).toEqual({
      code: 'VALIDATION_FAILED',
      paths: ['bankAccountName', 'bankAccountNumber', 'bankName'],
    });
    expect((await staffList()).list.map((channel) => channel.code)).not.toContain('other-pay');
  });

  it('should let only staff with payments.manage in', async () => {
    const bank = await bankChannel();
    expect((await app.inject({ url: OPS_API.depositChannels })).statusCode).toBe(401);
    const cashier = await staffHeaders(app, 'cashier');
    expect((await app.inject({ url: OPS_API.depositChannels, headers: cashier })).statusCode).toBe(403);
    expect((await patch(bank.id, { enabled: false }, cashier)).statusCode).toBe(403);
    expect(await bankChannel()).toEqual(bank);
  });
});
