import { API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock';
import { deposit, seedGames } from '../../../test/agent-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, freshIp, insertMember, loginOk } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import type { VipLevelInput } from './vip.repository';

const DAY_MS = 86_400_000;

/**
 * VIP benefits (issue 20, ADR 0043): levels reached by rolling deposits, a downgrade only once the figure has stayed
 * below the level for the grace period (counted from its fall, however long the level was held), and the level's
 * birthday bonus offered in the reward centre once a year.
 */
describeEachDatabase('vip deposits, grace and birthday bonus', (getDb) => {
  let app: FastifyInstance;
  let merchantId = 0;
  const clock = manualClock();
  const level = (n: number, minMinor: bigint, birthdayBonusMinor: bigint): VipLevelInput => ({
    ...{ level: n, name: { EN: `Level ${n}` }, label: `VIP${n}`, minValidBetMinor: minMinor, upgradeBonusMinor: 0n },
    ...{ rebateRatesBp: {}, upgradeBasis: 'DEPOSITS', birthdayBonusMinor },
  });
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.now } });
    merchantId = (await seedGames(getDb())).merchantId;
    await app.vip.setLevel(merchantId, level(0, 0n, 0n));
    await app.vip.setLevel(merchantId, level(1, 50_000n, 1_888n));
    await app.vip.setLevel(merchantId, level(2, 500_000n, 8_888n));
  });
  afterAll(() => app.close());

  /** A new member signed in at the test clock's time (the clock moves in these tests). */
  const memberWithSession = async () => {
    const member = await insertMember(getDb());
    const { token } = await loginOk(app, member.username, member.password, { ip: freshIp(), now: clock.now });
    return { ...member, token };
  };
  const relogin = async (m: { username: string; password: string; token: string }) => {
    m.token = (await loginOk(app, m.username, m.password, { ip: freshIp(), now: clock.now })).token;
  };
  const vipOf = async (token: string) => {
    const res = await app.inject({ url: API.vip.state, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { vipRankLevel: number; vipLabelName: string };
  };
  const birthdayRewards = async (memberId: bigint) =>
    (
      await getDb().query<{ key: string; amount: string; period: string }>(
        `SELECT reward_key AS key, amount_minor::text AS amount, period FROM rewards
         WHERE member_id = $1 AND kind = 'BIRTHDAY' ORDER BY id`,
        [memberId],
      )
    ).rows;
  const todayThere = async () =>
    (
      await getDb().query<{ today: string }>(
        `SELECT (($2::timestamptz) AT TIME ZONE timezone)::date::text AS today FROM merchant_directory WHERE id = $1`,
        [merchantId, new Date(clock.now())],
      )
    ).rows[0]!.today;

  it('should raise a level by deposits over the window, and lower it only after the grace period from the fall', async () => {
    const fay = await memberWithSession();
    await deposit(app, fay.token, '600.00');
    await app.jobs.trigger('vip.evaluate');
    expect(await vipOf(fay.token)).toMatchObject({ vipRankLevel: 1, vipLabelName: 'VIP1' });
    await deposit(app, fay.token, '4500.00');
    await app.jobs.trigger('vip.evaluate');
    expect((await vipOf(fay.token)).vipRankLevel).toBe(2);

    // Held for 29 days; then the deposits leave the window: the grace period starts only now.
    clock.advance(29 * DAY_MS);
    await relogin(fay);
    await app.jobs.trigger('vip.evaluate');
    expect((await vipOf(fay.token)).vipRankLevel).toBe(2);
    clock.advance(2 * DAY_MS);
    await relogin(fay);
    await app.jobs.trigger('vip.evaluate');
    expect((await vipOf(fay.token)).vipRankLevel).toBe(2);
    clock.advance(6 * DAY_MS);
    await relogin(fay);
    await app.jobs.trigger('vip.evaluate');
    expect((await vipOf(fay.token)).vipRankLevel).toBe(2);
    clock.advance(DAY_MS);
    await relogin(fay);
    await app.jobs.trigger('vip.evaluate');
    expect(await vipOf(fay.token)).toMatchObject({ vipRankLevel: 0, vipLabelName: '' });
  });

  it('should offer the level’s birthday bonus once a year on the member’s birthday, and nothing on other days', async () => {
    const gus = await memberWithSession();
    const hal = await memberWithSession();
    await deposit(app, gus.token, '600.00');
    await deposit(app, hal.token, '600.00');
    await app.jobs.trigger('vip.evaluate');
    const today = await todayThere();
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString().slice(5, 10);
    await getDb().query('UPDATE members SET birthday = $2::date WHERE id = $1', [gus.id, `1990-${today.slice(5)}`]);
    await getDb().query('UPDATE members SET birthday = $2::date WHERE id = $1', [hal.id, `1991-${tomorrow}`]);

    await app.jobs.trigger('vip.birthday');
    await app.jobs.trigger('vip.birthday');
    const year = today.slice(0, 4);
    expect(await birthdayRewards(gus.id)).toEqual([
      { key: `birthday:${year}:${gus.id}`, amount: '1888', period: year },
    ]);
    expect(await birthdayRewards(hal.id)).toEqual([]);
    const list = await app.inject({ url: API.rewards.list, headers: bearer(gus.token) });
    expect(list.json().value.list[0]).toMatchObject({ kind: 'BIRTHDAY', status: 'PENDING', amount: '18.88' });

    // A year later (the level kept by new deposits), the birthday pays again, once.
    clock.set(Date.parse(`${Number(year) + 1}-${today.slice(5)}T12:00:00Z`));
    if ((await todayThere()).slice(5) !== today.slice(5)) clock.advance(-DAY_MS / 2);
    await relogin(gus);
    await deposit(app, gus.token, '600.00');
    await app.jobs.trigger('vip.evaluate');
    await app.jobs.trigger('vip.birthday');
    await app.jobs.trigger('vip.birthday');
    expect((await birthdayRewards(gus.id)).map((r) => r.period)).toEqual([year, String(Number(year) + 1)]);
  });
});
