#!/usr/bin/env node
// Realtime fan-out (issue 22, ADR 0039). Every server and every load generator is its own process:
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
// Measures: balance updates paced at RATE a second (default 2,000: above the ~1,300 wallet calls a second of the
// seamless wallet bench), then the same N balance updates all in one tick (the worst case, for comparison), then one
// message broadcast to the merchant's segment (every member). Runs on one node, then two nodes on the Socket.IO
// Redis adapter (REDIS_URL) with the sockets split between them and every push published on node A.
// Prints delivered/sent (counted per member, duplicates apart), p50/p99/max, the ratio to the bare server's p99, and
// server heap per socket. Goal: paced balance and message p99 ≤ 200 ms, all delivered.
// Run: `npm run bench:realtime` (N=10000; N=1000 for a quick look). PROFILE_DIR=dir: CPU profiles of the nodes and
// the clients over the pushes.
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const N = Number(process.env.N ?? 10_000);
const RATE = Number(process.env.RATE ?? 2_000);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_realtime';
const CLIENTS = Number(process.env.CLIENT_PROCESSES ?? 3);
/** How many members get the whole `wallet.changed` path (balance read from the database, then the push), paced. */
const FULL_PATH = Number(process.env.FULL_PATH ?? 1000);
const PROFILE_DIR = process.env.PROFILE_DIR;
const BALANCE = { balance: '100.00', currencySymbol: '$', currency: 'PHP', frozen: '0.00', play: false };
const GOAL_MS = 200;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const role = process.argv[2];
if (role === 'client') await client();
else if (role === 'node' || role === 'bare') await server(role);
else await main();

/** Answers the orchestrator's requests: each carries an id, the answer echoes it. */
function serve(handlers) {
  process.on('message', async (message) => {
    const answer = await handlers[message.type](message);
    process.send({ id: message.id, ...answer });
  });
}

/** The CPU profile of this process between `profile-start` and `profile-stop` (PROFILE_DIR). */
function profiler(name) {
  let session = null;
  return {
    'profile-start': async () => {
      const { Session } = await import('node:inspector/promises');
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      return {};
    },
    'profile-stop': async ({ label }) => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`${PROFILE_DIR}/${label}-${name}-${process.pid}.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
      return {};
    },
  };
}

async function client() {
  const { WebSocket } = await import('ws');
  const sockets = [];
  /** kind → receipt time per member index (NaN: nothing yet), and duplicates. */
  const arrivals = new Map();
  const record = (kind, index, at) => {
    const slot = arrivals.get(kind);
    if (slot === undefined) return;
    if (!Number.isNaN(slot.at[index])) {
      slot.duplicates += 1;
      return;
    }
    slot.at[index] = at;
    slot.count += 1;
  };
  const KINDS = { 'wallet.balance': 'balance', 'message.unread': 'message' };
  const open = ({ index, url, auth }) =>
    new Promise((resolve) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/wps/realtime/?EIO=4&transport=websocket`, {
        perMessageDeflate: false,
      });
      const timer = setTimeout(() => (ws.terminate(), resolve(false)), 60_000);
      ws.on('message', (data) => {
        const at = now();
        const text = data.toString();
        if (text === '2') ws.send('3');
        else if (text.startsWith('42')) {
          const [event] = JSON.parse(text.slice(2));
          record(KINDS[event], index, at);
        } else if (text[0] === '0') ws.send(`40${JSON.stringify(auth)}`);
        else if (text.startsWith('40') || text.startsWith('44')) {
          clearTimeout(timer);
          if (text[1] === '4') ws.close();
          resolve(text[1] === '0');
        }
      });
      ws.on('error', () => (clearTimeout(timer), resolve(false)));
      sockets.push(ws);
    });
  serve({
    ...profiler('client'),
    open: async ({ sockets: list }) => {
      let opened = 0;
      // In batches: ten thousand handshakes at once time out on a small machine; a real crowd arrives over seconds.
      for (let i = 0; i < list.length; i += 200) {
        const results = await Promise.all(list.slice(i, i + 200).map(open));
        opened += results.filter(Boolean).length;
      }
      return { open: opened, failed: list.length - opened };
    },
    expect: ({ kind, size }) => (
      arrivals.set(kind, { at: new Float64Array(size).fill(NaN), count: 0, duplicates: 0 }),
      {}
    ),
    count: ({ kind }) => ({ count: arrivals.get(kind).count }),
    collect: ({ kind }) => {
      const { at, duplicates } = arrivals.get(kind);
      const got = [];
      at.forEach((time, index) => (Number.isNaN(time) ? undefined : got.push([index, time])));
      return { got, duplicates };
    },
    close: async () => {
      for (const ws of sockets) ws.terminate();
      setTimeout(() => process.exit(0), 100);
      return {};
    },
  });
}

