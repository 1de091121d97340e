import { API } from '@platform/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { demoMerchantId } from '../../../test/identity-helpers';
import { withdrawFixture } from './withdraw.test-support';

/**
 * A VIP level's daily withdrawal limits (issue 20, ADR 0043): past the level's count or amount of the day, a
 * withdrawal is refused with a 4xx and a code (VIP_WITHDRAW_COUNT, VIP_WITHDRAW_AMOUNT), and nothing is written: no
 * order, no hold, no ledger transfer. A member's level is its current one (level 0 without a row).
 */
describeEachDatabase('withdrawal limits of a VIP level', (getDb) => {
  const f = withdrawFixture(getDb);
  let merchantId = 0;
  beforeAll(async () => {
    merchantId = await demoMerchantId(getDb());
    const base = { name: { EN: 'Level' }, upgradeBonusMinor: 0n, rebateRatesBp: {} };
    await f.app.vip.setLevel(merchantId, {
      ...base,
      level: 0,
      label: 'VIP0',
      minValidBetMinor: 0n,
      withdrawDailyCount: 1,
    });
    await f.app.vip.setLevel(merchantId, {
      ...{ ...base, level: 1, label: 'VIP1', minValidBetMinor: 100_000_000n },
      withdrawDailyMaxMinor: 50_000n,
    });
  });

  const writes = async (memberId: bigint) =>
    (
      await getDb().query<{ orders: number; transfers: number }>(
        `SELECT (SELECT count(*)::integer FROM withdraw_orders WHERE member_id = $1) AS orders,
                (SELECT count(*)::integer FROM ledger_transfers) AS transfers`,
        [memberId],
      )
    ).rows[0]!;
  const frozenOf = async (token: string) => (await f.get(API.wallet.balance, token)).json().value.frozen as string;

  it('should refuse a withdrawal past the level’s daily count and write nothing', async () => {
    const ivy = await f.readyMember('1000.00');
    const first = await f.withdraw(ivy.token, { accountId: ivy.accountId, amount: '100.00' });
    expect(first.statusCode, first.body).toBe(200);
    const before = await writes(ivy.id);
    const second = await f.withdraw(ivy.token, { accountId: ivy.accountId, amount: '100.00' });
    expect(f.codeOf(second)).toEqual([400, 'VIP_WITHDRAW_COUNT']);
    expect(second.json()).toMatchObject({
      message: "Your VIP level's withdrawals for today are used up (1 a day)",
      value: { dailyCount: 1 },
    });
    expect(await writes(ivy.id)).toEqual(before);
    expect(await frozenOf(ivy.token)).toBe('100.00');
  });

  it('should refuse an amount past the level’s daily maximum, and take one within what is left', async () => {
    const jay = await f.readyMember('1000.00');
    await getDb().query(
      `INSERT INTO vip_members (merchant_id, member_id, level, level_since, evaluated_at) VALUES ($1, $2, 1, now(), now())`,
      [merchantId, jay.id],
    );
    expect((await f.withdraw(jay.token, { accountId: jay.accountId, amount: '300.00' })).statusCode).toBe(200);
    const before = await writes(jay.id);
    const over = await f.withdraw(jay.token, { accountId: jay.accountId, amount: '250.00' });
    expect(f.codeOf(over)).toEqual([400, 'VIP_WITHDRAW_AMOUNT']);
    expect(over.json().value).toEqual({ dailyMax: '500.00', left: '200.00' });
    expect(await writes(jay.id)).toEqual(before);
    expect(await frozenOf(jay.token)).toBe('300.00');
    const within = await f.withdraw(jay.token, { accountId: jay.accountId, amount: '200.00' });
    expect(within.statusCode, within.body).toBe(200);
    expect(await frozenOf(jay.token)).toBe('500.00');
  });

  it('should let only what the level’s daily maximum holds through when withdrawals arrive at the same instant', async () => {
    const kit = await f.readyMember('1000.00');
    await getDb().query(
      `INSERT INTO vip_members (merchant_id, member_id, level, level_since, evaluated_at) VALUES ($1, $2, 1, now(), now())`,
      [merchantId, kit.id],
    );
    // Each of the three fits the 500.00 a day alone; any two together do not.
    const answers = await Promise.all(
      ['300.00', '300.00', '300.00'].map((amount) => f.withdraw(kit.token, { accountId: kit.accountId, amount })),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : f.codeOf(a)[1]));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'VIP_WITHDRAW_AMOUNT')).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.json().value).toEqual({ dailyMax: '500.00', left: '200.00' });
    }
    expect((await writes(kit.id)).orders).toBe(1);
    expect(await frozenOf(kit.token)).toBe('300.00');
  });
});
