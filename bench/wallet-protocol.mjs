#!/usr/bin/env node
// The seamless wallet protocol against pgbench on the same PostgreSQL, in the same run (DESIGN.md §10, issue 6):
//  1. starts the platform in a child process on PostgreSQL (a schema of its own), listening on 127.0.0.1, with MEMBERS
//     members who have cash and an RGS game session each;
//  2. after one round per member (a running system has seen its players: their game session and accounts are in its
//     caches), a WARMUP (3 s) of the same load and an ANALYZE (a running system has statistics on its rounds), drives it
//     over HTTP with autocannon from this process, CONNECTIONS connections for SECONDS seconds, each
//     connection playing slot rounds as the RGS does: a signed debit (the bet) then a signed credit (a win of 0.01 to
//     2x the bet, endRound), on a random member; every call is one ledger transfer. Prints calls/s (= transfers/s),
//     rounds/s (a round is 2 calls) and latency (goal: p99 <= 50 ms), then audits the ledger;
//  3. runs pgbench's tpcb-like script (-M extended, CONNECTIONS clients, scale CONNECTIONS) on a database of its own;
//     prints calls/s divided by pgbench tps (goal >= 0.7).
// Run: `npm run bench:wallet-protocol` (BENCH_DATABASE_URL, SECONDS=10, CONNECTIONS=32, MEMBERS=2000, POOL=10 to change;
// POOL is the platform's connection pool, 10 being the production default; PROFILE=<dir> writes the platform's CPU
// profile there). Everything it creates (a schema, a database
// for pgbench, a temp file) is dropped after. Absolute numbers move with the machine; compare the ratio.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { seamlessPath } from '@platform/contracts';

const URL_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const MEMBERS = Number(process.env.MEMBERS ?? 2000);
const POOL = Number(process.env.POOL ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);
/** A directory: the platform process writes a CPU profile there (node --cpu-prof) when it stops. */
const PROFILE = process.env.PROFILE;
const SECRET = 'bench-wallet-protocol-secret-0123456789abcdef';
const GAME = 'rgs-lucky-lanterns';
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

// ---------------------------------------------------------------------------------------------------------------------
// The platform, in a child process (`--serve <schema> <sessions file>`), so the load generator does not share its
// event loop.

const serve = async (schema, sessionsFile) => {
  const { buildApp, loadEnv, openPostgres } = await import('@platform/server');
  const { createLedgerModule } = await import('../apps/server/src/modules/money/ledger/index.ts');
  const db = await openPostgres({ url: URL_BASE, schema, maxConnections: POOL });
  const app = await buildApp({
    // Not production: that refuses to start without its secrets and seeds no demo merchant (ADR 0016).
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: join(tmpdir(), 'no-web-build') }),
    db,
    logger: false,
    vendorSecret: (merchantCode, vendorCode) => (merchantCode === 'demo' && vendorCode === 'RGS' ? SECRET : undefined),
  });
  const { rows: merchants } = await db.query("SELECT id, currency_code FROM merchants WHERE code = 'demo'");
  const merchantId = merchants[0].id;
  const currency = merchants[0].currency_code;
  const { rows: games } = await db.query('SELECT id FROM games WHERE merchant_id = $1 AND game_code = $2', [
    merchantId,
    GAME,
  ]);
  const { rows: members } = await db.query(
    `INSERT INTO members (merchant_id, username, user_type)
     SELECT $1, 'bench_' || g, 0 FROM generate_series(1, $2::integer) g RETURNING id`,
    [merchantId, MEMBERS],
  );
  const ledger = createLedgerModule({ db, groupCommit: false }).service;
  const system = { merchantId, ownerKind: 'MERCHANT', ownerId: 0n, currency };
  const cashier = await ledger.openAccount({ ...system, purpose: 'CASHIER' });
  const sessions = [];
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
       VALUES ($1, $2, $3, $4, 'RGS', $5, $6, $7, false, now() + interval '1 day')`,
      [merchantId, createHash('sha256').update(token).digest('hex'), id, playerId, games[0].id, GAME, currency],
    );
    sessions.push({ sessionToken: token, playerId, currency });
  }
  // What a running system has: statistics (ADR 0010, "the tenfold slowdown").
  await db.exec('ANALYZE');
  writeFileSync(sessionsFile, JSON.stringify(sessions));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`READY ${app.server.address().port}\n`);
  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
};

// ---------------------------------------------------------------------------------------------------------------------
// The load generator and the baseline.

const startServer = (schema, sessionsFile) =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(PROFILE === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`]),
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--serve',
        schema,
        sessionsFile,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /READY (\d+)/.exec(out);
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`the platform exited with ${code} before it was ready`)));
  });

const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** Headers of a signed call, as the RGS sends them. */
const signed = (body) => {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
  return {
    'content-type': 'application/json',
    'x-merchant': 'demo',
    'x-vendor': 'RGS',
    'x-timestamp': timestamp,
    'x-signature': signature,
  };
};

