import { API, type VipState } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock';
import { seedGames } from '../../../test/agent-helpers';
import { insertRound } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, freshIp, loginOk } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';
import { createPlayStatsModule } from '../../games/play-stats';
import type { VipLevelInput } from './vip.repository';

const DAY_MS = 86_400_000;

/**
 * VIP levels (issue 20; spec §3 hasVip, vipLabelName, vipRankLevel): the job puts a member on the highest level its
 * valid bet over the window reaches, offers that level's upgrade bonus once in its lifetime, and takes the level away
 * only after the grace period.
 */
describeEachDatabase('vip levels', (getDb) => {
  let app: FastifyInstance;
  let games: Awaited<ReturnType<typeof seedGames>>;
  const clock = manualClock();
  const level = (n: number, label: string, minValidBetMinor: bigint, upgradeBonusMinor: bigint): VipLevelInput => ({
    ...{ level: n, name: { EN: `Level ${n}`, TY: `Antas ${n}` }, label, minValidBetMinor, upgradeBonusMinor },
    rebateRatesBp: { RNG: 50 },
  });
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.now } });
    games = await seedGames(getDb());
    await app.vip.setLevel(games.merchantId, level(0, 'VIP0', 0n, 0n));
    await app.vip.setLevel(games.merchantId, level(1, 'VIP1', 100_000n, 500n));
    await app.vip.setLevel(games.merchantId, level(2, 'VIP2', 1_000_000n, 2_000n));
    await app.vip.setLevel(games.merchantId, level(3, 'VIP3', 5_000_000n, 8_800n));
  });
  afterAll(() => app.close());

  const state = async (token: string, language = 'EN') => {
    const res = await app.inject({ url: `${API.vip.state}?language=${language}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as VipState;
  };
  const upgradeRewards = async (token: string) => {
    const res = await app.inject({ url: API.rewards.list, headers: bearer(token) });
    return (res.json().value.list as { kind: string; amount: string; period: string }[])
      .filter((r) => r.kind === 'VIP_UPGRADE')
      .map((r) => [r.period, r.amount]);
  };

  it('should raise the level when valid bet crosses a threshold, pay its bonus once, and lower it after the grace', async () => {
    const eve = await memberWithSession(app, getDb());
    // A moved clock ends sessions: the member signs in again at the new time.
    const relogin = async () => {
      eve.token = (await loginOk(app, eve.username, eve.password, { ip: freshIp(), now: clock.now })).token;
    };
    expect(await state(eve.token)).toMatchObject({ hasVip: false, vipLabelName: '', vipRankLevel: 0 });
    await insertRound(getDb(), games.merchantId, {
      ...{ vendor: games.vendor, roundId: `vip-${eve.id}`, memberId: eve.id, gameCode: games.slot },
      ...{ betMinor: 150_000n, winMinor: 0n, startedAtMs: Date.now() - 2_000, settledAtMs: Date.now() - 1_000 },
    });
    await createPlayStatsModule({ db: getDb() }).rollUp();
    await app.jobs.trigger('vip.evaluate');
    const up = await state(eve.token, 'TY');
    expect(up).toMatchObject({ hasVip: true, vipLabelName: 'VIP1', vipRankLevel: 1, validBet: '1500.00' });
    expect(up.levels.map((l) => l.name)).toEqual(['Antas 0', 'Antas 1', 'Antas 2', 'Antas 3']);
    expect(up.levels[1]).toMatchObject({ minValidBet: '1000.00', upgradeBonus: '5.00', rebateRates: { RNG: '0.5' } });
    await app.jobs.trigger('vip.evaluate');
    expect(await upgradeRewards(eve.token)).toEqual([['1', '5.00']]);

    // The threshold rises above the member's figure: the level stays through the grace period, then goes.
    await app.vip.setLevel(games.merchantId, level(1, 'VIP1', 200_000n, 500n));
    clock.advance(DAY_MS);
    await relogin();
    await app.jobs.trigger('vip.evaluate');
    expect(await state(eve.token)).toMatchObject({ hasVip: true, vipRankLevel: 1 });
    clock.advance(7 * DAY_MS);
    await relogin();
    await app.jobs.trigger('vip.evaluate');
    expect(await state(eve.token)).toMatchObject({ hasVip: false, vipLabelName: '', vipRankLevel: 0 });

    // Back up again: the upgrade bonus of a level is paid once in a lifetime.
    await app.vip.setLevel(games.merchantId, level(1, 'VIP1', 100_000n, 500n));
    await app.jobs.trigger('vip.evaluate');
    expect(await state(eve.token)).toMatchObject({ hasVip: true, vipLabelName: 'VIP1' });
    expect(await upgradeRewards(eve.token)).toEqual([['1', '5.00']]);
  });

  it('should keep the upgrade basis, withdrawal limits and birthday bonus of a level, with defaults when left out', async () => {
    await app.vip.setLevel(games.merchantId, {
      ...level(4, 'VIP4', 9_000_000n, 10_000n),
      ...{ upgradeBasis: 'DEPOSITS', withdrawDailyCount: 5, withdrawDailyMaxMinor: 2_000_000n },
      birthdayBonusMinor: 8_800n,
    });
    const four = (await app.vip.levels(games.merchantId)).find((l) => l.level === 4);
    expect(four).toMatchObject({ upgradeBasis: 'DEPOSITS', withdrawDailyCount: 5, withdrawDailyMaxMinor: 2_000_000n });
    expect(four?.birthdayBonusMinor).toBe(8_800n);
    // Left out on a later write: the whole row is written, so the defaults come back.
    await app.vip.setLevel(games.merchantId, level(4, 'VIP4', 9_000_000n, 10_000n));
    expect((await app.vip.levels(games.merchantId)).find((l) => l.level === 4)).toMatchObject({
      ...{ upgradeBasis: 'VALID_BET', withdrawDailyCount: null, withdrawDailyMaxMinor: null },
      birthdayBonusMinor: 0n,
    });
    await expect(
      app.vip.setLevel(games.merchantId, { ...level(4, 'VIP4', 0n, 0n), withdrawDailyCount: -1 }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await getDb().query('DELETE FROM vip_levels WHERE merchant_id = $1 AND level = 4', [games.merchantId]);
  });
});
