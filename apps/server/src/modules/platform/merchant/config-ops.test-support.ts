import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { API, PermissionConfigSchema, successEnvelope, type PermissionConfig } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { staffHeaders } from '../../../test/staff-helpers';

export type AuditRow = { action: string; staffRole: string; targetId: string; before: unknown; after: unknown };

/** The audit entries of a configuration area, newest first. */
export const auditOf = async (db: Database, area: string): Promise<AuditRow[]> =>
  (
    await db.query<AuditRow>(
      `SELECT action, staff_role AS "staffRole", target_id AS "targetId", before, after FROM staff_audit_log
       WHERE action = $1 ORDER BY id DESC`,
      [`config.${area}.update`],
    )
  ).rows;

/** A staff call as the demo merchant's admin (config.manage). */
export const configCall = async (
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...(await staffHeaders(app, 'admin')), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The value of a successful configuration call; fails the test with the body otherwise. */
export const valueOf = <T = Record<string, unknown>>(res: {
  statusCode: number;
  body: string;
  json: () => unknown;
}) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: T }).value;
};

/** The field errors of a VALIDATION_FAILED answer, as `path: message`. */
export const fieldErrors = (res: { statusCode: number; body: string; json: () => unknown }): string[] => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; value: { fields: { path: string; message: string }[] } };
  expect(body.code).toBe('VALIDATION_FAILED');
  return body.value.fields.map((field) => `${field.path}: ${field.message}`);
};

/** The player side's configuration, as the web app loads it first. */
export const permissionOf = async (
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<PermissionConfig> => {
  const res = await app.inject({ url: API.system.permission, headers });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(PermissionConfigSchema).parse(res.json()).value;
};
