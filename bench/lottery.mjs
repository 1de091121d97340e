#!/usr/bin/env node
// Lottery settlement through the seamless protocol against pgbench on the same PostgreSQL, in the same run (issue 23):
//  1. starts, in a child process, the platform (a schema of its own, listening on 127.0.0.1) and the RGS beside it
//     (another schema; its lottery engine driven by hand on a clock this bench moves), as embedded mode runs them;
//  2. places BETS position bets on one digit (one in ten wins 9.75x; most settle with endRound, winners with a credit)
//     on one issue of the 1-minute 5D game from MEMBERS members: each stake a real seamless debit (CONNECTIONS at a
//     time); the RGS's round, debit and bet rows are written as a placed bet leaves them (set-based: a short setup);
//  3. moves the clock to the draw and times the draw and the settlement of the issue (every bet SETTLED, every credit
//     or endRound answered by the platform); prints settled bets/s and draw-to-credited (the draw to the platform's
//     answer to each winner's credit: p50, p99, max), audits the ledger and checks every win was credited once;
//  4. runs pgbench's tpcb-like (-M extended, CONNECTIONS clients, scale CONNECTIONS, SECONDS seconds) on a database
//     of its own; prints settled bets/s divided by pgbench tps (goal >= 2).
// Run: `npm run bench:lottery` (BENCH_DATABASE_URL, BETS=200000, MEMBERS=2000, CONNECTIONS=16, SECONDS=10 to change;
// POOL is the platform's connection pool, 10 being the production default). Everything it creates is dropped after.
// Absolute numbers move with the machine; compare the ratio.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { seamlessPath } from '@platform/contracts';

const URL_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BETS = Number(process.env.BETS ?? 200_000);
const MEMBERS = Number(process.env.MEMBERS ?? 2000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 10);
const POOL = Number(process.env.POOL ?? 10);
/** How long the settlement's clock waits for calls left to the retries before it stops anyway (and says so). */
const PENDING_LIMIT_MS = Number(process.env.PENDING_LIMIT_MS ?? 600_000);
const SECRET = 'bench-lottery-secret-0123456789abcdef0123';
const GAME = 'lott-ffc1';
const VENDOR = 'LOTT';
const fmt = (n, digits = 0) => n.toFixed(digits);

const admin = async (sql, url = URL_BASE) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
};

