import { API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedGames } from '../../../test/agent-helpers';
import { insertRound } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { buildTestApp } from '../../../test/test-app';
import { balanceOf, memberWithSession } from '../../../test/wallet-helpers';
import { createPlayStatsModule } from '../../games/play-stats';
import type { PromotionRow } from '../promotions';
import { closedWindows } from './cashback.service';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
let seq = 0;

/**
 * Cashback promotions (issue 20, ADR 0043): the job offers a CASHBACK promotion's share of each member's own-money net
 * loss over a closed window in the reward centre exactly once (a second run offers nothing), capped per member, not to
 * winners nor outside the audience; a claim pays it as a bonus with turnover, or as cash when the promotion says so.
 */
describeEachDatabase('cashback promotions', (getDb) => {
  let app: FastifyInstance;
  let games: Awaited<ReturnType<typeof seedGames>>;
  let today = '';
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    games = await seedGames(getDb());
    const { rows } = await getDb().query<{ today: string }>(
      `SELECT (now() AT TIME ZONE timezone)::date::text AS today FROM merchant_directory WHERE id = $1`,
      [games.merchantId],
    );
    today = rows[0]!.today;
    // Only this file's promotions pay (a database with the demo data has its own daily cashback).
    await getDb().query("UPDATE promotions SET status = 'STOPPED' WHERE kind = 'CASHBACK'");
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const promotion = async (overrides: Partial<Omit<PromotionRow, 'id' | 'claimedCount'>>) =>
    app.promotions.create(games.merchantId, {
      ...{ kind: 'CASHBACK', title: { EN: 'Cashback 10%' }, terms: {}, bannerUrl: null },
      ...{ audience: 'EVERYONE', audienceLevels: [], audienceAgentId: null, newMemberDays: 7 },
      ...{ startsAt: new Date(Date.now() - 30 * DAY_MS), endsAt: null, status: 'ACTIVE' },
      ...{ perMemberLimit: 1, totalLimit: null, bonusFixedMinor: 0n, bonusPercentBp: 1_000, bonusMaxMinor: 3_000n },
      ...{ minDepositMinor: 0n, turnoverMultiple: 2, turnoverBase: 'BONUS', weights: {}, defaultWeight: 100 },
      ...{ maxBetMinor: null, maxConversionMinor: null, expiryHours: 72, onWithdraw: 'FORFEIT' },
      ...overrides,
    });
  /** A settled slot round at noon of a business day in the merchant's time zone. */
  const play = async (memberId: bigint, day: string, betMinor: bigint, winMinor: bigint) => {
    seq += 1;
    const { rows } = await getDb().query<{ at: Date | string }>(
      `SELECT ($2::date + time '12:00') AT TIME ZONE timezone AS at FROM merchant_directory WHERE id = $1`,
      [games.merchantId, day],
    );
    const settledAtMs = new Date(rows[0]!.at).getTime() + seq;
    await insertRound(getDb(), games.merchantId, {
      ...{ vendor: games.vendor, roundId: `cb-${Date.now()}-${seq}`, memberId, gameCode: games.slot },
      ...{ betMinor, winMinor, startedAtMs: settledAtMs - 1_000, settledAtMs },
    });
  };
  const rollUp = () => createPlayStatsModule({ db: getDb() }).rollUp(undefined, 16 * 24 * 60);
  const cashbacks = async (token: string) => {
    const res = await app.inject({ url: API.rewards.list, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().value.list as { id: string; kind: string; amount: string; payAs: string; period: string }[])
      .filter((r) => r.kind === 'CASHBACK')
      .map((r) => ({ id: r.id, amount: r.amount, payAs: r.payAs, period: r.period }));
  };
  const claim = (token: string, id: string) =>
    app.inject({ method: 'POST', url: API.rewards.claim.replace(':id', id), headers: bearer(token) });

  it('should offer yesterday’s cashback once per member, from the net loss, capped, and pay it as a bonus', async () => {
    const daily = await promotion({});
    const yesterday = closedWindows(today, 'DAILY').at(-1)!.from;
    const alice = await memberWithSession(app, getDb());
    const bob = await memberWithSession(app, getDb());
    const carol = await memberWithSession(app, getDb());
    // Alice: bets 200.00, wins 50.00 back: a loss of 150.00, 10% is 15.00.
    await play(alice.id, yesterday, 10_000n, 5_000n);
    await play(alice.id, yesterday, 10_000n, 0n);
    // Bob won: nothing. Carol lost 500.00: 50.00, capped at 30.00.
    await play(bob.id, yesterday, 10_000n, 25_000n);
    await play(carol.id, yesterday, 50_000n, 0n);
    // Today's loss is not a closed window yet.
    await play(alice.id, today, 10_000n, 0n);
    await rollUp();

    await app.jobs.trigger('cashback.offer');
    await app.jobs.trigger('cashback.offer');
    const offered = await cashbacks(alice.token);
    expect(offered.map((r) => [r.amount, r.payAs, r.period])).toEqual([['15.00', 'BONUS', yesterday]]);
    expect(await cashbacks(bob.token)).toEqual([]);
    expect((await cashbacks(carol.token)).map((r) => r.amount)).toEqual(['30.00']);
    const { rows } = await getDb().query<{ key: string }>(
      'SELECT reward_key AS key FROM rewards WHERE member_id = $1',
      [alice.id],
    );
    expect(rows.map((r) => r.key)).toEqual([`cashback:${daily}:${yesterday}:${alice.id}`]);

    const paid = await claim(alice.token, offered[0]!.id);
    expect(paid.statusCode, paid.body).toBe(200);
    const grants = await getDb().query<{ amount: string; required: string }>(
      `SELECT amount_minor::text AS amount, turnover_required_minor::text AS required FROM bonus_grants
       WHERE member_id = $1`,
      [alice.id],
    );
    expect(grants.rows).toEqual([{ amount: '1500', required: '3000' }]);
    const again = await claim(alice.token, offered[0]!.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'REWARD_CLAIMED']);
    await getDb().query("UPDATE promotions SET status = 'STOPPED' WHERE id = $1", [daily]);
    await expectSoundLedger(getDb(), games.merchantId);
  });

  it('should pay a weekly cashback in cash once, and leave out a loss below the minimum and other audiences', async () => {
    const weekly = await promotion({ title: { EN: 'Weekly cashback' }, bonusPercentBp: 500, bonusMaxMinor: null });
    await app.promotions.cashback.setTerms(games.merchantId, weekly, {
      ...{ window: 'WEEKLY', payAs: 'CASH' },
      minLossMinor: 5_000n,
    });
    const newcomers = await promotion({ audience: 'NEW_MEMBERS', newMemberDays: 1, bonusPercentBp: 10_000 });
    await getDb().query('UPDATE promotions SET starts_at = $2 WHERE id = $1', [
      newcomers,
      new Date(Date.now() - HOUR_MS),
    ]);
    const lastWeek = closedWindows(today, 'WEEKLY').at(-1)!;
    const dave = await memberWithSession(app, getDb());
    const erin = await memberWithSession(app, getDb());
    // Dave lost 300.00 over two days of last week: 5% is 15.00. Erin lost 40.00, below the 50.00 minimum.
    await play(dave.id, lastWeek.from, 20_000n, 0n);
    await play(dave.id, lastWeek.to, 10_000n, 0n);
    await play(erin.id, lastWeek.to, 4_000n, 0n);
    await rollUp();

    await app.jobs.trigger('cashback.offer');
    await app.jobs.trigger('cashback.offer');
    const offered = await cashbacks(dave.token);
    // The newcomers' promotion started after the week closed: it pays nothing for it.
    expect(offered.map((r) => [r.amount, r.payAs, r.period])).toEqual([
      ['15.00', 'CASH', `${lastWeek.from}/${lastWeek.to}`],
    ]);
    expect(await cashbacks(erin.token)).toEqual([]);
    const before = Number((await balanceOf(app, dave.token)).balance);
    const paid = await claim(dave.token, offered[0]!.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(Number((await balanceOf(app, dave.token)).balance) - before).toBeCloseTo(15, 2);
    await expectSoundLedger(getDb(), games.merchantId);
  });
});