/** A platform node (the real app, optionally on Redis) or the bare Socket.IO server, driven by the orchestrator. */
async function server(kind) {
  let push;
  let broadcast;
  let walletChanged;
  let close;
  let url;
  if (kind === 'node') {
    const { buildApp, loadEnv, openPostgres } = await import('@platform/server');
    const extra = JSON.parse(process.argv[3]);
    const db = await openPostgres({ url: DATABASE_URL });
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      TRUSTED_PROXIES: '127.0.0.1/8',
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_URL,
      ...extra.env,
    });
    const app = await buildApp({ env, db, logger: false, demoData: extra.seed });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    push = (room) => app.realtime.publisher.push(room, 'wallet.balance', BALANCE);
    broadcast = (merchantId) => app.bus.emit('inbox.broadcast', { merchantId });
    walletChanged = (merchantId, member) => app.bus.emit('wallet.changed', { merchantId, memberId: BigInt(member) });
    close = async () => (await app.close(), await db.close());
  } else {
    const { createServer } = await import('node:http');
    const { Server } = await import('socket.io');
    const http = createServer();
    const bare = new Server(http, { path: '/wps/realtime', serveClient: false, transports: ['websocket'] });
    bare.on('connection', (socket) => {
      const { member, merchantId } = socket.handshake.auth;
      void socket.join([`member:${merchantId}:${member}`, `merchant:${merchantId}`]);
    });
    await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${http.address().port}`;
    push = (room) => bare.to(room).emit('wallet.balance', BALANCE);
    broadcast = (merchantId) => bare.to(`merchant:${merchantId}`).emit('message.unread', { unreadMessage: null });
    close = async () => (bare.close(), undefined);
  }
  /** Calls send(i) for i < count at `rate` a second (timer ticks of ~5 ms), each stamped when it is handed over. */
  const pace = async (count, rate, send) => {
    const sentAt = new Array(count);
    const start = now();
    let i = 0;
    while (i < count) {
      const due = Math.min(count, Math.floor(((now() - start) * rate) / 1000) + 1);
      for (; i < due; i += 1) {
        sentAt[i] = now();
        send(i);
      }
      if (i < count) await sleep(5);
    }
    return sentAt;
  };
  process.send({ type: 'ready', url });
  serve({
    ...profiler(kind),
    heap: () => (global.gc?.(), { heap: process.memoryUsage().heapUsed }),
    paced: async ({ rooms }) => ({ sentAt: await pace(rooms.length, RATE, (i) => push(rooms[i])) }),
    burst: ({ rooms }) => {
      const sentAt = now();
      for (const room of rooms) push(room);
      return { sentAt: rooms.map(() => sentAt) };
    },
    broadcast: ({ merchantId, size }) => {
      const sentAt = now();
      broadcast(merchantId);
      return { sentAt: Array.from({ length: size }, () => sentAt) };
    },
    walletChanged: async ({ merchantId, members }) => ({
      sentAt: await pace(members.length, RATE, (i) => walletChanged(merchantId, members[i])),
    }),
    close: async () => (await close(), setTimeout(() => process.exit(0), 100), {}),
  });
}

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
  const self = fileURLToPath(import.meta.url);
  const start = (kind, extra = {}) =>
    new Promise((resolve, reject) => {
      const child = fork(self, [kind, JSON.stringify(extra)]);
      child.once('message', (message) => (message.type === 'ready' ? resolve({ child, url: message.url }) : undefined));
      child.once('exit', (code) => reject(new Error(`${kind} exited (${code})`)));
    });

  // The first node migrates (and on a new database seeds the demo merchant); the members and sessions come after.
  const first = await start('node', { seed });
  const db = await openPostgres({ url: DATABASE_URL });
  const members = await seedSessions(db, N);
  const merchantId = members[0].merchantId;
  const rooms = members.map((m) => `member:${m.merchantId}:${m.member}`);

  const clients = () => Array.from({ length: CLIENTS }, () => fork(self, ['client']));
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
  const measure = async (children, origin, kind, request, expected = N) => {
    await all(children, () => ({ type: 'expect', kind, size: N }));
    if (PROFILE_DIR) await Promise.all([origin, ...children].map((c) => rpc(c, { type: 'profile-start' })));
    const { sentAt } = await rpc(origin, request);
    const deadline = now() + 30_000;
    for (;;) {
      const counts = await all(children, () => ({ type: 'count', kind }));
      if (counts.reduce((sum, c) => sum + c.count, 0) >= expected || now() > deadline) break;
      await sleep(100);
    }
    await sleep(300);
    if (PROFILE_DIR) {
      const label = `${request.label}-${request.type}`;
      await Promise.all([origin, ...children].map((c) => rpc(c, { type: 'profile-stop', label })));
    }
    const answers = await all(children, () => ({ type: 'collect', kind }));
    const latencies = answers.flatMap((a) => a.got.map(([index, at]) => at - sentAt[index])).sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
    const duplicates = answers.reduce((sum, a) => sum + a.duplicates, 0);
    return {
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
    console.log(`${label}: ${open}/${N} sockets authenticated and joined`);
    for (const [kind, r] of Object.entries(results)) {
      const goal = kind === 'burst' ? '(comparison)' : r.p99 <= GOAL_MS && r.delivered === r.sent ? 'OK' : 'MISSED';
      const ratio = bare === null ? '' : `  ${(r.p99 / bare[kind].p99).toFixed(2)}x the bare p99`;
      console.log(
        `  ${LINES[kind].padEnd(24)} delivered/sent ${r.delivered}/${r.sent} (dup ${r.duplicates})` +
          `  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  ${goal}${ratio}`,
      );
    }
  };
  console.log(`N=${N}, ${CLIENTS} client processes, balance updates paced at ${RATE}/s, goal p99 <= ${GOAL_MS} ms`);

  // 0. Baseline: the bare Socket.IO server.
  const baseline = await start('bare');
  let children = clients();
  const bareOpen = await connect(children, () => baseline.url);
  const bareResults = await pushes(children, baseline.child, 'bare');
  report('bare Socket.IO (baseline)', bareOpen, bareResults);
  bare = bareResults;
  await closeAll([...children, baseline.child]);

  // 1. One node (no Redis).
  children = clients();
  const before = (await rpc(first.child, { type: 'heap' })).heap;
  const oneOpen = await connect(children, () => first.url);
  await sleep(500);
  const after = (await rpc(first.child, { type: 'heap' })).heap;
  report('one node', oneOpen, await pushes(children, first.child, 'one'));
  console.log(`  server heap per socket ${((after - before) / Math.max(1, oneOpen) / 1024).toFixed(1)} KiB`);
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
      ` delivered/sent ${full.delivered}/${full.sent}  p50 ${ms(full.p50)}  p99 ${ms(full.p99)}  max ${ms(full.max)}`,
  );
  await closeAll([...children, first.child]);

  // 2. Two nodes on the Redis adapter; every push published on node A, half the sockets on node B.
  try {
    const a = await start('node', { env: { REDIS_URL } });
    const b = await start('node', { env: { REDIS_URL } });
    children = clients();
    const twoOpen = await connect(children, (m) => (Number(m.member) % 2 === 0 ? a.url : b.url));
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
