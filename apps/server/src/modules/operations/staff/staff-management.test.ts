import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { StaffAccountPageSchema, OPS_API } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { createStaff, signInStaff, staffPost, type TestStaff } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { auditOf, fieldsOf } from './staff.test-support';

const countStaff = async (db: Database) =>
  Number((await db.query<{ n: bigint }>('SELECT count(*) AS n FROM staff_accounts')).rows[0]?.n ?? 0n);

describeEachDatabase('staff management', (getDb) => {
  let app: FastifyInstance;
  const time = manualClock();
  let owner: TestStaff;
  let admin: TestStaff;
  let ownerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
    owner = await createStaff(app, 'owner');
    admin = await createStaff(app, 'admin');
    ownerToken = await signInStaff(app, owner);
    adminToken = await signInStaff(app, admin);
  });
  afterAll(async () => {
    await app.close();
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const create = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: OPS_API.staff.list, headers: as(token), payload });
  const patch = (token: string, id: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: OPS_API.staff.account.replace(':id', id), headers: as(token), payload });
  const resetMfa = (token: string, id: string) =>
    app.inject({ method: 'POST', url: OPS_API.staff.resetMfa.replace(':id', id), headers: as(token) });

  it('should create a staff account, audit it, and make it enrol at its first sign-in', async () => {
    const res = await create(adminToken, {
      username: 'New.Cashier',
      displayName: 'New Cashier',
      password: 'Cashier#2026',
      role: 'cashier',
    });
    expect(res.statusCode).toBe(200);
    const account = res.json().value;
    expect(account).toMatchObject({ username: 'New.Cashier', role: 'cashier', status: 'ACTIVE', mfaEnrolled: false });
    const entries = await auditOf(getDb(), account.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'staff.create', staff: admin.username, before: null });
    expect(JSON.stringify(entries[0]?.after)).not.toMatch(/Cashier#2026|argon2/);
    const login = await staffPost(app, OPS_API.auth.login, { username: 'new.cashier', password: 'Cashier#2026' });
    expect(login.json().value.stage).toBe('ENROL');
  });

  it('should answer bad input with field errors and write nothing', async () => {
    const before = await countStaff(getDb());
    const bad = await create(ownerToken, { username: 'a b', displayName: '', password: 'short', role: 'super' });
    expect(bad.statusCode).toBe(400);
    expect(
      fieldsOf(bad.body)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['displayName', 'password', 'role', 'username']);
    const taken = await create(ownerToken, {
      username: owner.username.toUpperCase(),
      displayName: 'Twin',
      password: 'Twin#2026x',
      role: 'support',
    });
    expect(taken.statusCode).toBe(400);
    expect(fieldsOf(taken.body)).toEqual([{ path: 'username', message: 'This username is taken' }]);
    expect(await countStaff(getDb())).toBe(before);
  });

  it('should not let an admin create, change, disable or reset an owner, nor make anyone owner', async () => {
    const makeOwner = await create(adminToken, {
      username: 'would_be_owner',
      displayName: 'Would-be owner',
      password: 'Owner#2026x',
      role: 'owner',
    });
    expect(makeOwner.statusCode).toBe(400);
    expect(fieldsOf(makeOwner.body)).toEqual([{ path: 'role', message: 'Only an owner can give the owner role' }]);
    const support = await createStaff(app, 'support');
    const promote = await patch(adminToken, support.id, { role: 'owner' });
    expect(fieldsOf(promote.body).map((f) => f.path)).toEqual(['role']);
    for (const res of [
      await patch(adminToken, owner.id, { status: 'DISABLED' }),
      await patch(adminToken, owner.id, { displayName: 'Renamed' }),
      await resetMfa(adminToken, owner.id),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // An owner may.
    const promoted = await patch(ownerToken, support.id, { role: 'owner' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().value.role).toBe('owner');
  });

  it('should not let anyone disable themselves or change their own role', async () => {
    const self = await patch(ownerToken, owner.id, { status: 'DISABLED', role: 'admin' });
    expect(self.statusCode).toBe(400);
    expect(
      fieldsOf(self.body)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['role', 'status']);
    const renamed = await patch(ownerToken, owner.id, { displayName: 'Olivia O.' });
    expect(renamed.json().value.displayName).toBe('Olivia O.');
  });

  it('should disable an account, end its sessions at once, and audit the change', async () => {
    const cashier = await createStaff(app, 'cashier');
    const token = await signInStaff(app, cashier);
    const res = await patch(adminToken, cashier.id, { status: 'DISABLED' });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: OPS_API.auth.me, headers: as(token) })).json().code).toBe('AUTH_REQUIRED');
    const login = await staffPost(app, OPS_API.auth.login, { username: cashier.username, password: cashier.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_CLOSED');
    const entry = (await auditOf(getDb(), cashier.id)).find((e) => e.action === 'staff.update');
    expect(entry).toMatchObject({
      action: 'staff.update',
      before: { status: 'ACTIVE' },
      after: { status: 'DISABLED' },
    });
  });

  it('should reset MFA: sessions end and the next sign-in enrols again', async () => {
    const content = await createStaff(app, 'content');
    const token = await signInStaff(app, content);
    const res = await resetMfa(ownerToken, content.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.mfaEnrolled).toBe(false);
    expect((await app.inject({ url: OPS_API.auth.me, headers: as(token) })).statusCode).toBe(401);
    const login = await staffPost(app, OPS_API.auth.login, { username: content.username, password: content.password });
    expect(login.json().value.stage).toBe('ENROL');
    expect((await auditOf(getDb(), content.id)).map((e) => e.action)).toContain('staff.mfa.reset');
    expect((await resetMfa(ownerToken, owner.id)).statusCode).toBe(403);
  });

  it('should list the merchant staff with filters, and know no account of another merchant', async () => {
    const list = await app.inject({
      url: `${OPS_API.staff.list}?role=admin&q=${admin.username}`,
      headers: as(ownerToken),
    });
    const page = StaffAccountPageSchema.parse(list.json().value);
    expect(page.list.map((a) => a.username)).toEqual([admin.username]);
    const superAdmin = await createStaff(app, 'super');
    const all = StaffAccountPageSchema.parse(
      (await app.inject({ url: `${OPS_API.staff.list}?pageSize=100`, headers: as(ownerToken) })).json().value,
    );
    expect(all.list.map((a) => a.username)).not.toContain(superAdmin.username);
    const hidden = await patch(ownerToken, superAdmin.id, { displayName: 'Nope' });
    expect(hidden.statusCode).toBe(404);
  });
});