const drive = (base, sessions, seconds) => {
  let seq = 0;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const refused = new Map();
  const onResponse = (status, body) => {
    if (status === 200) return;
    const code = (() => {
      try {
        return JSON.parse(body).code;
      } catch {
        return `HTTP ${status}`;
      }
    })();
    refused.set(code, (refused.get(code) ?? 0) + 1);
  };
  const debit = {
    method: 'POST',
    path: seamlessPath('debit'),
    setupRequest: (request, context) => {
      seq += 1;
      const session = sessions[Math.floor(Math.random() * sessions.length)];
      const cents = 10 + Math.floor(Math.random() * 990);
      context.round = { session, bet: `b-${run}-${seq}`, roundId: `slot-${run}-${seq}`, cents };
      const body = JSON.stringify({
        ...session,
        transactionId: context.round.bet,
        roundId: context.round.roundId,
        gameCode: GAME,
        amount: (cents / 100).toFixed(2),
      });
      return { ...request, headers: signed(body), body };
    },
    onResponse,
  };
  const credit = {
    method: 'POST',
    path: seamlessPath('credit'),
    setupRequest: (request, context) => {
      const { session, bet, roundId, cents } = context.round;
      const win = 1 + Math.floor(Math.random() * 2 * cents);
      const body = JSON.stringify({
        ...session,
        transactionId: `w${bet.slice(1)}`,
        betTransactionId: bet,
        roundId,
        amount: (win / 100).toFixed(2),
        endRound: true,
      });
      return { ...request, headers: signed(body), body };
    },
    onResponse,
  };
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base, connections: CONNECTIONS, pipelining: 1, duration: seconds, requests: [debit, credit] },
      (error, result) => (error ? reject(error) : resolve({ result, refused })),
    );
  });
};

/** One round (debit, then credit) per member, CONNECTIONS at a time. */
const prime = async (base, sessions) => {
  const run = `prime-${process.pid}`;
  const call = async (op, body) => {
    const text = JSON.stringify(body);
    const response = await fetch(`${base}${seamlessPath(op)}`, { method: 'POST', headers: signed(text), body: text });
    if (!response.ok) throw new Error(`priming ${op} answered ${response.status}: ${await response.text()}`);
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < sessions.length) {
        const index = next;
        next += 1;
        const session = sessions[index];
        const round = { transactionId: `b-${run}-${index}`, roundId: `slot-${run}-${index}` };
        await call('debit', { ...session, ...round, gameCode: GAME, amount: '1.00' });
        await call('credit', {
          ...session,
          transactionId: `w-${run}-${index}`,
          betTransactionId: round.transactionId,
          roundId: round.roundId,
          amount: '0.50',
          endRound: true,
        });
      }
    }),
  );
};

const pgbench = async () => {
  const db = `bench_pgbench_${process.pid}_${Date.now() % 100000}`;
  await admin(`CREATE DATABASE ${db}`);
  const url = new URL(URL_BASE);
  url.pathname = `/${db}`;
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
    const latency = /latency average = ([\d.]+) ms/.exec(out);
    return { tps: Number(tps[1]), latencyMs: latency === null ? NaN : Number(latency[1]) };
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${db}`);
  }
};

const seamlessTransfers = async (schema) =>
  Number((await admin(`SELECT count(*) AS n FROM ${schema}.ledger_transfers WHERE source = 'seamless:RGS'`)).rows[0].n);

/** The ledger's invariants (ADR 0010) over everything the run wrote. */
const audit = async (schema) => {
  const { openPostgres } = await import('@platform/server');
  const { auditLedger } = await import('../apps/server/src/modules/money/ledger/index.ts');
  const db = await openPostgres({ url: URL_BASE, schema, maxConnections: 2 });
  try {
    return await auditLedger(db);
  } finally {
    await db.close();
  }
};

const main = async () => {
  console.log(
    `bench/wallet-protocol: ${SECONDS}s runs, ${CONNECTIONS} connections, ${MEMBERS} members, platform pool ${POOL}, ` +
      `PostgreSQL at ${new URL(URL_BASE).host}`,
  );
  const schema = `bench_wallet_${process.pid}_${Date.now() % 100000}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-wallet-'));
  const sessionsFile = join(dir, 'sessions.json');
  let server;
  try {
    server = await startServer(schema, sessionsFile);
    const sessions = JSON.parse(readFileSync(sessionsFile, 'utf8'));
    // A running system has seen its players (their sessions and account ids are cached), has rounds behind it and
    // statistics on them (autovacuum's ANALYZE; on PGlite the planner job): measured on empty vendor tables, the cached
    // generic plans pick an index by merchant alone (ADR 0010).
    await prime(server.base, sessions);
    await drive(server.base, sessions, WARMUP);
    await admin(`ANALYZE ${schema}.vendor_transactions, ${schema}.game_rounds, ${schema}.ledger_transfers`);
    const before = await seamlessTransfers(schema);
    await settle();
    const { result, refused } = await drive(server.base, sessions, SECONDS);
    await stop(server.child);
    server = undefined;
    const transfers = (await seamlessTransfers(schema)) - before;
    const calls = result.requests.average;
    const ok = result['2xx'];
    console.log(
      `seamless debit+credit over HTTP: ${fmt(calls)} calls/s (= transfers/s), ${fmt(calls / 2)} rounds/s; ` +
        `${ok} calls answered 200, ${result.non2xx} refused, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
    if (refused.size > 0) console.log(`refusals: ${JSON.stringify(Object.fromEntries(refused))}`);
    console.log(
      `latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms (goal p99 <= 50 ms)`,
    );
    const violations = await audit(schema);
    console.log(
      `ledger: ${transfers} seamless transfers in the run (${fmt(transfers / SECONDS)}/s; calls still in flight when ` +
        `the run ended count too), audit ${violations.length === 0 ? 'clean' : `${violations.length} violations`}`,
    );
    const base = await pgbench();
    console.log(
      `pgbench tpcb-like -M extended -c ${CONNECTIONS} -s ${CONNECTIONS}: ${fmt(base.tps)} tps ` +
        `(latency average ${fmt(base.latencyMs, 1)} ms)`,
    );
    console.log(`calls/s / pgbench tps: ${fmt(calls / base.tps, 2)} (goal >= 0.7)`);
  } finally {
    if (server !== undefined) await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
};

if (process.argv[2] === '--serve') await serve(process.argv[3], process.argv[4]);
else await main();
