import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import { seedDemo } from '../../../db/seed';
import { insertVendorGame, upsertVendor } from '../../../test/bets-helpers';
import { describeEachDatabase, openSecondPool } from '../../../test/databases';
import { demoMerchantId, insertMember } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createPlayStatsModule } from '../../games/play-stats';
import { businessDay, writeRound, type ModelRound } from '../../../test/play-stats-helpers';
import { createAgentTeamModule, type TeamFigures } from './index';
import { rollUpTeams } from './agent-team.jobs';
import { agentTeamRepository } from './agent-team.repository';
import { depositChannel, insertDeposit, insertWithdrawal, monthOf, weekOf } from './agent-team.test-support';

const HOUR_MS = 3_600_000;

/** The figures the sign-ups and orders drive. */
const money = (f: TeamFigures) => ({
  newMembers: f.newMembers,
  firstDeposits: f.firstDeposits,
  firstDepositMinor: f.firstDepositMinor,
  depositCount: f.depositCount,
  depositMinor: f.depositMinor,
  withdrawCount: f.withdrawCount,
  withdrawMinor: f.withdrawMinor,
});

const setStatus = (db: Database, table: 'deposit_orders' | 'withdraw_orders', id: bigint, status: string) =>
  db.query(`UPDATE ${table} SET status = $2 WHERE id = $1`, [id, status]);

