import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { seamlessConformance } from './seamless.conformance-fixture';

/**
 * The seamless wallet's contract while a bonus is being wagered (docs/protocols/seamless-wallet.md, DESIGN.md §13): a
 * debit funded partly by bonus, the max-bet refusal, wins and refunds split in the stake's proportion, conversion.
 */
describeEachDatabase('seamless wallet conformance: bonus wallet', (getDb) => {
  const { app, clock, vendor, player, balanceOf, debit, credit, rollback, transfersOf } = seamlessConformance(getDb);

  const merchantId = async () =>
    (await getDb().query<{ id: number }>("SELECT id FROM merchants WHERE code = 'demo'")).rows[0]!.id;
  const balances = async (memberId: bigint) => {
    const { rows } = await getDb().query<{ purpose: string; balance: bigint }>(
      `SELECT purpose, balance_minor AS balance FROM ledger_accounts
       WHERE owner_kind = 'MEMBER' AND owner_id = $1 AND purpose IN ('CASH', 'BONUS') AND shard = 0`,
      [memberId],
    );
    const of = (purpose: string) => rows.find((r) => r.purpose === purpose)?.balance ?? 0n;
    return { cash: of('CASH'), bonus: of('BONUS') };
  };
  let grants = 0;
  const grant = async (
    memberId: bigint,
    terms: Partial<Parameters<ReturnType<typeof app>['bonusWallet']['grant']>[3]>,
  ) =>
    app().bonusWallet.grant(await merchantId(), memberId, `test-${memberId}-${(grants += 1)}`, {
      amountMinor: 2_000n,
      turnoverBase: 'BONUS',
      turnoverMultiple: 2,
      expiresAt: new Date(clock.now() + 86_400_000),
      ...terms,
    });

  it('should fund a debit with cash first, then bonus, in one ledger operation, and count it toward turnover', async () => {
    const alice = await player('5.00');
    await grant(alice.id, {});
    // The vendor sees cash and bonus together.
    expect(await balanceOf(alice.launched)).toBe('25.00');
    const bet = debit(alice, '8.00');
    expect(await vendor.ok('debit', bet)).toMatchObject({ balance: '17.00' });
    expect(await balances(alice.id)).toEqual({ cash: 0n, bonus: 1_700n });
    // Two legs under the call's one key: 5.00 from cash, 3.00 from bonus.
    expect((await transfersOf(alice.id)).filter((t) => t.key === bet.transactionId)).toEqual([
      { code: 'BET', amount: 500n, key: bet.transactionId },
      { code: 'BET', amount: 300n, key: bet.transactionId },
    ]);
    const active = await app().bonusWallet.active(await merchantId(), alice.id, 'USD');
    expect(active).toMatchObject({ turnoverDoneMinor: 800n, turnoverRequiredMinor: 4_000n, status: 'ACTIVE' });
    // A win of 16.00 returns 5:3 — 10.00 to cash, 6.00 to bonus.
    await vendor.ok('credit', credit(alice, bet, '16.00', { endRound: true }));
    expect(await balances(alice.id)).toEqual({ cash: 1_000n, bonus: 2_300n });
  });

  it('should refuse a round whose whole stake passes the max bet with its own code, and move nothing', async () => {
    const alice = await player('50.00');
    await grant(alice.id, { maxBetMinor: 500n });
    const first = debit(alice, '3.00');
    await vendor.ok('debit', first);
    // The same round again: 3.00 + 3.00 is above 5.00 even though each debit is below it.
    await vendor.refused('debit', debit(alice, '3.00', first.roundId), 'BONUS_MAX_BET', 422);
    await vendor.refused('debit', debit(alice, '5.01'), 'BONUS_MAX_BET', 422);
    expect(await balances(alice.id)).toEqual({ cash: 4_700n, bonus: 2_000n });
    expect(await balanceOf(alice.launched)).toBe('67.00');
  });

  it('should refund a bet in the parts it was paid with and take its turnover back', async () => {
    const alice = await player('2.00');
    await grant(alice.id, {});
    const bet = debit(alice, '10.00');
    await vendor.ok('debit', bet);
    expect(await balances(alice.id)).toEqual({ cash: 0n, bonus: 1_200n });
    expect(await vendor.ok('rollback', rollback(alice, bet))).toMatchObject({ balance: '22.00' });
    expect(await balances(alice.id)).toEqual({ cash: 200n, bonus: 2_000n });
    const active = await app().bonusWallet.active(await merchantId(), alice.id, 'USD');
    expect(active?.turnoverDoneMinor).toBe(0n);
  });

  it('should convert once the turnover is met and the round is settled, capped, the excess back to promotions', async () => {
    const alice = await player('0.00');
    const granted = await grant(alice.id, { turnoverMultiple: 1, maxConversionMinor: 1_500n });
    const bet = debit(alice, '20.00');
    await vendor.ok('debit', bet);
    // Turnover met, but the round is open: nothing converts yet.
    expect((await app().bonusWallet.byId(await merchantId(), granted.id))?.status).toBe('ACTIVE');
    await vendor.ok('credit', credit(alice, bet, '30.00', { endRound: true }));
    expect(await app().bonusWallet.byId(await merchantId(), granted.id)).toMatchObject({
      status: 'CONVERTED',
      convertedMinor: 1_500n,
      forfeitedMinor: 1_500n,
    });
    expect(await balances(alice.id)).toEqual({ cash: 1_500n, bonus: 0n });
    expect(await balanceOf(alice.launched)).toBe('15.00');
    // A forfeit of a converted grant is refused, not silently accepted.
    await expect(app().bonusWallet.forfeit(await merchantId(), granted.id, 'test')).rejects.toMatchObject({
      code: 'BONUS_NOT_ACTIVE',
      httpStatus: 409,
    });
  });

  it('should warn before a withdrawal forfeits the bonus, forfeit once confirmed, or refuse per promotion', async () => {
    const alice = await player('10.00');
    const merchant = await merchantId();
    const granted = await grant(alice.id, {});
    await expect(
      app().bonusWallet.beforeWithdraw({ id: merchant, currencyCode: 'USD' } as never, alice.id, false),
    ).rejects.toMatchObject({ code: 'BONUS_FORFEIT_CONFIRM', httpStatus: 409 });
    expect((await app().bonusWallet.byId(merchant, granted.id))?.status).toBe('ACTIVE');
    await app().bonusWallet.beforeWithdraw({ id: merchant, currencyCode: 'USD' } as never, alice.id, true);
    expect(await app().bonusWallet.byId(merchant, granted.id)).toMatchObject({
      status: 'FORFEITED',
      forfeitedMinor: 2_000n,
    });
    expect(await balances(alice.id)).toEqual({ cash: 1_000n, bonus: 0n });

    await grant(alice.id, { onWithdraw: 'REFUSE' });
    await expect(
      app().bonusWallet.beforeWithdraw({ id: merchant, currencyCode: 'USD' } as never, alice.id, true),
    ).rejects.toMatchObject({ code: 'BONUS_WAGERING', httpStatus: 409 });
  });
});
