#!/usr/bin/env node
// Realtime fan-out (issue 22, ADR 0039). Every server and every load generator is its own process
// (bench/realtime-roles.mjs):
//  - platform nodes (role `node`): the real app on PostgreSQL (BENCH_DATABASE_URL, default a `bench_realtime`
//    database, created and seeded on first use); every socket authenticates through the platform's handshake with a
//    session token of its own member (sessions written straight into the database: N argon2 logins would measure the
//    hasher); pushes go through the realtime module's publish API (`app.realtime.publisher`, what the wallet's
//    `wallet.changed` and the inbox use) and the message through the inbox's broadcast event (`inbox.broadcast`);
//  - a bare Socket.IO server (role `bare`), no authentication, no platform, the same sockets, rooms and schedule:
//    the baseline of the same run;
//  - CLIENT_PROCESSES lean clients (role `client`): engine.io/socket.io frames over `ws`, websocket transport only;
//    each records its arrivals locally and hands them over in one message at the end.
// Times are process.hrtime (CLOCK_MONOTONIC, one clock for every process of the machine): a push's latency is its
// receipt in a client minus the moment the node pushed it.
// Measures: balance updates paced at RATE a second (default 2,000: above the 1,300 to 1,800 wallet calls a second the
// seamless wallet bench reached, ADR 0013), then the same N balance updates all in one tick (the worst case, for comparison), then one
// message broadcast to the merchant's segment (every member). Runs on one node, then two nodes on the Socket.IO
// Redis adapter (REDIS_URL) with the sockets split between them and every push published on node A.
// Prints delivered/sent (counted per member, duplicates apart), p50/p99/max, the ratio to the bare server's p99, and
// server heap per socket. Goal: paced balance and message p99 ≤ 200 ms, all delivered.
// Run: `npm run bench:realtime` (N=10000; N=1000 for a quick look). PROFILE_DIR=dir: CPU profiles of the nodes and
// the clients over the pushes.
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DATABASE_URL, PROFILE_DIR, RATE, now, sleep } from './realtime-roles.mjs';

const N = Number(process.env.N ?? 10_000);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENTS = Number(process.env.CLIENT_PROCESSES ?? 3);
/** How many members get the whole `wallet.changed` path (balance read from the database, then the push), paced. */
const FULL_PATH = Number(process.env.FULL_PATH ?? 1000);
const GOAL_MS = 200;

await main();

