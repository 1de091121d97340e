// Set-based seeding of a merchant's agent tree, its settled rounds, play statistics and team rollups for the agent
// benches (DESIGN.md §11 and §12, ADR 0028 and 0029). Every function takes a seeding client `db` ({ query, exec }) that
// runs with session_replication_role = replica (no foreign-key checks, no triggers), so each table the triggers or the
// jobs would fill is filled here by one statement over the whole load, and the indexes of the big tables are built
// after it. The team rollups are seeded by a bottom-up sum over the tree, level by level; checkTeamRollups compares
// them (and whatever the real take-in added after) with a sum over the closure table for a sample of agents.

/** Level sizes: `top` members at the top, each level `b` times the one above, `members` in all. */
export const levelSizes = (members, levels, top) => {
  const total = (b) => Array.from({ length: levels }, (_, k) => Math.round(top * b ** k)).reduce((a, n) => a + n);
  let lo = 1;
  let hi = 50;
  for (let i = 0; i < 60; i += 1) {
    const mid = (lo + hi) / 2;
    if (total(mid) < members) lo = mid;
    else hi = mid;
  }
  const sizes = Array.from({ length: levels }, (_, k) => Math.round(top * hi ** k));
  sizes[levels - 1] += members - sizes.reduce((a, n) => a + n);
  return sizes;
};

/** Settings for a seeding session: big sorts and hashes in memory, commits without waiting for the disk. */
export const seedingSession = async (db) => {
  await db.exec(`SET session_replication_role = replica; SET synchronous_commit = off; SET work_mem = '1GB';
    SET maintenance_work_mem = '1GB'; SET statement_timeout = 0; SET jit = off`);
};

/**
 * Runs `fn` with the secondary indexes of `tables` dropped (and primary keys no foreign key references), then builds
 * them again from their saved definitions: one sort per index instead of an index insert per row.
 */
export const withoutIndexes = async (db, tables, fn) => {
  const { rows } = await db.query(
    `SELECT c.relname AS table_name, i.indexrelid::regclass::text AS index_name, pg_get_indexdef(i.indexrelid) AS def,
       con.conname, pg_get_constraintdef(con.oid) AS condef
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = c.oid AND con.contype IN ('p', 'u')
     WHERE c.relname = ANY($1::text[]) AND c.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)`,
    [tables],
  );
  for (const row of rows) {
    if (row.conname) await db.exec(`ALTER TABLE ${row.table_name} DROP CONSTRAINT ${row.conname}`);
    else await db.exec(`DROP INDEX ${row.index_name}`);
  }
  const result = await fn();
  for (const row of rows) {
    if (row.conname) await db.exec(`ALTER TABLE ${row.table_name} ADD CONSTRAINT ${row.conname} ${row.condef}`);
    else await db.exec(row.def);
  }
  return result;
};

/**
 * The merchant (Asia/Manila) and its member tree, level by level (`top` agents, then agents, players at the last
 * level), created at random times over `days` days; then the closure table as migration 0030 backfills it.
 * bench_members (n, level, idx, id) numbers the members 1..members for the rounds.
 */
export const seedTree = async (db, { members, levels, top, days }) => {
  const { rows } = await db.query(
    `INSERT INTO merchants (code, name, default_language, currency_code, logo_url, main_domain, lottery_type,
       esport_game, cockfight_game) VALUES ('bench', 'bench', 'EN', 'USD', '/l.png', 'bench.test', 'x', 'x', 'x')
     RETURNING id, timezone`,
  );
  const { id: merchantId, timezone } = rows[0];
  await db.exec(
    'CREATE TABLE bench_members (n serial PRIMARY KEY, level integer NOT NULL, idx integer NOT NULL, id bigint NOT NULL)',
  );
  const sizes = levelSizes(members, levels, top);
  for (const [level, size] of sizes.entries()) {
    await db.query(
      `WITH ins AS (
         INSERT INTO members (merchant_id, username, user_type, parent_id, created_at)
         SELECT $1, 'b' || $2::integer || '_' || g, CASE WHEN $2::integer = 0 THEN 1 WHEN $2::integer < $5 THEN 2 ELSE 0 END,
           p.id, now() - random() * interval '${days} days'
         FROM generate_series(0, $3::integer - 1) g
         LEFT JOIN bench_members p ON p.level = $2::integer - 1 AND p.idx = (g::bigint * $4::integer / $3::integer)
         RETURNING id, username
       )
       INSERT INTO bench_members (level, idx, id)
       SELECT $2::integer, split_part(username, '_', 2)::integer, id FROM ins ORDER BY id`,
      [merchantId, level, size, level === 0 ? 1 : sizes[level - 1], levels - 1],
    );
  }
  await withoutIndexes(db, ['member_tree'], () =>
    db.query(
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
    ),
  );
  await db.exec('ANALYZE members; ANALYZE member_tree; ANALYZE bench_members');
  return { merchantId, timezone, sizes };
};

