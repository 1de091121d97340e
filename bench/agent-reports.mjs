#!/usr/bin/env node
// Agent reports against the raw rounds, in the same run (DESIGN.md §12, issue 18, ADR 0029):
//  1. creates a PostgreSQL database of its own and migrates it; seeds a merchant (Asia/Manila) and MEMBERS (200,000)
//     members in a tree eight levels deep under four top agents (each with about a quarter of them below it), and
//     ROUNDS (20 million) settled rounds over the 90 days up to now in game_rounds, with SQL generate_series; books each
//     round's play-statistics journal row and day rollup as play statistics' take-in does for a first settlement;
//  2. runs the team rollups (the agent-team.rollup job's take-in, batch after batch) over the whole journal and prints
//     rounds/s (goal: at least the rounds/s `npm run bench:wallet-protocol` sustains; give it as WALLET_ROUNDS=n to
//     have the ratio printed);
//  3. for the top agent with the most descendants, measures at CONNECTIONS (16) connections for SECONDS each:
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
import { agentTeamRepository } from '../apps/server/src/modules/agents/agent-team/agent-team.repository.ts';

const URL_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCALE = Number(process.env.SCALE ?? 1);
const MEMBERS = Math.max(64, Math.round(Number(process.env.MEMBERS ?? 200_000) * SCALE));
const ROUNDS = Math.max(1000, Math.round(Number(process.env.ROUNDS ?? 20_000_000) * SCALE));
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const PAGE = Number(process.env.PAGE ?? 20);
const BATCH = process.env.BATCH === undefined ? undefined : Number(process.env.BATCH);
const WALLET_ROUNDS = process.env.WALLET_ROUNDS === undefined ? undefined : Number(process.env.WALLET_ROUNDS);
const LEVELS = 8;
const TOP_AGENTS = 4;
const DAYS = 90;
const CHUNK = 1_000_000;
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

/** Level sizes: TOP_AGENTS at the top, each level `b` times the one above, MEMBERS in all. */
const levelSizes = () => {
  const total = (b) =>
    Array.from({ length: LEVELS }, (_, k) => Math.round(TOP_AGENTS * b ** k)).reduce((a, n) => a + n);
  let lo = 1;
  let hi = 50;
  for (let i = 0; i < 60; i += 1) {
    const mid = (lo + hi) / 2;
    if (total(mid) < MEMBERS) lo = mid;
    else hi = mid;
  }
  const sizes = Array.from({ length: LEVELS }, (_, k) => Math.round(TOP_AGENTS * hi ** k));
  sizes[LEVELS - 1] += MEMBERS - sizes.reduce((a, n) => a + n);
  return sizes;
};

/**
 * The merchant and its member tree, level by level. The seeding client runs with session_replication_role = replica
 * (no foreign-key checks, no triggers: minutes saved on 20 million rounds), so the closure is filled once at the end
 * as migration 0030 backfills it; the tests cover the trigger.
 */
const seedTree = async (db) => {
  const { rows } = await db.query(
    `INSERT INTO merchants (code, name, default_language, currency_code, logo_url, main_domain, lottery_type,
       esport_game, cockfight_game) VALUES ('bench', 'bench', 'EN', 'USD', '/l.png', 'bench.test', 'x', 'x', 'x')
     RETURNING id, timezone`,
  );
  const { id: merchantId, timezone } = rows[0];
  await db.exec(
    'CREATE TABLE bench_members (n serial PRIMARY KEY, level integer NOT NULL, idx integer NOT NULL, id bigint NOT NULL)',
  );
  const sizes = levelSizes();
  for (const [level, size] of sizes.entries()) {
    await db.query(
      `WITH ins AS (
         INSERT INTO members (merchant_id, username, user_type, parent_id, created_at)
         SELECT $1, 'b' || $2::integer || '_' || g, CASE WHEN $2::integer = 0 THEN 1 WHEN $2::integer < $5 THEN 2 ELSE 0 END,
           p.id, now() - random() * interval '${DAYS} days'
         FROM generate_series(0, $3::integer - 1) g
         LEFT JOIN bench_members p ON p.level = $2::integer - 1 AND p.idx = (g::bigint * $4::integer / $3::integer)
         RETURNING id, username
       )
       INSERT INTO bench_members (level, idx, id)
       SELECT $2::integer, split_part(username, '_', 2)::integer, id FROM ins ORDER BY id`,
      [merchantId, level, size, level === 0 ? 1 : sizes[level - 1], LEVELS - 1],
    );
  }
  await db.query(
    `INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
     WITH RECURSIVE up AS (
       SELECT merchant_id, id AS ancestor_id, id AS descendant_id, 0 AS depth, parent_id AS next_id
       FROM members WHERE merchant_id = $1
       UNION ALL
       SELECT u.merchant_id, m.id, u.descendant_id, u.depth + 1, m.parent_id
       FROM up u JOIN members m ON m.merchant_id = u.merchant_id AND m.id = u.next_id
     )
     SELECT merchant_id, ancestor_id, descendant_id, depth FROM up`,
    [merchantId],
  );
  return { merchantId, timezone, sizes };
};