async function main() {
  const { openPostgres } = await import('@platform/server');
  const seed = await prepareDatabase(openPostgres);
  let nextId = 0;
  const rpc = (child, message) =>
    new Promise((resolve) => {
      const id = (nextId += 1);
      const onMessage = (answer) => {
        if (answer.id !== id) return;
        child.off('message', onMessage);
        resolve(answer);
      };
      child.on('message', onMessage);
      child.send({ ...message, id });
    });
  const roles = fileURLToPath(new URL('./realtime-roles.mjs', import.meta.url));
  const start = (kind, extra = {}) =>
    new Promise((resolve, reject) => {
      const child = fork(roles, [kind, JSON.stringify(extra)]);
      child.once('message', (message) => (message.type === 'ready' ? resolve({ child, url: message.url }) : undefined));
      child.once('exit', (code) => reject(new Error(`${kind} exited (${code})`)));
    });

  // The first node migrates (and on a new database seeds the demo merchant); the members and sessions come after.
  const first = await start('node', { seed });
  const db = await openPostgres({ url: DATABASE_URL });
  const members = await seedSessions(db, N);
  const merchantId = members[0].merchantId;
  const rooms = members.map((m) => `member:${m.merchantId}:${m.member}`);

  const clients = () => Array.from({ length: CLIENTS }, () => fork(roles, ['client']));
  const all = async (children, make) => Promise.all(children.map((child, i) => rpc(child, make(i))));
  const connect = async (children, urlOf) => {
    const answers = await all(children, (c) => ({
      type: 'open',
      sockets: members
        .map((m, index) => ({ index, url: urlOf(m), auth: { token: m.token, member: m.member, merchantId } }))
        .filter((_, index) => index % CLIENTS === c),
    }));
    return answers.reduce((sum, a) => sum + a.open, 0);
  };
  /** One push of N deliveries: tells the clients what to expect, asks the origin to push, waits, collects. */
  let nodeOf = null;
  /** The servers besides the origin whose CPU time a push counts (node B). */
  let others = [];
  const measure = async (children, origin, kind, request, expected = N) => {
    await all(children, () => ({ type: 'expect', kind, size: N }));
    if (PROFILE_DIR) await Promise.all([origin, ...children].map((c) => rpc(c, { type: 'profile-start' })));
    const servers = [origin, ...others];
    await Promise.all(servers.map((server) => rpc(server, { type: 'cpu-start' })));
    const { sentAt } = await rpc(origin, request);
    const deadline = now() + 30_000;
    for (;;) {
      const counts = await all(children, () => ({ type: 'count', kind }));
      if (counts.reduce((sum, c) => sum + c.count, 0) >= expected || now() > deadline) break;
      await sleep(100);
    }
    await sleep(300);
    const cpu = await Promise.all(servers.map((server) => rpc(server, { type: 'cpu-stop' })));
    if (PROFILE_DIR) {
      const label = `${request.label}-${request.type}`;
      await Promise.all([origin, ...children].map((c) => rpc(c, { type: 'profile-stop', label })));
    }
    const answers = await all(children, () => ({ type: 'collect', kind }));
    const got = answers.flatMap((a) => a.got);
    const latencies = got.map(([index, at]) => at - sentAt[index]).sort((a, b) => a - b);
    const pct = (p, list = latencies) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
    // Two nodes: the p99 of the sockets each node holds (node A publishes, node B receives over Redis).
    const perNode = ['A', 'B'].map((name) =>
      got
        .filter(([index]) => nodeOf?.(members[index]) === name)
        .map(([index, at]) => at - sentAt[index])
        .sort((a, b) => a - b),
    );
    const split = nodeOf === null ? '' : `  (on A ${ms(pct(99, perNode[0]))}, on B ${ms(pct(99, perNode[1]))})`;
    const duplicates = answers.reduce((sum, a) => sum + a.duplicates, 0);
    return {
      split,
      cpuMs: cpu.reduce((sum, c) => sum + c.cpuMs, 0),
      delivered: latencies.length,
      sent: expected,
      duplicates,
      p50: pct(50),
      p99: pct(99),
      max: latencies.at(-1),
    };
  };
  const pushes = async (children, origin, label) => ({
    paced: await measure(children, origin, 'balance', { type: 'paced', rooms, label }),
    burst: await measure(children, origin, 'balance', { type: 'burst', rooms, label }),
    message: await measure(children, origin, 'message', { type: 'broadcast', merchantId, size: N, label }),
  });
  const closeAll = async (children) => Promise.all(children.map((child) => rpc(child, { type: 'close' })));
  const ms = (value) => `${Math.round(value)} ms`;
  const LINES = {
    paced: `balance at ${RATE}/s`,
    burst: `balance, ${N} at once`,
    message: 'message to the segment',
  };
  let bare = null;
  const report = (label, open, results) => {
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    console.log(`${label}: ${open}/${N} sockets authenticated and joined (load average ${load})`);
    for (const [kind, r] of Object.entries(results)) {
      const goal = kind === 'burst' ? '(comparison)' : r.p99 <= GOAL_MS && r.delivered === r.sent ? 'OK' : 'MISSED';
      const ratio = bare === null ? '' : `  ${(r.p99 / bare[kind].p99).toFixed(2)}x the bare p99`;
      console.log(
        `  ${LINES[kind].padEnd(24)} delivered/sent ${r.delivered}/${r.sent} (dup ${r.duplicates})` +
          `  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}${r.split}  max ${ms(r.max)}  server CPU ${ms(r.cpuMs)}  ${goal}${ratio}`,
      );
    }
  };
  console.log(`N=${N}, ${CLIENTS} client processes, balance updates paced at ${RATE}/s, goal p99 <= ${GOAL_MS} ms`);

  // 0. Baseline: the bare Socket.IO server.
  const baseline = await start('bare');
  let children = clients();
  const bareBefore = (await rpc(baseline.child, { type: 'heap' })).heap;
  const bareOpen = await connect(children, () => baseline.url);
  await sleep(500);
  const bareHeap = ((await rpc(baseline.child, { type: 'heap' })).heap - bareBefore) / Math.max(1, bareOpen);
  const bareResults = await pushes(children, baseline.child, 'bare');
  report('bare Socket.IO (baseline)', bareOpen, bareResults);
  console.log(`  server heap per socket ${(bareHeap / 1024).toFixed(1)} KiB`);
  bare = bareResults;
  await closeAll([...children, baseline.child]);

  // 1. One node (no Redis).
  children = clients();
  const before = (await rpc(first.child, { type: 'heap' })).heap;
  const oneOpen = await connect(children, () => first.url);
  await sleep(500);
  const after = (await rpc(first.child, { type: 'heap' })).heap;
  report('one node', oneOpen, await pushes(children, first.child, 'one'));
  const perSocket = (after - before) / Math.max(1, oneOpen);
  console.log(
    `  server heap per socket ${(perSocket / 1024).toFixed(1)} KiB  ${(perSocket / bareHeap).toFixed(2)}x the bare server's`,
  );
  const sample = members.slice(0, FULL_PATH).map((m) => m.member);
  const full = await measure(
    children,
    first.child,
    'balance',
    { type: 'walletChanged', merchantId, members: sample, label: 'one' },
    sample.length,
  );
  console.log(
    `  wallet.changed (balance read from PostgreSQL, then pushed) for ${sample.length} members at ${RATE}/s:` +
      ` delivered/sent ${full.delivered}/${full.sent}  p50 ${ms(full.p50)}  p99 ${ms(full.p99)}  max ${ms(full.max)}` +
      `  server CPU ${ms(full.cpuMs)}`,
  );
  await closeAll([...children, first.child]);

  // 2. Two nodes on the Redis adapter; every push published on node A, half the sockets on node B.
  try {
    const a = await start('node', { env: { REDIS_URL } });
    const b = await start('node', { env: { REDIS_URL } });
    children = clients();
    nodeOf = (m) => (Number(m.member) % 2 === 0 ? 'A' : 'B');
    others = [b.child];
    const twoOpen = await connect(children, (m) => (nodeOf(m) === 'A' ? a.url : b.url));
    await sleep(500);
    report('two nodes (Redis)', twoOpen, await pushes(children, a.child, 'two'));
    await closeAll([...children, a.child, b.child]);
  } catch (error) {
    console.log(`two nodes: skipped (${error.message}); set REDIS_URL to a running Redis`);
  }
  await db.close();
  process.exit(0);
}

