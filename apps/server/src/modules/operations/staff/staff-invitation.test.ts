import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPS_API, StaffLoginResponseSchema } from '@platform/contracts';
import { newMerchantTemplate } from '../../../db/seed-data/new-merchant';
import { insertMerchant } from '../../../db/seed';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { staffPost } from '../../../test/staff-helpers';
import { buildTestApp, testHasher } from '../../../test/test-app';
import { INVITATION_TTL_MS, inviteOwner, OwnerExistsError } from './index';

const HOST = 'owner-invite.test';
const OTHER_HOST = 'other-invite.test';
const PASSWORD = 'Owner2026pass';

describeEachDatabase('first owner by enrolment link', (getDb) => {
  let app: FastifyInstance;
  const time = manualClock();
  const merchants: Record<string, { id: number; code: string }> = {};

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp({ db, seams: { now: time.now } });
    for (const [code, host] of [
      ['invitee', HOST],
      ['otherinv', OTHER_HOST],
    ] as const) {
      const id = await db.transaction((tx) =>
        insertMerchant(tx, newMerchantTemplate({ code, name: code, hosts: [host] })),
      );
      merchants[code] = { id, code };
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const invite = (code: string, username: string, reissue = false) =>
    inviteOwner(
      { db: getDb(), now: time.now, hasher: testHasher() },
      merchants[code]!,
      { username, displayName: username },
      {
        reissue,
      },
    );
  const accept = (token: string, host = HOST, password = PASSWORD) =>
    staffPost(app, OPS_API.auth.invitation, { token, password }, undefined, host);

  it('should let nobody sign in before the link is used, and open the enrolment once it is', async () => {
    const { token } = await invite('invitee', 'first_owner');
    // Its password is the hash of a value nobody has: every guess is a wrong password.
    const early = await staffPost(
      app,
      OPS_API.auth.login,
      { username: 'first_owner', password: PASSWORD },
      undefined,
      HOST,
    );
    expect(early.json().code).toBe('INVALID_CREDENTIALS');
    // On another merchant's host the link is unknown.
    expect((await accept(token, OTHER_HOST)).json().code).toBe('RESET_LINK_INVALID');
    const weak = await accept(token, HOST, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_FAILED');
    const opened = await accept(token);
    expect(opened.statusCode).toBe(200);
    expect(StaffLoginResponseSchema.parse(opened.json().value).stage).toBe('ENROL');
    expect((await accept(token)).json().code).toBe('RESET_LINK_INVALID');
    // The password it set signs in (and enrolment is still to come).
    const login = await staffPost(
      app,
      OPS_API.auth.login,
      { username: 'first_owner', password: PASSWORD },
      undefined,
      HOST,
    );
    expect(StaffLoginResponseSchema.parse(login.json().value).stage).toBe('ENROL');
    await expect(invite('invitee', 'second_owner')).rejects.toThrow(OwnerExistsError);
    await expect(invite('invitee', 'first_owner', true)).rejects.toThrow(/already has an owner/);
    const { rows } = await getDb().query<{ action: string }>(
      "SELECT action FROM staff_audit_log WHERE merchant_id = $1 AND action = 'staff.invitation.accept'",
      [merchants.invitee!.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('should refuse an expired link, and reissue one for an owner who never used it', async () => {
    const first = await invite('otherinv', 'late_owner');
    time.advance(INVITATION_TTL_MS);
    expect((await accept(first.token, OTHER_HOST)).json().code).toBe('RESET_LINK_INVALID');
    await expect(invite('otherinv', 'late_owner')).rejects.toThrow(OwnerExistsError);
    const again = await invite('otherinv', 'ignored_name', true);
    expect(again).toMatchObject({ username: 'late_owner', reissued: true });
    expect((await accept(again.token, OTHER_HOST)).statusCode).toBe(200);
    const { rows } = await getDb().query<{ n: bigint }>(
      "SELECT count(*) AS n FROM staff_accounts WHERE merchant_id = $1 AND role = 'owner'",
      [merchants.otherinv!.id],
    );
    expect(rows[0]!.n).toBe(1n);
  });
});