/**
 * `rounds` settled rounds over the `days` days up to now on pseudo-random members (one in fifty cancelled), in chunks
 * of `chunk`, the secondary indexes of game_rounds built after the load.
 */
export const seedRounds = async (db, merchantId, { rounds, members, days, chunk = 2_000_000 }) =>
  withoutIndexes(db, ['game_rounds'], async () => {
    for (let from = 1; from <= rounds; from += chunk) {
      const to = Math.min(rounds, from + chunk - 1);
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
        [merchantId, from, to, members, days],
      );
    }
  });

/**
 * Play statistics' journal and days for the rounds settled before `before`, as play_stats_take_in books a round's
 * first settlement (one journal row per counting round; game type OTHER: the bench game is not in the catalogue), and
 * the watermark at `before`: the rounds after it are left to the real take-in. The journal's seq follows the scan of
 * game_rounds, not the settlement order (a sort of the whole load saved): no figure depends on the order of the
 * changes before the cursor.
 */
export const seedPlayStats = async (db, timezone, before) => {
  await withoutIndexes(db, ['play_stat_rounds', 'play_stat_days'], async () => {
    await db.query(
      `INSERT INTO play_stat_rounds (merchant_id, vendor_code, round_id, member_id, business_day, game_type, settled_at,
         rounds, stake_minor, valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor)
       SELECT merchant_id, vendor_code, round_id, member_id, (settled_at AT TIME ZONE $1)::date, 'OTHER', settled_at, 1,
         valid_bet_minor, greatest(valid_bet_minor - bonus_bet_minor, 0), win_minor, win_minor - valid_bet_minor,
         bonus_bet_minor
       FROM game_rounds WHERE status = 'SETTLED' AND NOT play AND settled_at < $2`,
      [timezone, before],
    );
    await db.exec(`INSERT INTO play_stat_days (merchant_id, member_id, business_day, vendor_code, game_type, rounds,
        stake_minor, valid_bet_minor, payout_minor, profit_minor, bonus_stake_minor)
      SELECT merchant_id, member_id, business_day, vendor_code, game_type, sum(rounds), sum(stake_minor),
        sum(valid_bet_minor), sum(payout_minor), sum(profit_minor), sum(bonus_stake_minor)
      FROM play_stat_rounds GROUP BY merchant_id, member_id, business_day, vendor_code, game_type`);
  });
  await db.query('UPDATE play_stat_cursor SET settled_through = $1', [before]);
  await db.exec('ANALYZE play_stat_rounds; ANALYZE play_stat_days; ANALYZE game_rounds');
};

const FIGURES = ['rounds', 'stake_minor', 'valid_bet_minor', 'payout_minor', 'profit_minor', 'bonus_stake_minor'];
const sums = (prefix = '') => FIGURES.map((c) => `sum(${prefix}${c})::bigint AS ${c}`).join(', ');
const WEEK = "date_trunc('week', business_day)::date";
const MONTH = "date_trunc('month', business_day)::date";

