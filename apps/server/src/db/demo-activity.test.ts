import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, formatMoney, SEAMLESS_HEADERS, seamlessPath, type SeamlessOp } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { createAgentTeamModule } from '../modules/agents/agent-team';
import { createPlayStatsModule } from '../modules/games/play-stats';
import { describeEachDatabase } from '../test/databases';
import { bearer, demoMerchantId, freshIp, loginOk } from '../test/identity-helpers';
import { adjust } from '../test/wallet-helpers';
import { signSeamless } from '../modules/games/seamless';
import { expectSoundLedger } from '../test/ledger-helpers';
import { buildTestApp } from '../test/test-app';
import {
  DEMO_ACTIVITY_KEY,
  DEMO_ACTIVITY_VENDOR,
  DEMO_PLAYERS,
  demoPlan,
  type DemoActivityReport,
  type DemoPlayerPlan,
} from './demo-activity';
import { DEMO_TEAM } from './seed-data/demo-team';

const SECRET = 'demo-activity-test-rgs-secret-0123456789abcdef';
const PLAYERS = ['demo_member', 'demo_team_ana', 'demo_team_hana'];
const ALL_DAYS = { from: '2000-01-01', to: '2100-12-31' };

const NOTHING = { stakeMinor: 0n, payoutMinor: 0n, balanceMinor: 0n };
const byName = (a: { username: string }, b: { username: string }) => (a.username < b.username ? -1 : 1);

type PlayerFacts = {
  username: string;
  deposits: number;
  depositMinor: bigint;
  rounds: number;
  stakeMinor: bigint;
  payoutMinor: bigint;
  balanceMinor: bigint;
};