/** A checkpoint, the kernel's dirty pages written out, a short pause: a run does not measure the one before (ADR 0010). */
const settle = async () => {
  await admin('CHECKPOINT');
  execFileSync('sync');
  await new Promise((resolve) => setTimeout(resolve, 2000));
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// The platform and the RGS, in a child process (`--serve <platform schema> <rgs schema>`): it prints one JSON line.

const serve = async (platformSchema, rgsSchema) => {
  const { buildApp, loadEnv, openPostgres } = await import('@platform/server');
  const { buildRgs } = await import('@platform/rgs');
  const { createLedgerModule } = await import('../apps/server/src/modules/money/ledger/index.ts');
  const { signSeamless } = await import('../apps/rgs/src/platform/seamless-client.ts');
  // The platform and the RGS on one clock the bench moves: real time plus an offset.
  let offsetMs = 0;
  const clock = {
    now: () => Date.now() + offsetMs,
    schedule: (fn, delayMs) => {
      const timer = setTimeout(fn, Math.max(0, delayMs));
      timer.unref();
      return () => clearTimeout(timer);
    },
  };
  const db = await openPostgres({ url: URL_BASE, schema: platformSchema, maxConnections: POOL });
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: join(tmpdir(), 'no-web-build') }),
    db,
    seams: { now: clock.now },
    logger: false,
    vendorSecret: (merchantCode, vendorCode) => (merchantCode === 'demo' && vendorCode === VENDOR ? SECRET : undefined),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  await db.query(`UPDATE game_vendors SET connected = true, disconnected_by = NULL WHERE code = $1`, [VENDOR]);

  const rgsApp = await buildRgs({
    database: { url: URL_BASE, schema: rgsSchema },
    operators: (merchantCode) => (merchantCode === 'demo' ? { platformUrl: base, secret: SECRET } : undefined),
    clock,
    logger: false,
    lottery: { enabled: false, codes: [GAME] },
  });
  await rgsApp.ready();
  const { db: rgsDb, lottery } = rgsApp.rgs;

  // Members with cash and a game session of the lottery each (as a launch leaves them).
  const { rows: merchants } = await db.query("SELECT id, currency_code FROM merchants WHERE code = 'demo'");
  const merchantId = merchants[0].id;
  const currency = merchants[0].currency_code;
  const { rows: games } = await db.query('SELECT id FROM games WHERE merchant_id = $1 AND game_code = $2', [
    merchantId,
    GAME,
  ]);
  if (games.length === 0) throw new Error(`the demo catalogue has no ${GAME}`);
  const { rows: members } = await db.query(
    `INSERT INTO members (merchant_id, username, user_type)
     SELECT $1, 'lottery_bench_' || g, 0 FROM generate_series(1, $2::integer) g RETURNING id`,
    [merchantId, MEMBERS],
  );
  const ledger = createLedgerModule({ db, groupCommit: false }).service;
  const cashier = await ledger.openAccount({
    merchantId,
    ownerKind: 'MERCHANT',
    ownerId: 0n,
    purpose: 'CASHIER',
    currency,
  });
  const players = [];
  for (const { id } of members) {
    const cash = await ledger.openAccount({ merchantId, ownerKind: 'MEMBER', ownerId: id, purpose: 'CASH', currency });
    await ledger.post({
      merchantId,
      source: 'bench.seed',
      idempotencyKey: `seed-${id}`,
      legs: [{ debitAccountId: cashier.id, creditAccountId: cash.id, amountMinor: 10n ** 11n, code: 'DEPOSIT' }],
    });
    const token = randomBytes(32).toString('base64url');
    const playerId = `P${id.toString(36).toUpperCase()}`;
    await db.query(
      `INSERT INTO game_sessions (merchant_id, token_hash, member_id, player_id, vendor_code, game_id, game_code,
         currency, play, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, now() + interval '1 day')`,
      [merchantId, createHash('sha256').update(token).digest('hex'), id, playerId, VENDOR, games[0].id, GAME, currency],
    );
    const idHash = createHash('sha256').update(`page-${token}`).digest('hex');
    await rgsDb.query(
      `INSERT INTO page_sessions (id_hash, operator, player_id, currency, mode, game_code, lang, platform_token,
         created_at, expires_at, wallet)
       VALUES ($1, 'demo', $2, $3, 'real', $4, 'en', $5, now(), now() + interval '1 day', 'seamless')`,
      [idHash, playerId, currency, GAME, token],
    );
    players.push({ token, playerId, idHash });
  }

  // The issue: one drawn 20 minutes from now (its window is open by the time the bets are in; the bench never waits
  // for it, it moves the clock).
  await lottery.runStages();
  const { rows: issues } = await rgsDb.query(
    `SELECT issue_no, draw_at FROM lottery_issues WHERE lottery_code = $1 AND draw_at > $2 ORDER BY draw_at LIMIT 1`,
    [GAME, new Date(clock.now() + 20 * 60_000)],
  );
  const issue = issues[0];
  const run = randomBytes(4).toString('hex');
  const bets = Array.from({ length: BETS }, (_, i) => {
    const player = players[i % players.length];
    const position = i % 5;
    // Each position's bets go round all ten digits: whatever the draw, exactly one bet in ten wins.
    const digit = Math.floor(i / 5) % 10;
    return { roundId: `lb-${run}-${i}`, player, picks: [0, 1, 2, 3, 4].map((p) => (p === position ? [digit] : [])) };
  });

  // Every stake through the platform's seamless debit, CONNECTIONS at a time.
  const signedPost = async (op, body) => {
    const raw = JSON.stringify(body);
    const timestamp = String(clock.now());
    const response = await fetch(`${base}${seamlessPath(op)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-merchant': 'demo',
        'x-vendor': VENDOR,
        'x-timestamp': timestamp,
        'x-signature': signSeamless(SECRET, timestamp, raw),
      },
      body: raw,
    });
    if (!response.ok) throw new Error(`${op} answered ${response.status}: ${await response.text()}`);
  };
  const debitStart = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < bets.length) {
        const bet = bets[next];
        next += 1;
        // The test machines' PostgreSQL runs with autovacuum off: without statistics, the planner took a 2-column
        // prefix of vendor_transactions_by_round for the seamless call's primary-key update and the debits slowed from
        // about 425/s to 65/s by the 85,000th. The bench stands in for autovacuum's analyze as the tables grow.
        if (next % 10_000 === 0) await db.query('ANALYZE vendor_transactions, game_rounds, ledger_transfers');
        await signedPost('debit', {
          sessionToken: bet.player.token,
          playerId: bet.player.playerId,
          currency,
          transactionId: `${bet.roundId}:bet`,
          roundId: bet.roundId,
          gameCode: GAME,
          amount: '2.00',
        });
      }
    }),
  );
  const debitSeconds = (Date.now() - debitStart) / 1000;
  console.error(`setup: ${BETS} stakes debited through the seamless protocol in ${fmt(debitSeconds)} s`);

  // The RGS's side of each placed bet: its round (OPEN), its debit (DONE) and the bet (PLACED), in chunks.
  const odds = JSON.stringify({ win: 97_500 });
  for (let i = 0; i < bets.length; i += 10_000) {
    const chunk = bets.slice(i, i + 10_000);
    const ids = chunk.map((b) => b.roundId);
    await rgsDb.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO rounds (id, operator, player_id, currency, mode, game_code, family, session_id, params, bet_minor,
           bet_transaction_id, state, created_at, wallet)
         SELECT t.id, 'demo', t.player, $4, 'real', $5, 'lottery', t.session, '{}'::jsonb, 200, t.id || ':bet', 'OPEN',
           now(), 'seamless'
         FROM unnest($1::text[], $2::text[], $3::text[]) AS t (id, player, session)`,
        [ids, chunk.map((b) => b.player.playerId), chunk.map((b) => b.player.idHash), currency, GAME],
      );
      await tx.query(
        `INSERT INTO platform_calls (transaction_id, round_id, op, amount_minor, status, attempts, created_at, updated_at)
         SELECT id || ':bet', id, 'debit', 200, 'DONE', 1, now(), now() FROM unnest($1::text[]) AS t (id)`,
        [ids],
      );
      await tx.query(
        `INSERT INTO lottery_bets (round_id, operator, player_id, currency, lottery_code, issue_no, method, picks,
           unit_minor, multiple, ticket_count, cost_minor, odds_id, odds_version, odds, state, created_at)
         SELECT t.id, 'demo', t.player, $4, $5, $6, 'd5.position', t.picks::jsonb, 200, 1, 1, 200, 'd5:pg1950', 1,
           $7::jsonb, 'PLACED', now()
         FROM unnest($1::text[], $2::text[], $3::text[]) AS t (id, player, picks)`,
        [
          ids,
          chunk.map((b) => b.player.playerId),
          chunk.map((b) => JSON.stringify(b.picks)),
          currency,
          GAME,
          issue.issue_no,
          odds,
        ],
      );
    });
  }
  await rgsDb.query('ANALYZE');
  await db.query('ANALYZE');
  // As before pgbench: the setup's dirty pages written out, so the settlement does not pay for the setup's checkpoint.
  await settle();
  const checkpointsOf = async () =>
    Number((await db.query('SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter')).rows[0].n);
  const checkpointsBefore = await checkpointsOf();
  // The WAL the settlement writes (the whole server's, as pgbench's is): records, full-page images and bytes.
  const walOf = async () =>
    (
      await db.query(
        'SELECT wal_records::bigint AS records, wal_fpi::bigint AS fpi, wal_bytes::bigint AS bytes FROM pg_stat_wal',
      )
    ).rows[0];
  const walBefore = await walOf();

  // The draw: the clock goes to the issue's draw time; the stages draw it and settle it.
  offsetMs = issue.draw_at.getTime() + 200 - Date.now();
  await lottery.issues.ensureSchedule();
  await lottery.issues.openAndClose();
  // PROFILE=<file>: a CPU profile of the platform's and the RGS's process over the draw and the settlement.
  const profiler =
    process.env.PROFILE === undefined ? undefined : new (await import('node:inspector/promises')).Session();
  if (profiler !== undefined) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const started = process.hrtime.bigint();
  for (;;) if ((await lottery.issues.drawDue()).length === 0) break;
  const drawnAtMs = clock.now();
  for (;;) {
    const drawn = await lottery.issues.drawnIssues();
    if (drawn.length === 0) break;
    for (const key of drawn) await lottery.settlement.settleIssue(key);
  }
  // Settled means answered: calls that got no answer the first time wait for the RGS's own retries, and the clock
  // runs until the last of them has its answer (or PENDING_LIMIT_MS passes, and the bench says so).
  const pendingOf = async () =>
    (
      await rgsDb.query(
        `SELECT count(*)::int AS n FROM platform_calls c JOIN lottery_bets b ON b.round_id = c.round_id
         WHERE b.issue_no = $1 AND c.op <> 'debit' AND c.status = 'PENDING'`,
        [issue.issue_no],
      )
    ).rows[0].n;
  const waitingSince = Date.now();
  let pending = await pendingOf();
  while (pending > 0 && Date.now() - waitingSince < PENDING_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    pending = await pendingOf();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const checkpoints = (await checkpointsOf()) - checkpointsBefore;
  const walAfter = await walOf();
  const wal = Object.fromEntries(
    ['records', 'fpi', 'bytes'].map((k) => [k, Number(walAfter[k]) - Number(walBefore[k])]),
  );
  if (profiler !== undefined) {
    const { profile } = await profiler.post('Profiler.stop');
    (await import('node:fs')).writeFileSync(process.env.PROFILE, JSON.stringify(profile));
  }

  const { rows: states } = await rgsDb.query(
    `SELECT b.state, count(*)::int AS n, count(*) FILTER (WHERE b.win_minor > 0)::int AS winners,
       coalesce(sum(b.win_minor), 0)::bigint AS won FROM lottery_bets b WHERE b.lottery_code = $1 AND b.issue_no = $2
     GROUP BY b.state`,
    [GAME, issue.issue_no],
  );
  const { rows: calls } = await rgsDb.query(
    `SELECT c.op, c.status, count(*)::int AS n FROM platform_calls c JOIN lottery_bets b ON b.round_id = c.round_id
     WHERE b.issue_no = $1 AND c.op <> 'debit' GROUP BY c.op, c.status`,
    [issue.issue_no],
  );
  const { rows: latency } = await rgsDb.query(
    `SELECT extract(epoch FROM c.updated_at - i.drawn_at) * 1000 AS ms
     FROM platform_calls c JOIN lottery_bets b ON b.round_id = c.round_id
       JOIN lottery_issues i ON i.lottery_code = b.lottery_code AND i.issue_no = b.issue_no
     WHERE b.issue_no = $1 AND c.op = 'credit' AND c.status = 'DONE' ORDER BY 1`,
    [issue.issue_no],
  );
  // The platform's side: every winner's credit once, the sum the draw says.
  const { rows: platformRows } = await db.query(
    `SELECT kind, status, count(*)::int AS n, coalesce(sum(amount_minor), 0)::bigint AS total FROM vendor_transactions
     WHERE vendor_code = $1 AND round_id LIKE $2 GROUP BY kind, status ORDER BY kind, status`,
    [VENDOR, `lb-${run}-%`],
  );
  const ms = latency.map((r) => Number(r.ms));
  process.stdout.write(
    `RESULT ${JSON.stringify(
      {
        issueNo: issue.issue_no,
        debitSeconds,
        seconds,
        pending,
        checkpoints,
        wal,
        drawnAtMs,
        states,
        calls,
        platform: platformRows,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        max: ms[ms.length - 1] ?? NaN,
      },
      (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
    )}\n`,
  );
  await rgsApp.close();
  await app.close();
  await db.close();
};