/**
 * Sums `values` of `base` (level, merchant_id, agent_id, `keys`, `values`: each non-leaf agent's own rows and its leaf
 * downlines' rows) up the tree from the deepest level: each level's table holds its agents' team rows, their base
 * plus their non-leaf downlines' team rows one level below. Returns the tables, deepest first.
 */
const sumUp = async (db, base, keys, values) => {
  const { rows } = await db.query(`SELECT coalesce(max(level), -1) AS deepest FROM ${base}`);
  const tables = [];
  for (let level = rows[0].deepest; level >= 0; level -= 1) {
    const below = tables.at(-1);
    const table = `${base}_${level}`;
    await db.exec(`CREATE UNLOGGED TABLE ${table} AS
      SELECT merchant_id, agent_id, ${keys.join(', ')}, ${values.map((v) => `sum(${v})::bigint AS ${v}`).join(', ')}
      FROM (
        SELECT merchant_id, agent_id, ${[...keys, ...values].join(', ')} FROM ${base} WHERE level = ${level}
        ${
          below === undefined
            ? ''
            : `UNION ALL
        SELECT t.merchant_id, l.parent_id, ${[...keys, ...values].map((c) => `t.${c}`).join(', ')}
        FROM ${below} t JOIN bench_levels l ON l.merchant_id = t.merchant_id AND l.member_id = t.agent_id`
        }
      ) x
      GROUP BY merchant_id, agent_id, ${keys.join(', ')}`);
    tables.push(table);
  }
  return tables;
};

/**
 * The team rollups of every play change in the journal (play_stat_changes) as agent_team_take_in_play would leave
 * them, by sums over the tree bottom-up. Call it before any take-in, when play_stat_days is still the sum of the
 * journal (seedPlayStats), whose member-days it reads instead of regrouping the journal: each member's day figures
 * and its counts of rounds per day, week and month (agent_team_member_periods); a leaf member's team rows are its own
 * (a member is active in a period when its count there is above zero); an agent's are its own plus its leaf
 * downlines', plus its other downlines' team rows, level by level from the deepest. The cursor is left at the last
 * change, so the real take-in goes on from there. Returns how many play changes it covered.
 */
