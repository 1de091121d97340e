import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API, OPS_API } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { manualClock } from '../../../lib/clock';
import { bearer, clearRateLimits, freshIp, insertMember, loginOk, sealed } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { staffHeaders } from '../../../test/staff-helpers';
import { adjust, requestId } from '../../../test/wallet-helpers';
import { multipart, type File } from '../../../test/upload-helpers';

export { JPEG, multipart, PNG, type File } from '../../../test/upload-helpers';
export const PAY_PASSWORD = '739146';
export const REAL_NAME = 'Juan Dela Cruz';

/**
 * The app on a manual clock and the calls both withdrawal test files make: members ready to withdraw, requests,
 * staff decisions and confirmations. Call it inside a describe block: it registers the beforeAll, afterAll and
 * beforeEach.
 */
export const withdrawFixture = (getDb: () => Database) => {
  const time = manualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  /** A new member logged in at the test clock's time (the clock moves forward in some tests). */
  const memberWithSession = async () => {
    const member = await insertMember(getDb());
    const { token } = await loginOk(app, member.username, member.password, { ip: freshIp(), now: time.now });
    return { ...member, token };
  };
  const get = (url: string, token: string) => app.inject({ url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const path = (template: string, params: Record<string, string>) =>
    Object.entries(params).reduce((url, [key, value]) => url.replace(`:${key}`, value), template);
  const codeOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code];

  /** A member with a real name, a payment password, `funds` of cash and one bound account. */
  const readyMember = async (funds = '1000.00', options: { realName?: string | null; payPassword?: boolean } = {}) => {
    const member = await memberWithSession();
    const realName = options.realName === undefined ? REAL_NAME : options.realName;
    if (realName !== null) {
      const res = await app.inject({
        method: 'PUT',
        url: API.member.profile,
        headers: bearer(member.token),
        payload: { payeeName: realName },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    if (options.payPassword !== false) {
      const res = await sealed(
        app,
        'PUT',
        API.member.paymentPassword,
        { loginPassword: member.password, newPaymentPassword: PAY_PASSWORD, confirmPaymentPassword: PAY_PASSWORD },
        { token: member.token, now: time.now },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    if (funds !== '0') await adjust(app, member.username, funds);
    let accountId = '';
    if (realName !== null) {
      const bound = await post(API.withdraw.accounts, member.token, {
        bankName: 'GCash',
        accountNumber: '0917 555 0101',
        holderName: realName,
      });
      expect(bound.statusCode, bound.body).toBe(200);
      accountId = bound.json().value.id as string;
    }
    return { ...member, accountId };
  };

  const withdraw = (token: string, body: Record<string, unknown>) =>
    sealed(
      app,
      'POST',
      API.withdraw.orders,
      { paymentPassword: PAY_PASSWORD, requestId: requestId('wd'), ...body },
      {
        token,
        now: time.now,
      },
    );

  const approve = async (orderNo: string) =>
    app.inject({
      method: 'POST',
      url: path(OPS_API.withdrawalApprove, { orderNo }),
      headers: await staffHeaders(app, 'cashier'),
    });
  const reject = async (orderNo: string, reason = 'account closed') =>
    app.inject({
      method: 'POST',
      url: path(OPS_API.withdrawalReject, { orderNo }),
      headers: await staffHeaders(app, 'cashier'),
      payload: { reason },
    });
  const confirm = (token: string, orderNo: string, fields: Record<string, string>, files: File[] = []) => {
    const body = multipart(fields, files);
    return app.inject({
      method: 'POST',
      url: path(API.withdraw.confirm, { orderNo }),
      headers: { ...bearer(token), 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  return {
    time,
    get app() {
      return app;
    },
    ...{ memberWithSession, get, post, path, codeOf, readyMember, withdraw, approve, reject, confirm },
  };
};
