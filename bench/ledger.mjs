#!/usr/bin/env node
// Ledger throughput against baselines measured in the same run (DESIGN.md §10, issue 4):
//  1. pgbench's built-in tpcb-like script (-M extended, 8 clients, scale 8 so clients do not all queue on one
//     branch row) on a database of its own, on the same PostgreSQL;
//  2. the ledger's bet+win workload (each round: a bet from a member's CASH to a sharded HOUSE account, then a win
//     back, each its own post with its own idempotency key) with 8 clients on the same PostgreSQL, with and without
//     group commit; prints ledger transfers/s divided by pgbench tps (goal >= 1.0);
//  3. the same workload at one client on PGlite (on disk, as in embedded mode) and on PostgreSQL; prints
//     PGlite / PostgreSQL (goal >= 0.7).
// Each comparison runs in ROUNDS rounds that alternate baseline and workload (pgbench, group commit, one statement
// per post; PostgreSQL then PGlite at one client), and prints every round's ratio and their median: on a shared
// machine the speed drifts by a third within a minute, and a baseline measured a minute before its workload
// measures the drift as much as the ledger.
// Run: `node --import tsx bench/ledger.mjs` (BENCH_DATABASE_URL, SECONDS=5 per measured run, ROUNDS=3, CLIENTS=8,
// MEMBERS=1000 to change; IN_FLIGHT=n runs the group-commit phase with n batches in flight instead of the platform's
// default). Everything it creates (a database for pgbench, a schema for the ledger, a temp dir for PGlite) is dropped
// after.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '@platform/server';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createLedgerModule } from '../apps/server/src/modules/money/ledger/index.ts';

const URL_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CLIENTS = Number(process.env.CLIENTS ?? 8);
const MEMBERS = Number(process.env.MEMBERS ?? 1000);
// Group commit as the platform runs it on PostgreSQL (ledger/index.ts), or IN_FLIGHT batches at once.
const GROUP_COMMIT = process.env.IN_FLIGHT === undefined ? {} : { maxInFlight: Number(process.env.IN_FLIGHT) };
const suffix = `${process.pid}_${Date.now() % 100000}`;
const fmt = (n, digits = 0) => n.toFixed(digits);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const list = (values, digits = 0) => values.map((value) => fmt(value, digits)).join(', ');

const admin = async (sql) => {
  const client = new pg.Client({ connectionString: URL_BASE });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/**
 * Lets the disk settle before a measured run: a checkpoint, the kernel's dirty pages written out, a short pause.
 * Without it a run measures the write-back of the one before it (pgbench's CREATE and DROP DATABASE force
 * checkpoints; fsync latency then rose from under 1 ms to about 7 ms here, and the next run looked ten times slower).
 */
const settle = async () => {
  await admin('CHECKPOINT');
  execFileSync('sync');
  await new Promise((resolve) => setTimeout(resolve, 2000));
};

/** A pgbench database of scale CLIENTS; returns a function that runs tpcb-like once and answers its tps. */
const pgbenchDatabase = async () => {
  const db = `bench_pgbench_${suffix}`;
  await admin(`CREATE DATABASE ${db}`);
  const url = new URL(URL_BASE);
  url.pathname = `/${db}`;
  execFileSync('pgbench', ['-i', '-q', '-s', String(CLIENTS), url.toString()], { stdio: 'pipe' });
  const run = async () => {
    await settle();
    const out = execFileSync(
      'pgbench',
      ['-b', 'tpcb-like', '-M', 'extended', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), url.toString()],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tps = /tps = ([\d.]+)/.exec(out);
    if (tps === null) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(tps[1]);
  };
  return { run, drop: () => admin(`DROP DATABASE IF EXISTS ${db}`) };
};

/** A merchant, a sharded HOUSE:RGS, a cashier and MEMBERS funded members; returns what the workload needs. */
const setup = async (db, groupCommit) => {
  await migrate(db);
  const { rows } = await db.query(
    `INSERT INTO merchants (code, name, default_language, currency_code, logo_url, main_domain, lottery_type,
       esport_game, cockfight_game) VALUES ('bench', 'bench', 'EN', 'USD', '/l.png', 'bench.test', 'x', 'x', 'x')
     ON CONFLICT (code) DO UPDATE SET name = 'bench' RETURNING id`,
  );
  const merchantId = rows[0].id;
  const ledger = createLedgerModule({ db, groupCommit }).service;
  const system = { merchantId, ownerKind: 'MERCHANT', ownerId: 0n, currency: 'USD' };
  const house = await ledger.openAccount({ ...system, purpose: 'HOUSE:RGS' }, { shards: 32 });
  const cashier = await ledger.openAccount({ ...system, purpose: 'CASHIER' }, { shards: 4 });
  const members = [];
  for (let i = 1; i <= MEMBERS; i += 1) {
    const account = await ledger.openAccount({
      merchantId,
      ownerKind: 'MEMBER',
      ownerId: BigInt(i),
      purpose: 'CASH',
      currency: 'USD',
    });
    await ledger.post({
      merchantId,
      source: 'bench.seed',
      idempotencyKey: `seed-${i}`,
      legs: [{ debitAccountId: cashier.id, creditAccountId: account.id, amountMinor: 10n ** 12n, code: 'DEPOSIT' }],
    });
    members.push(account.id);
  }
  // What a running system has: statistics. On PostgreSQL autovacuum would ANALYZE within its nap time (a minute), on
  // PGlite the platform's planner-statistics job does; measured without them, a generic plan cached on the empty
  // table can find idempotency keys by merchant alone and the run measures that plan instead (ADR 0010).
  await db.exec('ANALYZE ledger_transfers, ledger_accounts');
  return { merchantId, house: house.id, members };
};

/** `clients` loops of bet then win on random members for `seconds`; returns transfers per second. */
const betWin = async (db, world, clients, seconds, groupCommit, label) => {
  await settle();
  const ledger = createLedgerModule({ db, groupCommit }).service;
  const { merchantId, house, members } = world;
  let transfers = 0;
  let round = 0;
  const deadline = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        round += 1;
        const key = `${label}-${round}`;
        const member = members[Math.floor(Math.random() * members.length)];
        const amountMinor = BigInt(1 + Math.floor(Math.random() * 1000));
        await ledger.post({
          merchantId,
          source: 'bench.bet',
          idempotencyKey: key,
          reference: key,
          legs: [{ debitAccountId: member, creditAccountId: house, amountMinor, code: 'BET' }],
        });
        await ledger.post({
          merchantId,
          source: 'bench.win',
          idempotencyKey: key,
          reference: key,
          legs: [{ debitAccountId: house, creditAccountId: member, amountMinor: amountMinor * 2n, code: 'WIN' }],
        });
        transfers += 2;
      }
    }),
  );
  return transfers / ((performance.now() - start) / 1000);
};