export const seedTeamRollups = async (db) => {
  const { rows } = await db.query('SELECT coalesce(max(seq), 0)::bigint AS last FROM play_stat_changes');
  const last = rows[0].last;
  await db.exec(`CREATE UNLOGGED TABLE bench_levels AS
    SELECT l.*, NOT EXISTS (SELECT 1 FROM agent_tree c
      WHERE c.merchant_id = l.merchant_id AND c.ancestor_id = l.member_id AND c.depth = 1) AS leaf
    FROM (
      SELECT merchant_id, descendant_id AS member_id, max(depth) AS level,
        max(ancestor_id) FILTER (WHERE depth = 1) AS parent_id
      FROM agent_tree GROUP BY merchant_id, descendant_id
    ) l`);
  await db.exec(`CREATE UNLOGGED TABLE bench_member_days AS
    SELECT d.*, CASE WHEN d.rounds > 0 THEN 1 ELSE 0 END AS active_members, l.level, l.parent_id, l.leaf
    FROM (
      SELECT merchant_id, member_id, business_day, ${sums()} FROM play_stat_days
      GROUP BY merchant_id, member_id, business_day
    ) d
    JOIN bench_levels l ON l.merchant_id = d.merchant_id AND l.member_id = d.member_id`);
  const dayValues = [...FIGURES, 'active_members'];
  await withoutIndexes(db, ['agent_team_member_periods', 'agent_team_days', 'agent_team_periods'], async () => {
    await db.exec(`INSERT INTO agent_team_member_periods (merchant_id, member_id, period, starts_on, rounds)
      SELECT merchant_id, member_id, 'DAY', business_day, rounds FROM bench_member_days WHERE rounds <> 0
      UNION ALL
      SELECT merchant_id, member_id, 'WEEK', ${WEEK}, sum(rounds)::bigint FROM bench_member_days
      GROUP BY merchant_id, member_id, ${WEEK} HAVING sum(rounds) <> 0
      UNION ALL
      SELECT merchant_id, member_id, 'MONTH', ${MONTH}, sum(rounds)::bigint FROM bench_member_days
      GROUP BY merchant_id, member_id, ${MONTH} HAVING sum(rounds) <> 0`);
    await db.exec(`CREATE UNLOGGED TABLE bench_member_periods AS
      SELECT p.merchant_id, p.member_id, p.period, p.starts_on, 1 AS active_members, l.level, l.parent_id, l.leaf
      FROM agent_team_member_periods p
      JOIN bench_levels l ON l.merchant_id = p.merchant_id AND l.member_id = p.member_id
      WHERE p.period <> 'DAY' AND p.rounds > 0`);
    // Leaves: their own rows.
    await db.exec(`INSERT INTO agent_team_days (merchant_id, agent_id, business_day, ${dayValues.join(', ')})
      SELECT merchant_id, member_id, business_day, ${dayValues.join(', ')} FROM bench_member_days WHERE leaf`);
    await db.exec(`INSERT INTO agent_team_periods (merchant_id, agent_id, period, starts_on, active_members)
      SELECT merchant_id, member_id, period, starts_on, active_members FROM bench_member_periods WHERE leaf`);
    // Agents: their own rows and their leaf downlines', then up the tree.
    for (const [source, keys, values] of [
      ['bench_member_days', ['business_day'], dayValues],
      ['bench_member_periods', ['period', 'starts_on'], ['active_members']],
    ]) {
      const base = `${source}_up`;
      const columns = [...keys, ...values].join(', ');
      await db.exec(`CREATE UNLOGGED TABLE ${base} AS
        SELECT level, merchant_id, agent_id, ${keys.join(', ')},
          ${values.map((v) => `sum(${v})::bigint AS ${v}`).join(', ')}
        FROM (
          SELECT level, merchant_id, member_id AS agent_id, ${columns} FROM ${source} WHERE NOT leaf
          UNION ALL
          SELECT level - 1, merchant_id, parent_id, ${columns} FROM ${source} WHERE leaf AND parent_id IS NOT NULL
        ) x
        GROUP BY level, merchant_id, agent_id, ${keys.join(', ')}`);
      const tables = await sumUp(db, base, keys, values);
      const target = source === 'bench_member_days' ? 'agent_team_days' : 'agent_team_periods';
      const agent = target === 'agent_team_days' ? 'business_day' : 'period, starts_on';
      for (const table of tables) {
        await db.exec(`INSERT INTO ${target} (merchant_id, agent_id, ${agent}, ${values.join(', ')})
          SELECT merchant_id, agent_id, ${agent}, ${values.join(', ')} FROM ${table}`);
      }
      await db.exec([base, ...tables].map((t) => `DROP TABLE ${t}`).join('; '));
    }
  });
  await db.exec('DROP TABLE bench_member_days; DROP TABLE bench_member_periods; DROP TABLE bench_levels');
  await db.query('UPDATE agent_team_cursor SET play_seq = $1 WHERE id = 1', [last]);
  await db.exec('ANALYZE agent_team_days; ANALYZE agent_team_periods; ANALYZE agent_team_member_periods');
  return Number(last);
};

/**
 * Compares the team rollups with a sum over the closure table of play statistics' days (the definition: an agent's
 * team figures are the sum over its subtree, its active members those with a positive count in the period) for the
 * agents in `agents` on every day, week and month, each member's kept counts for the members of their teams, and
 * the grand totals of every agent's days with those of the members' days times their number of uplines (themselves
 * included). Returns the differing rows (at most `limit` of each kind) as text; none when they agree.
 */