/** ROUNDS settled rounds over the DAYS days up to now, on pseudo-random members; one in fifty cancelled. */
const seedRounds = async (db, merchantId) => {
  for (let from = 1; from <= ROUNDS; from += CHUNK) {
    const to = Math.min(ROUNDS, from + CHUNK - 1);
    await db.query(
      `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, play, bet_minor,
         win_minor, valid_bet_minor, status, started_at, settled_at)
       SELECT $1, 'BENCH', 'r' || g, m.id, 'bench-slot', 'USD', false, x.bet, x.win, x.bet,
         CASE WHEN g % 50 = 0 THEN 'CANCELLED' ELSE 'SETTLED' END, x.at - interval '1 minute', x.at
       FROM generate_series($2::bigint, $3::bigint) g
       CROSS JOIN LATERAL (
         SELECT 100 + (g * 31) % 9900 AS bet, ((g * 17) % 5) * (100 + (g * 31) % 9900) / 2 AS win,
           now() - ((g * 40503) % ($5::bigint * 86400)) * interval '1 second' AS at,
           1 + (g * 2654435761) % $4::bigint AS n
       ) x
       JOIN bench_members m ON m.n = x.n`,
      [merchantId, from, to, MEMBERS, DAYS],
    );
  }
};

/** Play statistics' journal and days for the rounds, as its take-in books a round's first settlement. */
const bookPlayStats = async (db, timezone) => {
  await db.query(
    `INSERT INTO play_stat_rounds (merchant_id, vendor_code, round_id, member_id, business_day, game_type, settled_at,
       rounds, stake_minor, valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor)
     SELECT merchant_id, vendor_code, round_id, member_id, (settled_at AT TIME ZONE $1)::date, 'OTHER', settled_at, 1,
       valid_bet_minor, valid_bet_minor, win_minor, win_minor - valid_bet_minor, 0
     FROM game_rounds WHERE status = 'SETTLED' AND NOT play
     ORDER BY settled_at`,
    [timezone],
  );
  await db.exec(`INSERT INTO play_stat_days (merchant_id, member_id, business_day, vendor_code, game_type, rounds,
      stake_minor, valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor)
    SELECT merchant_id, member_id, business_day, vendor_code, game_type, sum(rounds), sum(stake_minor),
      sum(valid_bet_minor), sum(payout_minor), sum(profit_minor), sum(bonus_stake_minor)
    FROM play_stat_rounds GROUP BY merchant_id, member_id, business_day, vendor_code, game_type`);
  await db.exec(`UPDATE play_stat_cursor SET settled_through = (SELECT max(settled_at) FROM game_rounds)`);
  await db.exec('ANALYZE');
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
  await seeder.connect();
  await seeder.query('SET session_replication_role = replica');
  const seed = { query: (sql, params) => seeder.query(sql, params), exec: (sql) => seeder.query(sql) };
  let ok = true;
  try {
    await migrate(db);
    log(`agent reports: ${MEMBERS} members in ${LEVELS} levels, ${ROUNDS} rounds over ${DAYS} days (SCALE=${SCALE})`);
    const { result: world } = await timed('seeded the tree', () => seedTree(seed));
    log(`levels: ${world.sizes.join(', ')}`);
    await timed('seeded the rounds', () => seedRounds(seed, world.merchantId));
    await timed("booked play statistics' journal and days", () => bookPlayStats(seed, world.timezone));
    const { rows: journal } = await db.query('SELECT count(*)::integer AS n FROM play_stat_changes');
    const changes = journal[0].n;

    const rollUp = rollUpTeams(agentTeamRepository(db), BATCH);
    const { seconds } = await timed(`team rollups took in ${changes} play changes`, () => rollUp());
    const rate = changes / seconds;
    log(
      `rollup ingest: ${fmt(rate)} rounds/s` +
        (WALLET_ROUNDS === undefined
          ? ' (compare with the rounds/s of npm run bench:wallet-protocol; WALLET_ROUNDS=n prints the ratio)'
          : `, ${fmt(rate / WALLET_ROUNDS, 2)}x the wallet protocol's ${WALLET_ROUNDS} rounds/s (goal >= 1)`),
    );
    await db.exec('ANALYZE');

    const team = createAgentTeamModule({ db });
    const { rows: tops } = await db.query(
      `SELECT b.id, count(*) - 1 AS descendants FROM bench_members b
       JOIN agent_tree t ON t.merchant_id = $1 AND t.ancestor_id = b.id
       WHERE b.level = 0 GROUP BY b.id ORDER BY descendants DESC LIMIT 1`,
      [world.merchantId],
    );
    const agent = BigInt(tops[0].id);
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
        await overviewFromRaw(db, world.merchantId, agent, periods),
      ) && ok;
    ok =
      same(
        'the downline list',
        await downlineFromRollups(team, world.merchantId, agent, page, periods.month),
        await downlineFromRaw(db, world.merchantId, agent, page, periods.month),
      ) && ok;
    log(`figures from the rollups equal the raw aggregate's: ${ok ? 'yes' : 'NO'}`);

    const results = {};
    for (const [label, fn] of [
      ['team overview, rollups', () => overviewFromRollups(team, world.merchantId, agent, periods)],
      ['team overview, raw rounds', () => overviewFromRaw(db, world.merchantId, agent, periods)],
      ['downline list, rollups', () => downlineFromRollups(team, world.merchantId, agent, page, periods.month)],
      ['downline list, raw rounds', () => downlineFromRaw(db, world.merchantId, agent, page, periods.month)],
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
    await db.close();
    if (process.env.KEEP === '1') log(`kept database ${name}`);
    else await admin(`DROP DATABASE IF EXISTS ${name}`);
  }
  if (!ok) process.exit(1);
};

await main();