describeEachDatabase('demo activity', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;

  beforeAll(async () => {
    // As `npm start` on the embedded database: demo data, the activity started once the server listens.
    app = await buildTestApp({
      db: getDb(),
      env: { DEMO_GATEWAY_SECRET: 'demo-activity-test-gateway-secret-0123456789' },
      vendorSecret: (merchant, vendor) => (merchant === 'demo' && vendor === DEMO_ACTIVITY_VENDOR ? SECRET : undefined),
      demoActivity: true,
      // Three of the players, one per level of the tree (the start runs them all): the test stays cheap.
      seams: { demoPlayers: PLAYERS },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());

  /** What the platform's own records say each player did: orders, rounds and the wallet's balance. */
  const facts = async (): Promise<PlayerFacts[]> => {
    const { rows } = await getDb().query<PlayerFacts>(
      `SELECT m.username,
         (SELECT count(*)::int FROM deposit_order_facts d WHERE d.merchant_id = m.merchant_id AND d.member_id = m.id
            AND d.status = 'PAID') AS deposits,
         (SELECT coalesce(sum(d.amount_minor), 0)::bigint FROM deposit_order_facts d
            WHERE d.merchant_id = m.merchant_id AND d.member_id = m.id AND d.status = 'PAID') AS "depositMinor",
         (SELECT count(*)::int FROM game_round_facts r WHERE r.merchant_id = m.merchant_id AND r.member_id = m.id
            AND r.status = 'SETTLED' AND r.vendor_code = $3 AND r.round_id LIKE $4) AS rounds,
         (SELECT coalesce(sum(r.bet_minor), 0)::bigint FROM game_round_facts r
            WHERE r.merchant_id = m.merchant_id AND r.member_id = m.id AND r.round_id LIKE $4) AS "stakeMinor",
         (SELECT coalesce(sum(r.win_minor), 0)::bigint FROM game_round_facts r
            WHERE r.merchant_id = m.merchant_id AND r.member_id = m.id AND r.round_id LIKE $4) AS "payoutMinor",
         (SELECT coalesce(sum(b.balance_minor), 0)::bigint FROM ledger_account_balances b
            WHERE b.merchant_id = m.merchant_id AND b.owner_kind = 'MEMBER' AND b.owner_id = m.id
              AND b.purpose = 'CASH') AS "balanceMinor"
       FROM members m WHERE m.merchant_id = $1 AND m.username = ANY($2::text[])`,
      [merchantId, DEMO_PLAYERS, DEMO_ACTIVITY_VENDOR, `${DEMO_ACTIVITY_KEY}.%`],
    );
    return rows.sort(byName).map((row) => ({
      ...row,
      depositMinor: BigInt(row.depositMinor),
      stakeMinor: BigInt(row.stakeMinor),
      payoutMinor: BigInt(row.payoutMinor),
      balanceMinor: BigInt(row.balanceMinor),
    }));
  };

  /** The plan for PLAYERS; every other demo player has done nothing. */
  const expected = (): PlayerFacts[] =>
    demoPlan()
      .map((plan) => {
        if (!PLAYERS.includes(plan.username)) {
          return { username: plan.username, deposits: 0, depositMinor: 0n, rounds: 0, ...NOTHING };
        }
        const stakeMinor = plan.rounds.reduce((sum, round) => sum + round.stakeMinor, 0n);
        const payoutMinor = plan.rounds.reduce((sum, round) => sum + round.payoutMinor, 0n);
        return {
          ...{ username: plan.username, deposits: 1, depositMinor: plan.depositMinor, rounds: plan.rounds.length },
          ...{ stakeMinor, payoutMinor, balanceMinor: plan.depositMinor - stakeMinor + payoutMinor },
        };
      })
      .sort(byName);

  it('should seed demo_agent a team four levels deep with more than one sub-agent', async () => {
    const { rows } = await getDb().query<{ username: string; parent: string | null; userType: number }>(
      `SELECT m.username, p.username AS parent, m.user_type AS "userType" FROM members m
       LEFT JOIN members p ON p.id = m.parent_id WHERE m.merchant_id = $1`,
      [merchantId],
    );
    const parentOf = new Map(rows.map((row) => [row.username, row.parent]));
    const team = DEMO_TEAM.map((account) => account.username);
    expect(team.filter((username) => parentOf.has(username))).toEqual(team);
    const chain = ['demo_team_hana'];
    for (let up = parentOf.get('demo_team_hana'); up != null; up = parentOf.get(up)) chain.push(up);
    expect(chain).toEqual(['demo_team_hana', 'demo_agent_c', 'demo_subagent', 'demo_agent']);
    const agents = rows.filter((row) => team.includes(row.username) && row.userType !== 0).map((row) => row.username);
    expect(agents.sort()).toEqual(['demo_agent_b', 'demo_agent_c']);
  });

  it('should deposit and play once for every demo player after listening, and add nothing when run again', async () => {
    // Waits for the run the server started when it began listening, then runs once more (a restart).
    const again: DemoActivityReport = await app.demoActivity!.run(PLAYERS);
    const players = PLAYERS.length;
    expect(again).toEqual({
      ...{ players, deposits: 0, rounds: 0, skipped: [] },
      ...{ replayedDeposits: players, replayedRounds: players * 8 },
    });
    const after = await facts();
    expect(after).toEqual(expected());
    // Some players end ahead, some behind: the agent centre shows both signs of profit and loss.
    expect(after.some((p) => p.payoutMinor > p.stakeMinor)).toBe(true);
    expect(after.some((p) => p.payoutMinor < p.stakeMinor)).toBe(true);
    await expectSoundLedger(getDb(), merchantId);
  });

  it("should show demo_member its own profit and loss and demo_agent its team's figures", async () => {
    const stats = createPlayStatsModule({ db: getDb() });
    const teams = createAgentTeamModule({ db: getDb() });
    await stats.rollUp();
    await teams.rollUp();
    const { rows } = await getDb().query<{ username: string; id: bigint }>(
      'SELECT username, id FROM members WHERE merchant_id = $1 AND username = ANY($2::text[])',
      [merchantId, ['demo_member', 'demo_agent']],
    );
    const idOf = (username: string) => rows.find((row) => row.username === username)!.id;
    const sum = (plans: DemoPlayerPlan[], pick: (round: DemoPlayerPlan['rounds'][number]) => bigint) =>
      plans.flatMap((plan) => plan.rounds).reduce((total, round) => total + pick(round), 0n);
    const planOf = (username: string) => demoPlan().filter((plan) => plan.username === username);

    const own = await stats.memberProfit(merchantId, idOf('demo_member'), ALL_DAYS.from, ALL_DAYS.to);
    const mine = planOf('demo_member');
    expect(own.total).toMatchObject({
      ...{ rounds: 8, stakeMinor: sum(mine, (r) => r.stakeMinor), payoutMinor: sum(mine, (r) => r.payoutMinor) },
      profitMinor: sum(mine, (r) => r.payoutMinor - r.stakeMinor),
    });

    // demo_member is not in demo_agent's team; demo_team_ana (level 1) and demo_team_hana (level 3) are.
    const team = [...planOf('demo_team_ana'), ...planOf('demo_team_hana')];
    expect(await teams.teamSize(merchantId, idOf('demo_agent'))).toEqual({ direct: 5, total: 13 });
    expect(await teams.teamSummary(merchantId, idOf('demo_agent'), ALL_DAYS.from, ALL_DAYS.to)).toMatchObject({
      ...{ rounds: 16, activeMembers: 2, depositCount: 2, firstDeposits: 2 },
      depositMinor: team.reduce((total, plan) => total + plan.depositMinor, 0n),
      stakeMinor: sum(team, (r) => r.stakeMinor),
      profitMinor: sum(team, (r) => r.payoutMinor - r.stakeMinor),
    });
  });

  it('should finish a run cut short without moving any round twice', async () => {
    // demo_team_ben's run stopped after its round 1 (a dice round) settled: funded by staff, played by the vendor.
    const plan = demoPlan().find((p) => p.username === 'demo_team_ben')!;
    const round = plan.rounds[1]!;
    await adjust(app, 'demo_team_ben', formatMoney(round.stakeMinor, 2));
    const { token, user } = await loginOk(app, 'demo_team_ben', 'Demo#2026', { ip: freshIp() });
    // The member launches the game as the web app does; the vendor then calls with the session the launch named.
    const { rows: games } = await getDb().query<{ id: bigint }>(
      'SELECT id FROM game_directory WHERE merchant_id = $1 AND game_code = $2',
      [merchantId, round.game],
    );
    const launched = await app.inject({
      ...{ method: 'POST', url: API.game.launch, headers: bearer(token) },
      payload: { nodeId: games[0]!.id.toString() },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const query = new URL(launched.json().value.url as string, 'http://platform.test').searchParams;
    const session = {
      sessionToken: query.get('token'),
      playerId: query.get('player'),
      currency: query.get('currency'),
    };
    const vendor = async (op: SeamlessOp, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ ...session, ...body });
      const timestamp = String(Date.now());
      const res = await app.inject({
        ...{ method: 'POST', url: seamlessPath(op), payload: raw },
        headers: {
          ...{ 'content-type': 'application/json', [SEAMLESS_HEADERS.merchant]: 'demo' },
          ...{ [SEAMLESS_HEADERS.vendor]: DEMO_ACTIVITY_VENDOR, [SEAMLESS_HEADERS.timestamp]: timestamp },
          [SEAMLESS_HEADERS.signature]: signSeamless(SECRET, timestamp, raw),
        },
      });
      expect(res.json().success, res.body).toBe(true);
    };
    const roundId = `${DEMO_ACTIVITY_KEY}.${user.id}.1`;
    await vendor('debit', {
      ...{ transactionId: `${roundId}.bet`, roundId, gameCode: round.game },
      amount: formatMoney(round.stakeMinor, 2),
    });
    await vendor('credit', {
      ...{ transactionId: `${roundId}.win`, betTransactionId: `${roundId}.bet`, roundId, endRound: true },
      amount: formatMoney(round.payoutMinor, 2),
    });

    const report = await app.demoActivity!.run(['demo_team_ben']);
    expect(report).toMatchObject({ players: 1, deposits: 1, rounds: 7, replayedRounds: 1 });
    const ben = (await facts()).find((p) => p.username === 'demo_team_ben')!;
    const stakeMinor = plan.rounds.reduce((sum, r) => sum + r.stakeMinor, 0n);
    const payoutMinor = plan.rounds.reduce((sum, r) => sum + r.payoutMinor, 0n);
    expect(ben).toEqual({
      ...{
        username: 'demo_team_ben',
        deposits: 1,
        depositMinor: plan.depositMinor,
        rounds: 8,
        stakeMinor,
        payoutMinor,
      },
      // The staff credit stays on top of what the plan moves.
      balanceMinor: round.stakeMinor + plan.depositMinor - stakeMinor + payoutMinor,
    });
    await expectSoundLedger(getDb(), merchantId);
  });

  it('should refuse the demo activity in production', async () => {
    const env = { ...loadEnv({ NODE_ENV: 'test' }), NODE_ENV: 'production' as const };
    await expect(buildApp({ env, db: getDb(), demoData: false, demoActivity: true })).rejects.toThrow(
      /never in production/,
    );
  });
});
