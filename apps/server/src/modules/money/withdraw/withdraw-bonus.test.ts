import { API } from '@platform/contracts';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { demoMerchantId } from '../../../test/identity-helpers';
import { withdrawFixture } from './withdraw.test-support';

/**
 * A withdrawal while a bonus is being wagered (DESIGN.md §13, issue 20): the member is warned first and the bonus is
 * forfeited only once confirmed, or the promotion refuses withdrawals until it converts. The member's bonusDetails
 * shows only the member's own grants.
 */
describeEachDatabase('withdrawals while wagering a bonus', (getDb) => {
  const f = withdrawFixture(getDb);

  const grant = async (memberId: bigint, onWithdraw: 'FORFEIT' | 'REFUSE', key: string) =>
    f.app.bonusWallet.grant(await demoMerchantId(getDb()), memberId, key, {
      amountMinor: 5_000n,
      turnoverBase: 'BONUS',
      turnoverMultiple: 10,
      onWithdraw,
      expiresAt: new Date(f.time.now() + 86_400_000),
    });

  it('should warn, write nothing, and forfeit the bonus only when the member confirms', async () => {
    const alice = await f.readyMember('1000.00');
    const bob = await f.readyMember('1000.00');
    await grant(alice.id, 'FORFEIT', `wd-forfeit-${alice.id}`);

    const details = await f.get(API.bonus.details, alice.token);
    expect(details.json().value.active).toMatchObject({
      amount: '50.00',
      balance: '50.00',
      turnoverRequired: '500.00',
    });
    // Another member sees none of it.
    expect((await f.get(API.bonus.details, bob.token)).json().value).toEqual({ active: null, history: [] });

    const warned = await f.withdraw(alice.token, { accountId: alice.accountId, amount: '400.00' });
    expect(f.codeOf(warned)).toEqual([409, 'BONUS_FORFEIT_CONFIRM']);
    expect(warned.json().value).toEqual({ bonusMinor: '5000', turnoverLeftMinor: '50000' });
    expect((await f.get(API.withdraw.orders, alice.token)).json().value.total).toBe(0);
    expect((await f.get(API.bonus.details, alice.token)).json().value.active.status).toBe('ACTIVE');

    const confirmed = await f.withdraw(alice.token, {
      accountId: alice.accountId,
      amount: '400.00',
      forfeitBonus: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = (await f.get(API.bonus.details, alice.token)).json().value;
    expect(after.active).toBeNull();
    expect(after.history[0]).toMatchObject({ status: 'FORFEITED', forfeited: '50.00', balance: '0.00' });
  });

  it('should refuse a withdrawal while wagering a bonus whose promotion says so, confirmed or not', async () => {
    const carol = await f.readyMember('1000.00');
    await grant(carol.id, 'REFUSE', `wd-refuse-${carol.id}`);
    for (const forfeitBonus of [false, true]) {
      const res = await f.withdraw(carol.token, { accountId: carol.accountId, amount: '300.00', forfeitBonus });
      expect(f.codeOf(res)).toEqual([409, 'BONUS_WAGERING']);
    }
    expect((await f.get(API.bonus.details, carol.token)).json().value.active.status).toBe('ACTIVE');
  });
});
