import { API, OPS_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { JPEG, multipart, PNG, type File } from '../../../test/upload-helpers';
import { memberWithSession } from '../../../test/wallet-helpers';

const HOUR = 3_600_000;
const png = (name = 'proof.png'): File => ({ name, type: 'image/png', bytes: PNG });

/**
 * Application promotions (issue 20; spec §5 activity applications, §9 limits): a member applies with a comment and
 * images, staff approve (the bonus is paid) or reject; every bad upload is refused with a code and writes nothing.
 */
describeEachDatabase('promotion applications', (getDb) => {
  let app: FastifyInstance;
  let promotionId = 0n;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    promotionId = await app.promotions.create(await demoMerchantId(getDb()), {
      ...{ kind: 'APPLICATION', title: { EN: 'Share your big win' }, terms: {}, bannerUrl: null },
      ...{ audience: 'EVERYONE', audienceLevels: [], audienceAgentId: null, newMemberDays: 7 },
      ...{ startsAt: new Date(Date.now() - HOUR), endsAt: null, status: 'ACTIVE', perMemberLimit: 1, totalLimit: null },
      ...{ bonusFixedMinor: 2_500n, bonusPercentBp: 0, bonusMaxMinor: null, minDepositMinor: 0n },
      ...{ turnoverMultiple: 3, turnoverBase: 'BONUS', weights: {}, defaultWeight: 100, maxBetMinor: null },
      ...{ maxConversionMinor: null, expiryHours: 72, onWithdraw: 'FORFEIT' },
    });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const apply = (token: string, comment: string, files: File[]) => {
    const body = multipart({ comment }, files, 'images');
    return app.inject({
      method: 'POST',
      url: API.promotions.apply.replace(':id', promotionId.toString()),
      headers: { ...bearer(token), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const ops = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: await staffHeaders(app, 'content'), ...(payload ? { payload } : {}) });
  const decisionPath = (path: string, id: string) => path.replace(':id', id);
  const written = async (memberId: bigint) =>
    (
      await getDb().query<{ claims: number; images: number }>(
        `SELECT (SELECT count(*)::integer FROM promotion_claims WHERE member_id = $1) AS claims,
           (SELECT count(*)::integer FROM promotion_claim_images i JOIN promotion_claims c
              ON c.merchant_id = i.merchant_id AND c.id = i.claim_id WHERE c.member_id = $1) AS images`,
        [memberId],
      )
    ).rows[0];

  it('should take an application with images, queue it for staff, and pay its bonus once approved', async () => {
    const alice = await memberWithSession(app, getDb());
    const applied = await apply(alice.token, 'My 500x win on Lucky Lanterns', [
      png(),
      { name: 'b.jpg', type: 'image/jpeg', bytes: JPEG },
    ]);
    expect(applied.statusCode, applied.body).toBe(200);
    const claimId = applied.json().value.claimId as string;
    expect(applied.json().value.status).toBe('applying');
    // A second application while the first waits: refused.
    const again = await apply(alice.token, 'again', [png()]);
    expect([again.statusCode, again.json().code]).toEqual([409, 'PROMOTION_LIMIT_REACHED']);
    expect(await written(alice.id)).toEqual({ claims: 1, images: 2 });

    const queue = (await ops('GET', OPS_API.promotionApplications)).json().value.list;
    expect(queue).toContainEqual(
      expect.objectContaining({
        claimId,
        username: alice.username,
        comment: 'My 500x win on Lucky Lanterns',
        images: 2,
      }),
    );
    const listed = (await app.inject({ url: API.promotions.list, headers: bearer(alice.token) })).json().value;
    expect(listed.list.find((p: { id: string }) => p.id === promotionId.toString())?.status).toBe('applying');

    const approved = await ops('POST', decisionPath(OPS_API.promotionApplicationApprove, claimId));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'ISSUED' });
    const details = (await app.inject({ url: API.bonus.details, headers: bearer(alice.token) })).json().value;
    expect(details.active).toMatchObject({ amount: '25.00', turnoverRequired: '75.00' });
    // Decided: neither approved again nor rejected.
    const twice = await ops('POST', decisionPath(OPS_API.promotionApplicationApprove, claimId));
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'PROMOTION_CLAIM_DECIDED']);
    const late = await ops('POST', decisionPath(OPS_API.promotionApplicationReject, claimId), { reason: 'late' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'PROMOTION_CLAIM_DECIDED']);
    // Cashier staff may not decide applications.
    const cashier = await app.inject({
      method: 'POST',
      url: decisionPath(OPS_API.promotionApplicationApprove, claimId),
      headers: await staffHeaders(app, 'cashier'),
    });
    expect(cashier.statusCode).toBe(403);
  });

  it('should refuse a comment over 140 characters, a fourth image, a renamed non-image and a 6 MB image', async () => {
    const bob = await memberWithSession(app, getDb());
    const sixMb = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    for (const [comment, files, status, code] of [
      ['x'.repeat(141), [png()], 400, 'VALIDATION_FAILED'],
      ['four', [png(), png(), png(), png()], 400, 'TOO_MANY_FILES'],
      [
        'renamed',
        [{ name: 'photo.png', type: 'image/png', bytes: Buffer.from('%PDF-1.7 not an image') }],
        400,
        'FILE_TYPE_INVALID',
      ],
      ['too big', [{ name: 'big.png', type: 'image/png', bytes: sixMb }], 413, 'FILE_TOO_LARGE'],
    ] as const) {
      const res = await apply(bob.token, comment, [...files]);
      expect([res.statusCode, res.json().code], comment.slice(0, 10)).toEqual([status, code]);
    }
    expect(await written(bob.id)).toEqual({ claims: 0, images: 0 });
    // Exactly 140 characters and three images are accepted.
    expect((await apply(bob.token, 'y'.repeat(140), [png(), png(), png()])).statusCode).toBe(200);
    expect(await written(bob.id)).toEqual({ claims: 1, images: 3 });
  });

  it('should reject an application with a reason, pay nothing, and let the member apply again', async () => {
    const carol = await memberWithSession(app, getDb());
    const claimId = (await apply(carol.token, 'please', [png()])).json().value.claimId as string;
    const rejected = await ops('POST', decisionPath(OPS_API.promotionApplicationReject, claimId), {
      reason: 'no proof',
    });
    expect(rejected.json().value).toEqual({ claimId, status: 'REJECTED', grantId: null });
    const details = (await app.inject({ url: API.bonus.details, headers: bearer(carol.token) })).json().value;
    expect(details).toEqual({ active: null, history: [] });
    expect((await apply(carol.token, 'with proof this time', [png()])).statusCode).toBe(200);
  });
});