/** Creates the bench database if it does not exist; true when it is new (the first node seeds the demo merchant). */
async function prepareDatabase(openPostgres) {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = await openPostgres({ url: url.toString() });
  const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rows.length === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.close();
  if (rows.length === 0) return true;
  const db = await openPostgres({ url: DATABASE_URL });
  const { rows: merchants } = await db.query(`SELECT to_regclass('merchants') IS NOT NULL AS ready`);
  const seeded = merchants[0].ready
    ? (await db.query(`SELECT 1 FROM merchants WHERE code = 'demo'`)).rows.length > 0
    : false;
  await db.close();
  return !seeded;
}

/** N members of the demo merchant, each with a live session whose token the sockets send. */
async function seedSessions(db, n) {
  const { rows } = await db.query(`SELECT id FROM merchants WHERE code = 'demo'`);
  const merchantId = Number(rows[0].id);
  const tag = randomBytes(3).toString('hex');
  const { rows: ids } = await db.query(
    `INSERT INTO members (merchant_id, username, user_type)
     SELECT $1, 'rt' || $2 || '_' || g, 0 FROM generate_series(1, $3) g RETURNING id`,
    [merchantId, tag, n],
  );
  const members = ids.map(({ id }) => ({
    merchantId,
    member: String(id),
    token: randomBytes(32).toString('base64url'),
  }));
  for (let i = 0; i < members.length; i += 1000) {
    const chunk = members.slice(i, i + 1000);
    await db.query(
      `INSERT INTO member_sessions (merchant_id, member_id, token_hash, method, created_at, last_seen_at, expires_at, ip)
       SELECT $1, m, h, 'PASSWORD', now(), now(), now() + interval '1 day', '127.0.0.1'
       FROM unnest($2::bigint[], $3::bytea[]) AS t(m, h)`,
      [merchantId, chunk.map((m) => m.member), chunk.map((m) => createHash('sha256').update(m.token).digest())],
    );
  }
  return members;
}
