#!/usr/bin/env node
// Agent reports against the raw rounds, in the same run (DESIGN.md §12, issue 18, ADR 0029):
//  1. creates a PostgreSQL database of its own and migrates it; seeds (set-based, bench/lib/agent-tree.mjs) a merchant
//     (Asia/Manila) and MEMBERS (200,000) members in a tree eight levels deep under four top agents (each with about a
//     quarter of them below it), ROUNDS (20 million) settled rounds over the 90 days up to now in game_rounds, play
//     statistics' journal and days for the rounds settled before the last day (as its take-in books a first
//     settlement), the team rollups of that journal (a bottom-up sum over the tree) and the sign-ups (the team
//     take-in's own facts function);
//  2. runs play statistics' take-in (the play-stats.rollup job) over the last day's raw rounds, then the team rollups'
//     take-in (the agent-team.rollup job, batch after batch) over the play changes that produced, and prints each
//     stage's rounds/s and both in series against the wallet protocol's rate (goal: never behind it; WALLET_CALLS,
//     default 1370, the calls/s `npm run bench:wallet-protocol` sustains on the reference machine, a round being two
//     calls);
//  3. checks the team rollups (seeded and taken in) against a sum over the closure table of play statistics' days for
//     the measured agent and 25 random members of each level, and the grand totals (it exits 1 when they differ);
//  4. for the top agent with the most descendants, measures at CONNECTIONS (16) connections for SECONDS each:
//     - the team overview (team size and the team's figures for today, yesterday, this week and this month), from the
//       rollups and by one SQL aggregate over the raw rounds and the tree;
//     - a downline list (a page of PAGE (20) downlines, each with its own team's figures for this month), both ways;
//     prints p50, p99 and the raw / rollups ratio of p99 (goal >= 20), after checking that both ways give the same
//     figures (it exits 1 when they differ).
// Run: `npm run bench:agent-reports` (BENCH_DATABASE_URL, SCALE=1 multiplies MEMBERS and ROUNDS: SCALE=0.01 is a
// two-minute check; SECONDS=10, CONNECTIONS=16, PAGE=20, BATCH to change the take-in's batch; KEEP=1 keeps the
// database). The database is dropped after.
import pg from 'pg';
import { openPostgres } from '@platform/server';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createAgentTeamModule } from '../apps/server/src/modules/agents/agent-team/index.ts';
import { rollUpTeams } from '../apps/server/src/modules/agents/agent-team/agent-team.jobs.ts';
import { rollUpPlay } from '../apps/server/src/modules/games/play-stats/play-stats.jobs.ts';
import { playStatsRepository } from '../apps/server/src/modules/games/play-stats/play-stats.repository.ts';
import { agentTeamRepository } from '../apps/server/src/modules/agents/agent-team/agent-team.repository.ts';
import {
  checkTeamRollups,
  seedPlayStats,
  seedRounds,
  seedTeamRollups,
  seedTree,
  seedingSession,
} from './lib/agent-tree.mjs';

const URL_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCALE = Number(process.env.SCALE ?? 1);
const MEMBERS = Math.max(64, Math.round(Number(process.env.MEMBERS ?? 200_000) * SCALE));
const ROUNDS = Math.max(1000, Math.round(Number(process.env.ROUNDS ?? 20_000_000) * SCALE));
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const PAGE = Number(process.env.PAGE ?? 20);
const BATCH = process.env.BATCH === undefined ? undefined : Number(process.env.BATCH);
const WALLET_CALLS = Number(process.env.WALLET_CALLS ?? 1370);
const LEVELS = 8;
const TOP_AGENTS = 4;
const DAYS = 90;
const fmt = (n, digits = 0) => n.toFixed(digits);
const log = (line) => process.stdout.write(`${line}\n`);

const admin = async (sql) => {
  const client = new pg.Client({ connectionString: URL_BASE });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
};

const timed = async (label, fn) => {
  const start = performance.now();
  const result = await fn();
  const seconds = (performance.now() - start) / 1000;
  log(`${label}: ${fmt(seconds, 1)} s`);
  return { result, seconds };
};

// ---------------------------------------------------------------------------------------------------------------------
// The two reads, from the rollups and from the raw rounds.

