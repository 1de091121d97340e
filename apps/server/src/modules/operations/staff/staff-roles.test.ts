import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  roleHas,
  STAFF_ENDPOINTS,
  STAFF_ROLES,
  STAFF_SIGN_IN_ENDPOINTS,
  type StaffEndpoint,
  type StaffRole,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';

/** An id no row has: the call passes the staff checks and then finds nothing (or refuses the input). */
const PLAUSIBLE_ID = '987654321';
const concrete = (path: string): string =>
  path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? PLAUSIBLE_ID : segment))
    .join('/');

const key = (method: string, path: string) => `${method} ${path}`;

/**
 * Every route the app registered, from printRoutes' tree: each line is a path segment below its parent (4 columns per
 * level), with its methods in parentheses when it has handlers.
 */
const registeredRoutes = (app: FastifyInstance): { method: string; path: string }[] => {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${depth === 0 ? '' : (stack[depth - 1] ?? '')}${match[2] ?? ''}`;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method !== '' && method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
};

const call = (app: FastifyInstance, endpoint: StaffEndpoint, headers: Record<string, string>) =>
  app.inject({
    method: endpoint.method as HTTPMethods,
    url: concrete(endpoint.path),
    headers,
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
  });

/**
 * The role test of issue 7: every staff endpoint, called without a session, with every role that lacks its permission
 * and with every role that holds it, answers exactly 401, 403, and neither. And no `/wps/ops/` route exists that the
 * table does not list (or that is not a sign-in step), so a staff route cannot ship without its permission.
 */
describeEachDatabase('staff roles', (getDb) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    // A session of every role up front (signing in is not what this test measures).
    for (const role of STAFF_ROLES) await staffHeaders(app, role);
  }, 180_000);
  afterAll(async () => {
    await app.close();
  });

  it('should list every /wps/ops/ route the app registers in STAFF_ENDPOINTS, or as a sign-in step', () => {
    const listed = new Set([...STAFF_ENDPOINTS, ...STAFF_SIGN_IN_ENDPOINTS].map((e) => key(e.method, e.path)));
    const ops = registeredRoutes(app).filter((route) => route.path.startsWith('/wps/ops/'));
    expect(ops.length).toBeGreaterThanOrEqual(STAFF_ENDPOINTS.length);
    expect(ops.map((route) => key(route.method, route.path)).filter((k) => !listed.has(k))).toEqual([]);
  });

  it('should register every row of STAFF_ENDPOINTS once', () => {
    const keys = STAFF_ENDPOINTS.map((e) => key(e.method, e.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const missing = STAFF_ENDPOINTS.filter((e) => !app.hasRoute({ method: e.method, url: e.path }));
    expect(missing).toEqual([]);
  });

  for (const endpoint of STAFF_ENDPOINTS) {
    const holders = STAFF_ROLES.filter((role) => endpoint.permission === null || roleHas(role, endpoint.permission));
    const others = STAFF_ROLES.filter((role) => !holders.includes(role));
    it(`should let exactly ${holders.join(', ')} call ${endpoint.method} ${endpoint.path}`, async () => {
      const anonymous = await call(app, endpoint, {});
      expect({ status: anonymous.statusCode, code: anonymous.json().code }).toEqual({
        status: 401,
        code: 'AUTH_REQUIRED',
      });
      const answers = async (roles: readonly StaffRole[]) => {
        const seen: Record<string, number> = {};
        for (const role of roles) seen[role] = (await call(app, endpoint, await staffHeaders(app, role))).statusCode;
        return seen;
      };
      const refused = await answers(others);
      expect(refused).toEqual(Object.fromEntries(others.map((role) => [role, 403])));
      const allowed = await answers(holders);
      for (const [role, status] of Object.entries(allowed)) {
        expect({ role, refused: status === 401 || status === 403 }).toEqual({ role, refused: false });
      }
    });
  }
});
