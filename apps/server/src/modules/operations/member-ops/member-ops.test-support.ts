import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  FieldErrorsValueSchema,
  MemberSearchPageSchema,
  OPS_API,
  USER_TYPE,
  type StaffRole,
} from '@platform/contracts';
import type { z } from 'zod';
import type { Database } from '../../../db/database';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { demoMerchantId, insertMember, type TestMember } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';

const ACME_HOST = 'acme-members.test';

export const fieldsOf = (body: string) => FieldErrorsValueSchema.parse(JSON.parse(body).value).fields;
export const pathOf = (template: string, memberId: bigint | string) =>
  template.replace(':memberId', memberId.toString());

export type AuditRow = { action: string; before: unknown; after: unknown; reason: string | null; role: string };
export const auditOf = async (db: Database, memberId: bigint) =>
  (
    await db.query<AuditRow>(
      `SELECT action, before, after, reason, staff_role AS role FROM staff_audit_log
       WHERE target_type = 'member' AND target_id = $1 ORDER BY id`,
      [memberId.toString()],
    )
  ).rows;

export const statusOf = async (db: Database, memberId: bigint) =>
  (await db.query<{ status: string }>('SELECT status FROM members WHERE id = $1', [memberId])).rows[0]?.status;

/**
 * The app and the members both members-and-agents test files start from: an agent, its subagent, the subagent's
 * downline member (real name, mobile, payment password) and a member of another merchant, each username tagged so a
 * search finds only them. Call it inside a describe block: it registers the beforeAll and afterAll.
 */
export const memberOpsFixture = (getDb: () => Database) => {
  let app: FastifyInstance;
  let merchantId: number;
  let agent: TestMember;
  let subagent: TestMember;
  let downline: TestMember;
  let acmeMember: TestMember;
  const tag = `m${Date.now().toString(36)}`;

  const call = async <S extends z.ZodType>(
    role: StaffRole,
    schema: S,
    request: { method?: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> },
  ): Promise<z.output<S>> => {
    const res = await app.inject({ ...request, headers: await staffHeaders(app, role) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return schema.parse(res.json().value) as z.output<S>;
  };
  const raw = async (
    role: StaffRole | null,
    request: { method?: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> },
  ) => app.inject({ ...request, headers: role === null ? {} : await staffHeaders(app, role) });
  const search = (query: Record<string, string>, role: StaffRole = 'support') =>
    call(role, MemberSearchPageSchema, { url: `${OPS_API.members}?${new URLSearchParams(query).toString()}` });
  const names = (page: { list: { username: string }[] }) => page.list.map((m) => m.username);

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp({ db });
    merchantId = await demoMerchantId(db);
    agent = await insertMember(db, { username: `${tag}_agent`, userType: USER_TYPE.AGENT_1, email: `${tag}a@x.test` });
    subagent = await insertMember(db, { username: `${tag}_sub`, userType: USER_TYPE.AGENT_2, parentId: agent.id });
    downline = await insertMember(db, {
      username: `${tag}_Down`,
      parentId: subagent.id,
      mobile: ['+63', '9175550001'],
      email: `${tag}d@x.test`,
    });
    await db.query("UPDATE members SET payee_name = 'Maria Clara', payment_password_hash = 'not-shown' WHERE id = $1", [
      downline.id,
    ]);
    await db.transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_members', name: 'Acme', hosts: [ACME_HOST] }),
    );
    acmeMember = await insertMember(db, { username: `${tag}_acme`, merchantCode: 'acme_members' });
  });
  afterAll(() => app.close());

  return {
    tag,
    call,
    raw,
    search,
    names,
    get app() {
      return app;
    },
    get merchantId() {
      return merchantId;
    },
    get agent() {
      return agent;
    },
    get subagent() {
      return subagent;
    },
    get downline() {
      return downline;
    },
    get acmeMember() {
      return acmeMember;
    },
  };
};