const periodsOf = async (db, timezone) => {
  const { rows } = await db.query(
    `SELECT to_char(d, 'YYYY-MM-DD') AS today, to_char(d - 1, 'YYYY-MM-DD') AS yesterday,
       to_char(date_trunc('week', d), 'YYYY-MM-DD') AS week, to_char(date_trunc('month', d), 'YYYY-MM-DD') AS month
     FROM (SELECT (now() AT TIME ZONE $1)::date AS d) t`,
    [timezone],
  );
  const p = rows[0];
  return {
    today: [p.today, p.today],
    yesterday: [p.yesterday, p.yesterday],
    week: [p.week, p.today],
    month: [p.month, p.today],
  };
};

const PLAY = ['rounds', 'stakeMinor', 'validBetMinor', 'payoutMinor', 'profitMinor', 'activeMembers'];
const pick = (f) => Object.fromEntries(PLAY.map((k) => [k, String(f[k])]));

/** The team overview from the rollups: team size and four periods' figures. */
const overviewFromRollups = async (team, merchantId, agent, periods) => {
  const [size, ...figures] = await Promise.all([
    team.teamSize(merchantId, agent),
    ...Object.values(periods).map(([from, to]) => team.teamSummary(merchantId, agent, from, to)),
  ]);
  return { size, periods: Object.fromEntries(Object.keys(periods).map((k, i) => [k, pick(figures[i])])) };
};

const RAW_SUMS = (filter) => `count(*) FILTER (WHERE ${filter})::text AS rounds,
  coalesce(sum(r.valid_bet_minor) FILTER (WHERE ${filter}), 0)::text AS stake,
  coalesce(sum(r.valid_bet_minor) FILTER (WHERE ${filter}), 0)::text AS valid,
  coalesce(sum(r.win_minor) FILTER (WHERE ${filter}), 0)::text AS payout,
  coalesce(sum(r.win_minor - r.valid_bet_minor) FILTER (WHERE ${filter}), 0)::text AS profit,
  count(DISTINCT r.member_id) FILTER (WHERE ${filter})::text AS active`;
const dayStart = (param) => `(${param}::date)::timestamp AT TIME ZONE m.timezone`;
const inDays = (from, to) => `r.settled_at >= ${dayStart(from)} AND r.settled_at < ${dayStart(to)} + interval '1 day'`;
const rawFigures = (row, prefix = '') => ({
  rounds: row[`${prefix}rounds`],
  stakeMinor: row[`${prefix}stake`],
  validBetMinor: row[`${prefix}valid`],
  payoutMinor: row[`${prefix}payout`],
  profitMinor: row[`${prefix}profit`],
  activeMembers: row[`${prefix}active`],
});