const runChild = (platformSchema, rgsSchema) =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', platformSchema, rgsSchema],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => {
      const match = /RESULT (.*)\n/.exec(out);
      if (code === 0 && match) resolve(JSON.parse(match[1]));
      else reject(new Error(`the bench process exited with ${code}:\n${out}`));
    });
  });

const pgbench = async () => {
  const name = `bench_pgbench_${process.pid}_${Date.now() % 100000}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(URL_BASE);
  url.pathname = `/${name}`;
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', String(CONNECTIONS), url.toString()], { stdio: 'pipe' });
    await settle();
    const out = execFileSync(
      'pgbench',
      [
        '-b',
        'tpcb-like',
        '-M',
        'extended',
        '-c',
        String(CONNECTIONS),
        '-j',
        '2',
        '-T',
        String(SECONDS),
        url.toString(),
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tps = /tps = ([\d.]+)/.exec(out);
    if (tps === null) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(tps[1]);
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name}`);
  }
};

const audit = async (schema) => {
  const { openPostgres } = await import('@platform/server');
  const { auditLedger } = await import('../apps/server/src/modules/money/ledger/index.ts');
  const db = await openPostgres({ url: URL_BASE, schema, maxConnections: 2 });
  return auditLedger(db).finally(() => db.close());
};

