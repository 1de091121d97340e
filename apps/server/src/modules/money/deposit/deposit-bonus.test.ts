import { API, OPS_API } from '@platform/contracts';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { memberWithSession, requestId } from '../../../test/wallet-helpers';
import { depositFixture, opsPath } from './deposit.test-support';

const HOUR = 3_600_000;

/**
 * Deposit bonuses chosen on the deposit form (issue 20; spec §2 depositv2): a welcome bonus paid by the bonus wallet
 * when the deposit is credited, once per order; a bonus the member cannot have is refused with the order, writing
 * nothing.
 */
describeEachDatabase('deposit bonuses', (getDb) => {
  const f = depositFixture(getDb);

  const promotion = async (kind: 'FIRST_DEPOSIT' | 'FREE') =>
    f.app.promotions.create(await demoMerchantId(getDb()), {
      ...{ kind, title: { EN: 'Welcome' }, terms: {}, bannerUrl: null, audience: 'EVERYONE', audienceLevels: [] },
      ...{ audienceAgentId: null, newMemberDays: 7, startsAt: new Date(f.time.now() - HOUR), endsAt: null },
      ...{ status: 'ACTIVE', perMemberLimit: 1, totalLimit: null, bonusFixedMinor: kind === 'FREE' ? 500n : 0n },
      ...{ bonusPercentBp: kind === 'FREE' ? 0 : 10_000, bonusMaxMinor: 100_000n, minDepositMinor: 15_000n },
      ...{ turnoverMultiple: 10, turnoverBase: 'DEPOSIT_AND_BONUS', weights: {}, defaultWeight: 100 },
      ...{ maxBetMinor: 5_000n, maxConversionMinor: null, expiryHours: 168, onWithdraw: 'FORFEIT' },
    });
  const approve = async (orderNo: string) => {
    const res = await f.app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositApprove, orderNo),
      headers: await staffHeaders(f.app, 'cashier'),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const deposit = (token: string, amount: string, promotionId?: bigint) =>
    f.createOrder(token, {
      channelId: f.channel('MANUAL_BANK').id,
      amount,
      requestId: requestId('dep'),
      ...(promotionId === undefined ? {} : { promotionId: promotionId.toString() }),
    });
  const orders = async (memberId: bigint) =>
    (
      await getDb().query<{ n: number }>('SELECT count(*)::integer AS n FROM deposit_orders WHERE member_id = $1', [
        memberId,
      ])
    ).rows[0]!.n;

  it('should pay a 100% welcome bonus once the first deposit is credited, with (deposit + bonus) x10 turnover', async () => {
    const welcome = await promotion('FIRST_DEPOSIT');
    const alice = await memberWithSession(f.app, getDb());
    const made = await deposit(alice.token, '200.00', welcome);
    expect(made.statusCode, made.body).toBe(200);
    await approve(made.json().value.orderNo);
    const details = (await f.app.inject({ url: API.bonus.details, headers: bearer(alice.token) })).json().value;
    expect(details.active).toMatchObject({ amount: '200.00', balance: '200.00', turnoverRequired: '4000.00' });
    expect(details.history).toHaveLength(1);

    // A first-deposit bonus again, on a second deposit: refused, and no order is made.
    const again = await deposit(alice.token, '200.00', welcome);
    expect([again.statusCode, again.json().code]).toEqual([403, 'PROMOTION_NOT_ELIGIBLE']);
    expect(await orders(alice.id)).toBe(1);
  });

  it('should refuse a bonus that does not come with a deposit, or a deposit below its minimum, writing nothing', async () => {
    const free = await promotion('FREE');
    const welcome = await promotion('FIRST_DEPOSIT');
    const bob = await memberWithSession(f.app, getDb());
    const notDeposit = await deposit(bob.token, '100.00', free);
    expect([notDeposit.statusCode, notDeposit.json().code]).toEqual([409, 'PROMOTION_NOT_CLAIMABLE']);
    const tooSmall = await deposit(bob.token, '120.00', welcome);
    expect([tooSmall.statusCode, tooSmall.json().code]).toEqual([403, 'PROMOTION_NOT_ELIGIBLE']);
    const unknown = await deposit(bob.token, '100.00', 999_999_999n);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PROMOTION_NOT_FOUND']);
    expect(await orders(bob.id)).toBe(0);
  });
});
