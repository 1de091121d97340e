import { API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const DAY_MS = 86_400_000;

/**
 * The reward centre's claims (issue 20, ADR 0036): a reward paid as a bonus becomes a bonus-wallet grant with its
 * turnover; while another bonus is being wagered the claim is refused with a code and the reward stays to claim; an
 * expired reward is refused and the expiry job closes it.
 */
describeEachDatabase('reward centre claims', (getDb) => {
  let app: FastifyInstance;
  let merchantId = 0;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const offer = async (memberId: bigint, key: string, payAs: 'CASH' | 'BONUS', expiresAt: Date) => {
    const { rows } = await getDb().query<{ id: string }>(
      `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, pay_as, turnover_multiple, period,
         expires_at, created_at)
       VALUES ($1, $2, 'VIP_UPGRADE', $3, 1000, $4, 3, '1', $5, now()) RETURNING id::text`,
      [merchantId, memberId, key, payAs, expiresAt],
    );
    return rows[0]!.id;
  };
  const claim = (token: string, id: string) =>
    app.inject({ method: 'POST', url: API.rewards.claim.replace(':id', id), headers: bearer(token) });
  const grants = async (memberId: bigint) => {
    const { rows } = await getDb().query<{ amount: string; required: string }>(
      `SELECT amount_minor::text AS amount, turnover_required_minor::text AS required FROM bonus_grants
       WHERE member_id = $1 ORDER BY id`,
      [memberId],
    );
    return rows.map((r) => [r.amount, r.required]);
  };
  const statusOf = async (id: string) => {
    const { rows } = await getDb().query<{ status: string }>('SELECT status FROM rewards WHERE id = $1', [id]);
    return rows[0]?.status;
  };

  it('should pay a bonus reward as a grant with its turnover, and refuse one while another bonus is wagered', async () => {
    const frank = await memberWithSession(app, getDb());
    const first = await offer(frank.id, `test-bonus-1:${frank.id}`, 'BONUS', new Date(Date.now() + DAY_MS));
    const second = await offer(frank.id, `test-bonus-2:${frank.id}`, 'BONUS', new Date(Date.now() + DAY_MS));
    const paid = await claim(frank.token, first);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({ status: 'CLAIMED', payAs: 'BONUS', amount: '10.00' });
    expect(await grants(frank.id)).toEqual([['1000', '3000']]);

    const refused = await claim(frank.token, second);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'BONUS_ACTIVE']);
    expect(await statusOf(second)).toBe('PENDING');
    expect(await grants(frank.id)).toEqual([['1000', '3000']]);
    await expectSoundLedger(getDb(), merchantId);
  });

  it('should refuse an expired reward, and let the expiry job close it', async () => {
    const gina = await memberWithSession(app, getDb());
    const id = await offer(gina.id, `test-expired:${gina.id}`, 'CASH', new Date(Date.now() - 1_000));
    const refused = await claim(gina.token, id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'REWARD_EXPIRED']);
    expect(await statusOf(id)).toBe('PENDING');
    await app.jobs.trigger('rewards.expire');
    expect(await statusOf(id)).toBe('EXPIRED');
    const list = await app.inject({ url: API.rewards.list, headers: bearer(gina.token) });
    expect(list.json().value).toMatchObject({ pendingCount: 0, list: [{ id, status: 'EXPIRED' }] });
  });
});