const main = async () => {
  console.log(
    `bench/ledger: ${ROUNDS} rounds of ${SECONDS}s runs, ${CLIENTS} clients, ${MEMBERS} members, PostgreSQL at ${new URL(URL_BASE).host}`,
  );
  const schema = `bench_ledger_${suffix}`;
  const bench = await pgbenchDatabase();
  const db = await openPostgres({ url: URL_BASE, schema, maxConnections: CLIENTS + 2 });
  const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-'));
  let lite;
  try {
    const world = await setup(db, false);
    lite = await openPglite({ dataDir: join(dir, 'pglite') });
    const liteWorld = await setup(lite, false);
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const tps = await bench.run();
      const grouped = await betWin(db, world, CLIENTS, SECONDS, GROUP_COMMIT, `grouped-${round}`);
      const direct = await betWin(db, world, CLIENTS, SECONDS, false, `direct-${round}`);
      const pgOne = await betWin(db, world, 1, SECONDS, false, `pg-one-${round}`);
      const liteOne = await betWin(lite, liteWorld, 1, SECONDS, false, `lite-one-${round}`);
      rounds.push({ tps, grouped, direct, pgOne, liteOne });
      console.log(
        `round ${round}: pgbench ${fmt(tps)} tps; ledger ${fmt(grouped)} transfers/s with group commit, ` +
          `${fmt(direct)} one statement per post; one client: PostgreSQL ${fmt(pgOne)}, PGlite ${fmt(liteOne)}`,
      );
    }
    const of = (key) => rounds.map((r) => r[key]);
    const groupedRatios = rounds.map((r) => r.grouped / r.tps);
    const directRatios = rounds.map((r) => r.direct / r.tps);
    const liteRatios = rounds.map((r) => r.liteOne / r.pgOne);
    console.log(`pgbench tpcb-like -M extended -c ${CLIENTS} -s ${CLIENTS}: ${list(of('tps'))} tps`);
    console.log(`ledger bet+win, ${CLIENTS} clients, group commit:            ${list(of('grouped'))} transfers/s`);
    console.log(`ledger bet+win, ${CLIENTS} clients, one statement per post:  ${list(of('direct'))} transfers/s`);
    console.log(
      `ledger / pgbench: median ${fmt(median(groupedRatios), 2)} with group commit (rounds ${list(groupedRatios, 2)}), ` +
        `${fmt(median(directRatios), 2)} without (${list(directRatios, 2)}) (goal >= 1.0)`,
    );
    console.log(
      `PGlite / PostgreSQL at one client: median ${fmt(median(liteRatios), 2)} (rounds ${list(liteRatios, 2)}) (goal >= 0.7)`,
    );
    const liteGrouped = await betWin(lite, liteWorld, CLIENTS, SECONDS, {}, 'lite-grouped');
    const liteDirect = await betWin(lite, liteWorld, CLIENTS, SECONDS, false, 'lite-direct');
    console.log(
      `PGlite, ${CLIENTS} clients: ${fmt(liteDirect)} transfers/s one statement per post, ${fmt(liteGrouped)} with group commit`,
    );
  } finally {
    await lite?.close();
    rmSync(dir, { recursive: true, force: true });
    await db.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await bench.drop();
  }
};

await main();