/** The same overview by one aggregate over the raw rounds of the agent's team (the tree's closure). */
const overviewFromRaw = async (db, merchantId, agent, periods) => {
  const names = Object.keys(periods);
  const columns = names
    .map((name, i) =>
      RAW_SUMS(inDays(`$${3 + 2 * i}`, `$${4 + 2 * i}`))
        .split(',\n')
        .map((c) => c.replace(/ AS (\w+)$/, ` AS ${name}_$1`))
        .join(',\n'),
    )
    .join(',\n');
  const from = names.map((n) => periods[n][0]).sort()[0];
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FILTER (WHERE depth = 1) FROM agent_tree WHERE merchant_id = $1 AND ancestor_id = $2) AS direct,
       (SELECT count(*) FILTER (WHERE depth > 0) FROM agent_tree WHERE merchant_id = $1 AND ancestor_id = $2) AS total,
       ${columns}
     FROM agent_tree t
     JOIN merchant_directory m ON m.id = t.merchant_id
     JOIN game_rounds r ON r.merchant_id = t.merchant_id AND r.member_id = t.descendant_id
     WHERE t.merchant_id = $1 AND t.ancestor_id = $2 AND r.status = 'SETTLED' AND NOT r.play
       AND r.settled_at >= ${dayStart(`$${3 + 2 * names.length}`)}
     GROUP BY m.timezone`,
    [merchantId, agent, ...names.flatMap((n) => periods[n]), from],
  );
  const row = rows[0];
  return {
    size: { direct: Number(row.direct), total: Number(row.total) },
    periods: Object.fromEntries(names.map((n) => [n, rawFigures(row, `${n}_`)])),
  };
};

const downlineFromRollups = async (team, merchantId, agent, page, [from, to]) => {
  const figures = await team.downlineFigures(merchantId, agent, page, from, to);
  return Object.fromEntries(page.map((id) => [String(id), pick(figures.get(String(id)))]));
};

/** Each listed downline's team figures by one aggregate over the raw rounds (members with no rounds show zeros). */
const downlineFromRaw = async (db, merchantId, agent, page, [from, to]) => {
  const { rows } = await db.query(
    `SELECT d.descendant_id::text AS id, ${RAW_SUMS('r.round_id IS NOT NULL')}
     FROM agent_tree d
     JOIN merchant_directory m ON m.id = d.merchant_id
     JOIN agent_tree t ON t.merchant_id = d.merchant_id AND t.ancestor_id = d.descendant_id
     LEFT JOIN game_rounds r ON r.merchant_id = t.merchant_id AND r.member_id = t.descendant_id
       AND r.status = 'SETTLED' AND NOT r.play AND ${inDays('$4', '$5')}
     WHERE d.merchant_id = $1 AND d.ancestor_id = $2 AND d.descendant_id = ANY($3::bigint[])
     GROUP BY d.descendant_id`,
    [merchantId, agent, page.map(String), from, to],
  );
  return Object.fromEntries(rows.map((row) => [row.id, rawFigures(row)]));
};

/** `fn` from CONNECTIONS loops for SECONDS (each loop at least once); returns latencies in ms. */
const load = async (fn) => {
  const latencies = [];
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      do {
        const start = performance.now();
        await fn();
        latencies.push(performance.now() - start);
      } while (performance.now() < deadline);
    }),
  );
  return latencies.sort((a, b) => a - b);
};
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const describe = (sorted) =>
  `${sorted.length} runs, p50 ${fmt(quantile(sorted, 0.5), 1)} ms, p99 ${fmt(quantile(sorted, 0.99), 1)} ms`;

const same = (label, a, b) => {
  const left = JSON.stringify(a);
  const right = JSON.stringify(b);
  if (left === right) return true;
  log(`MISMATCH in ${label}:\n rollups ${left}\n raw     ${right}`);
  return false;
};

// ---------------------------------------------------------------------------------------------------------------------

const main = async () => {
  const name = `bench_agent_reports_${process.pid}_${Date.now() % 100000}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(URL_BASE);
  url.pathname = `/${name}`;
  const db = await openPostgres({ url: url.toString(), maxConnections: CONNECTIONS });
  // Seeding runs its long statements on a client of its own, without the platform pool's statement timeout.
  const seeder = new pg.Client({ connectionString: url.toString() });
  // The raw aggregate runs on a pool of its own without the platform pool's statement timeout: at full size one call
  // takes longer than 15 s.
  const raw = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS });
  await seeder.connect();
  const seed = { query: (sql, params) => seeder.query(sql, params), exec: (sql) => seeder.query(sql) };
  await seedingSession(seed);
  let ok = true;
  try {
    await migrate(db);
    log(`agent reports: ${MEMBERS} members in ${LEVELS} levels, ${ROUNDS} rounds over ${DAYS} days (SCALE=${SCALE})`);
    const started = performance.now();
    const shape = { members: MEMBERS, levels: LEVELS, top: TOP_AGENTS, days: DAYS };
    const { result: world } = await timed('seeded the tree', () => seedTree(seed, shape));
    log(`levels: ${world.sizes.join(', ')}`);
    await timed('seeded the rounds', () => seedRounds(seed, world.merchantId, { ...shape, rounds: ROUNDS }));
    const { rows: cut } = await seed.query("SELECT (now() - interval '1 day')::text AS before");
    await timed("seeded play statistics' journal and days before the last day", () =>
      seedPlayStats(seed, world.timezone, cut[0].before),
    );
    const { result: seeded } = await timed('seeded the team rollups of that journal', () => seedTeamRollups(seed));
    await timed('took in the sign-ups (agent_team_take_in_facts)', () =>
      seed.exec("SELECT agent_team_take_in_facts('-infinity')"),
    );
    log(
      `seeding: ${fmt((performance.now() - started) / 1000, 1)} s in all, ${seeded} play changes in the team rollups`,
    );

    // Stage one: the play-statistics take-in (the play-stats.rollup job) over the last day's raw rounds.
    const { result: lastDay, seconds: playSeconds } = await timed("play statistics took in the last day's rounds", () =>
      rollUpPlay(playStatsRepository(db))(),
    );
    const playRate = lastDay / playSeconds;
    const { rows: journal } = await db.query('SELECT count(*)::integer AS n FROM play_stat_changes WHERE seq > $1', [
      seeded,
    ]);
    const changes = journal[0].n;

    // Stage two: the team rollups (the agent-team.rollup job) over the play changes stage one wrote.
    const rollUp = rollUpTeams(agentTeamRepository(db), BATCH);
    const { seconds } = await timed(`team rollups took in ${changes} play changes`, () => rollUp());
    const teamRate = changes / seconds;
    // The two jobs run one after the other on a round: the rate of the pipeline is that of both stages in series.
    const rate = 1 / (1 / playRate + 1 / teamRate);
    log(
      `play-statistics take-in: ${fmt(playRate)} rounds/s (${lastDay} rounds); team rollups: ${fmt(teamRate)} rounds/s`,
    );
    log(
      `rollup ingest, both stages in series: ${fmt(rate)} rounds/s = ${fmt(rate / (WALLET_CALLS / 2), 2)}x the ` +
        `${fmt(WALLET_CALLS / 2)} rounds/s of the wallet protocol's ${WALLET_CALLS} calls/s (goal >= 1; ` +
        `${fmt(rate / WALLET_CALLS, 2)}x its calls/s)`,
    );

    const { rows: tops } = await db.query(
      `SELECT b.id, count(*) - 1 AS descendants FROM bench_members b
       JOIN agent_tree t ON t.merchant_id = $1 AND t.ancestor_id = b.id
       WHERE b.level = 0 GROUP BY b.id ORDER BY descendants DESC LIMIT 1`,
      [world.merchantId],
    );
    const agent = BigInt(tops[0].id);
    const { rows: sample } = await db.query(
      `SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY level ORDER BY random()) AS r FROM bench_members) x
       WHERE r <= 25`,
    );
    const agents = [agent, ...sample.map((r) => BigInt(r.id)).filter((id) => id !== agent)];
    const { result: diffs } = await timed(
      `checked the team rollups of ${agents.length} agents against their subtrees' play statistics`,
      () => checkTeamRollups(seed, world.merchantId, agents),
    );
    for (const line of diffs) log(`MISMATCH in ${line}`);
    ok = diffs.length === 0;
    log(`seeded and taken-in team rollups equal the sums over the subtrees: ${ok ? 'yes' : 'NO'}`);
    await seed.exec('ANALYZE');

    const team = createAgentTeamModule({ db });
    const { rows: pageRows } = await db.query(
      `SELECT descendant_id AS id FROM agent_tree WHERE merchant_id = $1 AND ancestor_id = $2 AND depth BETWEEN 1 AND 3
       ORDER BY depth, descendant_id LIMIT $3`,
      [world.merchantId, agent, PAGE],
    );
    const page = pageRows.map((r) => BigInt(r.id));
    const periods = await periodsOf(db, world.timezone);
    log(
      `agent ${agent}: ${tops[0].descendants} descendants; periods ${JSON.stringify(periods)}; page of ${page.length}`,
    );

    ok =
      same(
        'the team overview',
        await overviewFromRollups(team, world.merchantId, agent, periods),
        await overviewFromRaw(raw, world.merchantId, agent, periods),
      ) && ok;
    ok =
      same(
        'the downline list',
        await downlineFromRollups(team, world.merchantId, agent, page, periods.month),
        await downlineFromRaw(raw, world.merchantId, agent, page, periods.month),
      ) && ok;
    log(`figures from the rollups equal the raw aggregate's: ${ok ? 'yes' : 'NO'}`);

    const results = {};
    for (const [label, fn] of [
      ['team overview, rollups', () => overviewFromRollups(team, world.merchantId, agent, periods)],
      ['team overview, raw rounds', () => overviewFromRaw(raw, world.merchantId, agent, periods)],
      ['downline list, rollups', () => downlineFromRollups(team, world.merchantId, agent, page, periods.month)],
      ['downline list, raw rounds', () => downlineFromRaw(raw, world.merchantId, agent, page, periods.month)],
    ]) {
      const latencies = await load(fn);
      results[label] = quantile(latencies, 0.99);
      log(`${label} at ${CONNECTIONS} connections: ${describe(latencies)}`);
    }
    for (const view of ['team overview', 'downline list']) {
      const ratio = results[`${view}, raw rounds`] / results[`${view}, rollups`];
      log(`${view}: raw p99 / rollups p99 = ${fmt(ratio, 1)}x (goal >= 20)`);
    }
  } finally {
    await seeder.end();
    await raw.end();
    await db.close();
    if (process.env.KEEP === '1') log(`kept database ${name}`);
    else await admin(`DROP DATABASE IF EXISTS ${name}`);
  }
  if (!ok) process.exit(1);
};

await main();