const main = async () => {
  console.log(
    `bench/lottery: ${BETS} bets on one issue of ${GAME} from ${MEMBERS} members, ${CONNECTIONS} connections, ` +
      `platform pool ${POOL}, PostgreSQL at ${new URL(URL_BASE).host}`,
  );
  const tag = `${process.pid}_${Date.now() % 100000}`;
  const platformSchema = `bench_lottery_p_${tag}`;
  const rgsSchema = `bench_lottery_r_${tag}`;
  try {
    const r = await runChild(platformSchema, rgsSchema);
    const settled = r.states.find((s) => s.state === 'SETTLED');
    const perSecond = (settled?.n ?? 0) / r.seconds;
    console.log(
      `issue ${r.issueNo}: drawn and settled in ${fmt(r.seconds, 1)} s: ${settled?.n ?? 0} bets SETTLED ` +
        `(${settled?.winners ?? 0} winners, ${fmt(Number(settled?.won ?? 0) / 100, 2)} won); bets in other states: ` +
        `${JSON.stringify(r.states.filter((s) => s.state !== 'SETTLED'))}`,
    );
    const perBet = (n) => fmt(n / Math.max(1, settled?.n ?? 0), 1);
    console.log(
      `WAL over the settlement: ${fmt(r.wal.bytes / 2 ** 20)} MiB, per bet ${perBet(r.wal.records)} records, ` +
        `${perBet(r.wal.fpi)} full-page images, ${perBet(r.wal.bytes)} bytes; checkpoints ${r.checkpoints}`,
    );
    console.log(`platform calls: ${r.calls.map((c) => `${c.op} ${c.status} ${c.n}`).join(', ')}`);
    if (r.pending > 0) {
      console.log(`NOT ALL ANSWERED: ${r.pending} calls still waited for a retry when the clock stopped`);
      process.exitCode = 1;
    }
    const wins = r.platform.find((row) => row.kind === 'WIN');
    console.log(
      `platform: ${r.platform.map((row) => `${row.kind} ${row.status} ${row.n}`).join(', ')}; ` +
        `${fmt(Number(wins?.total ?? 0) / 100, 2)} credited ` +
        `(${Number(wins?.total ?? 0) === Number(settled?.won ?? -1) ? 'equal to' : 'DIFFERENT FROM'} the wins drawn)`,
    );
    console.log(`settled bets/s: ${fmt(perSecond)}`);
    console.log(
      `draw to credited (winners): p50 ${fmt(r.p50 ?? NaN)} ms, p99 ${fmt(r.p99 ?? NaN)} ms, max ${fmt(r.max ?? NaN)} ms`,
    );
    const violations = await audit(platformSchema);
    console.log(`ledger audit: ${violations.length === 0 ? 'clean' : `${violations.length} violations`}`);
    await settle();
    const tps = await pgbench();
    console.log(`pgbench tpcb-like -M extended -c ${CONNECTIONS} -s ${CONNECTIONS}: ${fmt(tps)} tps`);
    console.log(`settled bets/s / pgbench tps: ${fmt(perSecond / tps, 2)} (goal >= 2)`);
  } finally {
    await admin(`DROP SCHEMA IF EXISTS ${platformSchema} CASCADE`);
    await admin(`DROP SCHEMA IF EXISTS ${rgsSchema} CASCADE`);
  }
};

if (process.argv[2] === '--serve') await serve(process.argv[3], process.argv[4]);
else await main();
