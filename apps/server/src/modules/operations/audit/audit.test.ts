import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsAuditPageSchema, successEnvelope, type OpsAuditEntry, OPS_API } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import { demoMerchantId } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { staffHeaders } from '../../../test/staff-helpers';

const OTHER_HOST = 'acme-audit.test';

type Seeded = {
  merchantId: number;
  staff: string;
  role?: string;
  action: string;
  targetType: string;
  targetId: string;
  /** An instant (ISO); Asia/Manila is UTC+8, the merchants' zone. */
  at: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

const seed = async (db: Database, entry: Seeded) => {
  await db.query(
    `INSERT INTO staff_audit_log (merchant_id, staff_id, staff_username, staff_role, ip, action, target_type,
       target_id, before, after, reason, created_at)
     VALUES ($1, NULL, $2, $3, '203.0.113.7', $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::timestamptz)`,
    [
      entry.merchantId,
      entry.staff,
      entry.role ?? 'cashier',
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.reason ?? null,
      entry.at,
    ],
  );
};

describeEachDatabase('audit log staff API', (getDb) => {
  let app: FastifyInstance;
  let demoId: number;
  let otherId: number;
  /** Sessions signed in before the log is wiped and seeded (each sign-in writes a staff.login entry). */
  const headers: Record<string, { authorization: string }> = {};
  const risk = () => headers.risk ?? {};

  const list = async (query: Record<string, string> = {}, host = 'localhost') => {
    const res = await app.inject({
      url: `${OPS_API.audit}?${new URLSearchParams(query).toString()}`,
      headers: { ...(host === OTHER_HOST ? headers.acme : headers.risk), host },
    });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(OpsAuditPageSchema).parse(res.json()).value;
  };
  const actions = (entries: readonly OpsAuditEntry[]) => entries.map((entry) => entry.action);

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp({ db });
    demoId = await demoMerchantId(db);
    otherId = await db.transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_audit', name: 'Acme', hosts: [OTHER_HOST] }),
    );
    for (const role of ['risk', 'cashier', 'support', 'content', 'finance'] as const) {
      headers[role] = await staffHeaders(app, role);
    }
    headers.acme = await staffHeaders(app, 'risk', { host: OTHER_HOST });
    await db.query('DELETE FROM staff_audit_log');
    // Demo merchant: five entries over three local days (Manila, UTC+8).
    await seed(db, {
      ...{ merchantId: demoId, staff: 'ann', action: 'withdrawal.approve', targetType: 'withdrawal' },
      ...{ targetId: 'W100', at: '2026-03-01T01:00:00Z', before: { status: 'PENDING' } },
      after: { status: 'APPROVED' },
    });
    await seed(db, {
      ...{ merchantId: demoId, staff: 'ann', action: 'withdrawal.reject', targetType: 'withdrawal' },
      ...{ targetId: 'W101', at: '2026-03-01T15:59:00Z', reason: '=HYPERLINK("http://evil","x")' },
    });
    await seed(db, {
      ...{ merchantId: demoId, staff: 'bob', role: 'content', action: 'banner.create', targetType: 'banner' },
      ...{ targetId: '7', at: '2026-03-01T16:00:00Z', after: { title: 'Spring, "sale"' } },
    });
    await seed(db, {
      ...{ merchantId: demoId, staff: 'bob', role: 'content', action: 'banner.update', targetType: 'banner' },
      ...{ targetId: '7', at: '2026-03-02T02:00:00Z', before: { title: 'a' }, after: { title: 'b' } },
    });
    await seed(db, {
      ...{ merchantId: demoId, staff: 'cy', role: 'risk', action: 'member.lock', targetType: 'member' },
      ...{ targetId: '42', at: '2026-03-03T02:00:00Z', reason: 'fraud check' },
    });
    // Another merchant: never visible to the demo merchant's staff.
    await seed(db, {
      ...{ merchantId: otherId, staff: 'ann', action: 'withdrawal.approve', targetType: 'withdrawal' },
      ...{ targetId: 'W100', at: '2026-03-02T03:00:00Z', reason: 'acme secret' },
    });
  });
  afterAll(() => app.close());

  describe('access', () => {
    it('should refuse a caller without a staff session', async () => {
      const res = await app.inject({ url: OPS_API.audit });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
      const csv = await app.inject({ url: OPS_API.auditCsv });
      expect(csv.statusCode).toBe(401);
    });

    it('should refuse roles without audit.view', async () => {
      for (const role of ['cashier', 'support', 'content', 'finance'] as const) {
        const res = await app.inject({ url: OPS_API.audit, headers: headers[role] });
        expect(res.statusCode, role).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        expect((await app.inject({ url: OPS_API.auditCsv, headers: headers[role] })).statusCode, role).toBe(403);
      }
    });

    it('should have no route that writes, edits or deletes entries', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await app.inject({ method, url: OPS_API.audit, headers: risk(), payload: {} });
        expect([404, 405], method).toContain(res.statusCode);
        const one = await app.inject({ method, url: `${OPS_API.audit}/1`, headers: risk(), payload: {} });
        expect([404, 405], method).toContain(one.statusCode);
      }
      expect(Number((await getDb().query<{ n: bigint }>('SELECT count(*) AS n FROM staff_audit_log')).rows[0]?.n)).toBe(
        6,
      );
    });
  });

  describe('list', () => {
    it('should list the merchant entries newest first with who, role, ip, target, before, after and reason', async () => {
      const page = await list();
      expect(actions(page.list)).toEqual([
        'member.lock',
        'banner.update',
        'banner.create',
        'withdrawal.reject',
        'withdrawal.approve',
      ]);
      expect(page.nextCursor).toBeNull();
      const oldest = page.list.at(-1);
      expect(oldest).toMatchObject({
        staffUsername: 'ann',
        staffRole: 'cashier',
        ip: '203.0.113.7',
        targetType: 'withdrawal',
        targetId: 'W100',
        before: { status: 'PENDING' },
        after: { status: 'APPROVED' },
        reason: null,
        createdAt: '2026-03-01T01:00:00.000Z',
      });
    });

    it('should never show another merchant entries', async () => {
      const demo = await list({ targetId: 'W100' });
      expect(demo.list).toHaveLength(1);
      expect(demo.list[0]?.reason).toBeNull();
      const acme = await list({}, OTHER_HOST);
      expect(acme.list.map((entry) => entry.reason)).toEqual(['acme secret']);
    });

    it('should page with the cursor without gaps or repeats', async () => {
      const first = await list({ limit: '2' });
      expect(actions(first.list)).toEqual(['member.lock', 'banner.update']);
      expect(first.nextCursor).not.toBeNull();
      const second = await list({ limit: '2', cursor: first.nextCursor ?? '' });
      expect(actions(second.list)).toEqual(['banner.create', 'withdrawal.reject']);
      const third = await list({ limit: '2', cursor: second.nextCursor ?? '' });
      expect(actions(third.list)).toEqual(['withdrawal.approve']);
      expect(third.nextCursor).toBeNull();
    });

    it('should not continue from a cursor of another merchant', async () => {
      const acme = await list({}, OTHER_HOST);
      const foreign = acme.list[0]?.id ?? '';
      expect((await list({ cursor: foreign })).list).toEqual([]);
    });

    it('should filter by staff, action prefix, target and local days', async () => {
      expect(actions((await list({ staff: 'bob' })).list)).toEqual(['banner.update', 'banner.create']);
      expect(actions((await list({ action: 'withdrawal' })).list)).toEqual(['withdrawal.reject', 'withdrawal.approve']);
      expect(actions((await list({ action: 'withdrawal.rej' })).list)).toEqual(['withdrawal.reject']);
      expect(actions((await list({ targetType: 'banner', targetId: '7' })).list)).toEqual([
        'banner.update',
        'banner.create',
      ]);
      // 2026-03-01 in Manila is [2026-02-28T16:00Z, 2026-03-01T16:00Z): the banner made at 16:00Z is on the 2nd.
      expect(actions((await list({ from: '2026-03-01', to: '2026-03-01' })).list)).toEqual([
        'withdrawal.reject',
        'withdrawal.approve',
      ]);
      expect(actions((await list({ from: '2026-03-02' })).list)).toEqual([
        'member.lock',
        'banner.update',
        'banner.create',
      ]);
      expect(actions((await list({ to: '2026-03-02', staff: 'bob', action: 'banner.c' })).list)).toEqual([
        'banner.create',
      ]);
    });

    it('should answer field errors for bad filters', async () => {
      const res = await app.inject({
        url: `${OPS_API.audit}?from=2026-03-05&to=2026-03-01&action=Bad%20Action&limit=500`,
        headers: risk(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      const paths = (res.json().value.fields as { path: string }[]).map((field) => field.path).sort();
      expect(paths).toEqual(['action', 'limit', 'to']);
      const range = await app.inject({ url: `${OPS_API.audit}?from=2026-03-05&to=2026-03-01`, headers: risk() });
      expect(range.statusCode).toBe(400);
      expect(range.json().value.fields).toEqual([{ path: 'to', message: 'must be on or after the start date' }]);
      const day = await app.inject({ url: `${OPS_API.audit}?from=2026-02-30`, headers: risk() });
      expect(day.json().value.fields[0].path).toBe('from');
    });
  });

  describe('CSV export', () => {
    it('should download the filtered entries as a CSV attachment with formulas defused', async () => {
      const res = await app.inject({ url: `${OPS_API.auditCsv}?from=2026-03-01&to=2026-03-02`, headers: risk() });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="audit-demo.csv"');
      expect(res.headers['x-export-truncated']).toBe('false');
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('time,staff,role,ip,action,target_type,target_id,reason,before,after');
      expect(lines).toHaveLength(6); // header, four entries, and the empty string after the last CRLF
      expect(lines[1]).toBe(
        '2026-03-02T02:00:00.000Z,bob,content,203.0.113.7,banner.update,banner,7,,"{""title"":""a""}","{""title"":""b""}"',
      );
      expect(lines[2]).toContain('"{""title"":""Spring, \\""sale\\""""}"');
      expect(lines[3]).toBe(
        `2026-03-01T15:59:00.000Z,ann,cashier,203.0.113.7,withdrawal.reject,withdrawal,W101,"'=HYPERLINK(""http://evil"",""x"")",,`,
      );
      expect(res.body).not.toContain('acme secret');
    });
  });
});