describeEachDatabase('agent team rollups: members, deposits, withdrawals and moves', (getDb, engine) => {
  let merchantId: number;
  let timeZone: string;
  let from: string;
  let to: string;

  beforeAll(async () => {
    const db = getDb();
    await seedDemo(db);
    merchantId = await demoMerchantId(db);
    const { rows } = await db.query<{ timezone: string }>('SELECT timezone FROM merchant_directory WHERE id = $1', [
      merchantId,
    ]);
    timeZone = rows[0]!.timezone;
    from = businessDay(timeZone, Date.now() - 3 * 24 * HOUR_MS);
    to = businessDay(timeZone, Date.now() + HOUR_MS);
    await upsertVendor(db, merchantId, { code: 'ATF', displayName: 'Team facts' });
    await insertVendorGame(db, merchantId, { vendor: 'ATF', gameType: 'RNG', code: 'atf-rng', names: { EN: 'R' } });
  });

  it('should count sign-ups, first deposits, deposits and withdrawals once for every upline, follow status changes, and leave earlier figures where they were when a member moves', async () => {
    const db = getDb();
    const team = createAgentTeamModule({ db });
    const top = (await insertMember(db, { userType: 1 })).id;
    const sub = (await insertMember(db, { userType: 2, parentId: top })).id;
    const p1 = (await insertMember(db, { parentId: sub })).id;
    await insertMember(db, { userType: 4, parentId: sub }); // a trial member: not a new member
    const p2 = (await insertMember(db, { parentId: top })).id;
    const other = (await insertMember(db, { userType: 1 })).id;
    const channelId = await depositChannel(db, merchantId);
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR_MS).toISOString();

    const early = await insertDeposit(db, merchantId, {
      memberId: p1,
      channelId,
      amount: 500n,
      status: 'PENDING',
      at: at(5),
    });
    await insertDeposit(db, merchantId, { memberId: p1, channelId, amount: 1_000n, status: 'PAID', at: at(3) });
    const p2Deposit = await insertDeposit(db, merchantId, {
      memberId: p2,
      channelId,
      amount: 700n,
      status: 'APPROVED',
      at: at(2),
    });
    await insertWithdrawal(db, merchantId, { memberId: p1, amount: 300n, status: 'PAID', at: at(1) });
    const pending = await insertWithdrawal(db, merchantId, {
      memberId: p2,
      amount: 200n,
      status: 'PENDING',
      at: at(1),
    });
    await team.rollUp();

    // New members are the agent's sign-ups below it (sub, p1, p2): not the agent itself, not the trial member.
    expect(money(await team.teamSummary(merchantId, top, from, to))).toEqual({
      ...{ newMembers: 3, firstDeposits: 2, firstDepositMinor: 1_700n },
      ...{ depositCount: 2, depositMinor: 1_700n, withdrawCount: 1, withdrawMinor: 300n },
    });
    expect(money(await team.teamSummary(merchantId, sub, from, to))).toEqual({
      ...{ newMembers: 1, firstDeposits: 1, firstDepositMinor: 1_000n },
      ...{ depositCount: 1, depositMinor: 1_000n, withdrawCount: 1, withdrawMinor: 300n },
    });
    // Taken in again: nothing changes.
    expect((await team.rollUp()).facts).toBe(0);
    expect((await team.teamSummary(merchantId, top, from, to)).depositCount).toBe(2);

    // The earlier order is paid after all (it becomes p1's first deposit); p2's is rejected; the withdrawal is paid.
    await setStatus(db, 'deposit_orders', early, 'PAID');
    await setStatus(db, 'deposit_orders', p2Deposit, 'REJECTED');
    await setStatus(db, 'withdraw_orders', pending, 'PAID');
    await team.rollUp();
    expect(money(await team.teamSummary(merchantId, top, from, to))).toEqual({
      ...{ newMembers: 3, firstDeposits: 1, firstDepositMinor: 500n },
      ...{ depositCount: 2, depositMinor: 1_500n, withdrawCount: 2, withdrawMinor: 500n },
    });
    // On the day each was created.
    const days = await team.teamByDay(merchantId, top, from, to);
    expect(days.find((d) => d.day === businessDay(timeZone, Date.now() - 5 * HOUR_MS))?.firstDepositMinor).toBe(500n);
    expect(days.reduce((n, d) => n + d.depositCount, 0)).toBe(2);

    expect(await team.teamSize(merchantId, top)).toEqual({ direct: 2, total: 4 });
    expect(await team.teamSize(merchantId, sub)).toEqual({ direct: 2, total: 2 });
    expect(await team.isInSubtree(merchantId, top, p1)).toBe(true);
    expect(await team.isInSubtree(merchantId, top, top)).toBe(true);
    expect(await team.isInSubtree(merchantId, sub, p2)).toBe(false);
    expect(await team.isInSubtree(merchantId, p1, sub)).toBe(false);
    expect(await team.isInSubtree(merchantId, other, p1)).toBe(false);

    // p2 plays, then staff move it under `other`, then it plays and deposits again.
    const round = (id: string, hoursAgo: number): ModelRound => ({
      ...{ roundId: `atf-${id}-${p2}`, memberId: p2, vendor: 'ATF', gameCode: 'atf-rng', gameType: 'RNG' },
      ...{ stakeMinor: 100n, payoutMinor: 40n, status: 'SETTLED', play: false },
      ...{ startedAtMs: Date.now() - hoursAgo * HOUR_MS - 60_000, settledAtMs: Date.now() - hoursAgo * HOUR_MS },
    });
    const playStats = createPlayStatsModule({ db });
    await writeRound(db, merchantId, round('before', 0.5));
    await playStats.rollUp();
    await team.rollUp();
    await db.query('UPDATE members SET parent_id = $2 WHERE id = $1', [p2, other]);
    await writeRound(db, merchantId, round('after', 0.25));
    await insertDeposit(db, merchantId, { memberId: p2, channelId, amount: 900n, status: 'PAID', at: at(0.1) });
    await playStats.rollUp();
    await team.rollUp();

    const topNow = await team.teamSummary(merchantId, top, from, to);
    const otherNow = await team.teamSummary(merchantId, other, from, to);
    expect([topNow.rounds, topNow.stakeMinor, topNow.profitMinor]).toEqual([1, 100n, -60n]);
    expect([otherNow.rounds, otherNow.stakeMinor, otherNow.profitMinor]).toEqual([1, 100n, -60n]);
    expect([topNow.depositCount, topNow.depositMinor, topNow.newMembers]).toEqual([2, 1_500n, 3]);
    // p2 signed up under top: it stays top's new member; `other` gained none.
    expect(money(otherNow)).toEqual({
      ...{ newMembers: 0, firstDeposits: 1, firstDepositMinor: 900n },
      ...{ depositCount: 1, depositMinor: 900n, withdrawCount: 0, withdrawMinor: 0n },
    });
    expect(await team.teamSize(merchantId, top)).toEqual({ direct: 1, total: 3 });
    expect(await team.isInSubtree(merchantId, top, p2)).toBe(false);
    expect(await team.isInSubtree(merchantId, other, p2)).toBe(true);
    // The downline list of `top` no longer shows p2.
    expect([...(await team.downlineFigures(merchantId, top, [sub, p2], from, to)).keys()]).toEqual([String(sub)]);
  });

  it('should run the rollup as the platform registers it', async () => {
    const db = getDb();
    const agent = (await insertMember(db, { userType: 1 })).id;
    const player = (await insertMember(db, { parentId: agent })).id;
    const settledAtMs = Date.now() - 60_000;
    await writeRound(db, merchantId, {
      ...{ roundId: `atf-job-${player}`, memberId: player, vendor: 'ATF', gameCode: 'atf-rng', gameType: 'RNG' },
      ...{ stakeMinor: 250n, payoutMinor: 1_000n, status: 'SETTLED', play: false },
      ...{ startedAtMs: settledAtMs - 60_000, settledAtMs },
    });
    const app = await buildTestApp({ db });
    try {
      expect(await app.jobs.trigger('play-stats.rollup')).toMatchObject({ status: 'DONE' });
      expect(await app.jobs.trigger('agent-team.rollup')).toMatchObject({
        status: 'DONE',
        report: { playChanges: 1 },
      });
    } finally {
      await app.close();
    }
    const figures = await createAgentTeamModule({ db }).teamSummary(merchantId, agent, from, to);
    expect(figures).toMatchObject({ rounds: 1, stakeMinor: 250n, payoutMinor: 1_000n, profitMinor: 750n });
    expect(figures).toMatchObject({ activeMembers: 1, newMembers: 1 });
  });

  it('should take in each play change once when two nodes run the job at the same time', async () => {
    const db = getDb();
    const agent = (await insertMember(db, { userType: 1 })).id;
    const players = [
      (await insertMember(db, { parentId: agent })).id,
      (await insertMember(db, { parentId: agent })).id,
    ];
    for (let i = 0; i < 30; i += 1) {
      const settledAtMs = Date.now() - 30_000 + i * 100;
      await writeRound(db, merchantId, {
        ...{ roundId: `atf-race-${agent}-${i}`, memberId: players[i % 2]!, vendor: 'ATF', gameCode: 'atf-rng' },
        ...{ gameType: 'RNG', stakeMinor: BigInt(100 + i), payoutMinor: 0n, status: 'SETTLED', play: false },
        ...{ startedAtMs: settledAtMs - 1_000, settledAtMs },
      });
    }
    await createPlayStatsModule({ db }).rollUp();
    // A second process's own pool on PostgreSQL; PGlite is one connection, shared.
    const second = engine.kind === 'postgres' ? await openSecondPool(db) : db;
    try {
      const [a, b] = await Promise.all([
        rollUpTeams(agentTeamRepository(db), 7)(),
        rollUpTeams(agentTeamRepository(second), 7)(),
      ]);
      expect(a.playChanges + b.playChanges).toBe(30);
    } finally {
      if (second !== db) await second.close();
    }
    const figures = await createAgentTeamModule({ db }).teamSummary(merchantId, agent, from, to);
    expect(figures).toMatchObject({ rounds: 30, stakeMinor: 30n * 100n + 435n, activeMembers: 2 });
    // This week and this month so far read the kept week and month counts; a day, the day's.
    const today = businessDay(timeZone, Date.now() - 30_000);
    const team = createAgentTeamModule({ db });
    for (const start of [weekOf(today), monthOf(today), today]) {
      expect((await team.teamSummary(merchantId, agent, start, today)).activeMembers).toBe(2);
    }
  });
});