export const checkTeamRollups = async (db, merchantId, agents, limit = 5) => {
  const ids = agents.map(String);
  const diffs = [];
  const compare = async (label, expected, actual, keys, values) => {
    const { rows } = await db.query(
      `WITH e AS (${expected}), a AS (${actual})
       SELECT ${keys.map((k) => `coalesce(e.${k}, a.${k})::text AS ${k}`).join(', ')},
         ${values.map((v) => `e.${v}::text AS expected_${v}, a.${v}::text AS actual_${v}`).join(', ')}
       FROM e FULL JOIN a ON ${keys.map((k) => `e.${k} = a.${k}`).join(' AND ')}
       WHERE (${values.map((v) => `coalesce(e.${v}, 0)`).join(', ')}) IS DISTINCT FROM
         (${values.map((v) => `coalesce(a.${v}, 0)`).join(', ')})
       LIMIT $3`,
      [merchantId, ids, limit],
    );
    for (const row of rows) diffs.push(`${label}: ${JSON.stringify(row)}`);
  };
  const team = `SELECT t.ancestor_id AS agent_id, t.descendant_id AS member_id FROM agent_tree t
    WHERE t.merchant_id = $1 AND t.ancestor_id = ANY($2::bigint[])`;
  const memberDays = `SELECT p.member_id, p.business_day, ${sums('p.')} FROM play_stat_days p
    WHERE p.merchant_id = $1 AND p.member_id IN (SELECT member_id FROM team) GROUP BY p.member_id, p.business_day`;
  await compare(
    'team days',
    `WITH team AS (${team}), md AS (${memberDays})
     SELECT team.agent_id, md.business_day, ${sums('md.')},
       count(*) FILTER (WHERE md.rounds > 0) AS active_members
     FROM team JOIN md ON md.member_id = team.member_id GROUP BY team.agent_id, md.business_day`,
    `SELECT agent_id, business_day, ${FIGURES.join(', ')}, active_members FROM agent_team_days
     WHERE merchant_id = $1 AND agent_id = ANY($2::bigint[])`,
    ['agent_id', 'business_day'],
    [...FIGURES, 'active_members'],
  );
  const memberPeriods = `SELECT member_id, 'DAY' AS period, business_day AS starts_on, rounds FROM md WHERE rounds <> 0
    UNION ALL SELECT member_id, 'WEEK', ${WEEK}, sum(rounds) FROM md GROUP BY member_id, ${WEEK} HAVING sum(rounds) <> 0
    UNION ALL SELECT member_id, 'MONTH', ${MONTH}, sum(rounds) FROM md GROUP BY member_id, ${MONTH}
      HAVING sum(rounds) <> 0`;
  await compare(
    'team periods',
    `WITH team AS (${team}), md AS (${memberDays}), mp AS (${memberPeriods})
     SELECT team.agent_id, mp.period, mp.starts_on, count(*) AS active_members
     FROM team JOIN mp ON mp.member_id = team.member_id
     WHERE mp.period <> 'DAY' AND mp.rounds > 0 GROUP BY team.agent_id, mp.period, mp.starts_on`,
    `SELECT agent_id, period, starts_on, active_members FROM agent_team_periods
     WHERE merchant_id = $1 AND agent_id = ANY($2::bigint[])`,
    ['agent_id', 'period', 'starts_on'],
    ['active_members'],
  );
  await compare(
    "members' counts",
    `WITH team AS (${team}), md AS (${memberDays}) ${memberPeriods}`,
    `SELECT member_id, period, starts_on, rounds FROM agent_team_member_periods
     WHERE merchant_id = $1 AND member_id IN (${team.replace('t.ancestor_id AS agent_id, ', '')})`,
    ['member_id', 'period', 'starts_on'],
    ['rounds'],
  );
  await compare(
    'grand totals',
    `SELECT 1 AS k, ${FIGURES.map((c) => `sum(p.${c} * u.n)::bigint AS ${c}`).join(', ')}
     FROM play_stat_days p
     JOIN (SELECT descendant_id, count(*) AS n FROM agent_tree WHERE merchant_id = $1 GROUP BY descendant_id) u
       ON u.descendant_id = p.member_id
     WHERE p.merchant_id = $1 AND $2::bigint[] IS NOT NULL`,
    `SELECT 1 AS k, ${sums()} FROM agent_team_days WHERE merchant_id = $1`,
    ['k'],
    FIGURES,
  );
  return diffs;
};
