#!/usr/bin/env node
// Realtime fan-out (issue 22). Boots the platform in-process on an in-memory PGlite, gives N members a session each
// (rows written straight into the database: N argon2 logins would measure the hasher, not the sockets), and opens one
// authenticated socket per member from a separate client process. Then:
//  1. one node: pushes a balance update to every member (the real `wallet.changed` path: the gateway reads each
//     balance and emits to the member's room) and one broadcast message (stored once, announced to the merchant room);
//  2. two nodes on the Socket.IO Redis adapter (REDIS_URL, default redis://127.0.0.1:6379): the sockets are split
//     between them and every push is emitted on node A only, so half of them cross Redis.
// Prints push p50/p99 (from the emit to the client's receipt, one clock), delivered/sent, and server heap per socket
// against the heap before the sockets (the baseline of the same run). Goal: p99 ≤ 200 ms, all delivered.
// Run: `npm run bench:realtime` (N=10000 by default; N=1000 for a quick look).
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildApp, loadEnv, openPglite } from '@platform/server';

const N = Number(process.env.N ?? 10_000);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENTS = Number(process.env.CLIENT_PROCESSES ?? 2);
/** How many members get the whole `wallet.changed` path (balance read from the database, then the push). */
const FULL_PATH = Number(process.env.FULL_PATH ?? 200);
const BALANCE = { balance: '100.00', currencySymbol: '$', currency: 'PHP', frozen: '0.00', play: false };

if (process.argv[2] === 'client') {
  // Client process: opens the sockets it is given and reports each event's arrival time.
  const { io } = await import('socket.io-client');
  const sockets = [];
  process.on('message', async (message) => {
    if (message.type === 'open') {
      let open = 0;
      let failed = 0;
      // In batches: ten thousand handshakes at once time out on a small machine; a real crowd arrives over seconds.
      const BATCH = 250;
      for (let i = 0; i < message.sockets.length; i += BATCH) {
        const batch = message.sockets.slice(i, i + BATCH);
        await new Promise((resolve) => {
          let settled = 0;
          const done = () => ((settled += 1), settled === batch.length ? resolve() : undefined);
          for (const { url, token, member, merchantId } of batch) {
            const socket = io(url, {
              path: '/wps/realtime',
              auth: { token, member, merchantId },
              transports: ['websocket'],
              reconnection: false,
              timeout: 60_000,
            });
            socket.on('connect', () => ((open += 1), done()));
            socket.on('connect_error', () => ((failed += 1), done()));
            socket.on('wallet.balance', () => process.send({ type: 'got', kind: 'balance', member, at: Date.now() }));
            socket.on('message.unread', () => process.send({ type: 'got', kind: 'message', member, at: Date.now() }));
            sockets.push(socket);
          }
        });
      }
      process.send({ type: 'opened', open, failed });
    } else if (message.type === 'close') {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
} else {
  await main();
}

async function main() {
  const env = (extra) =>
    loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      TRUSTED_PROXIES: '127.0.0.1/8',
      WEB_DIST_DIR: '/nonexistent',
      ...extra,
    });
  const db = await openPglite();
  const boot = async (extra = {}) => {
    const app = await buildApp({ env: env(extra), db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, url: `http://127.0.0.1:${app.server.address().port}` };
  };

  // The first node migrates and seeds the database; the members and sessions come after.
  const single = await boot();
  const members = await seedSessions(db, N);
  const arrivals = new Map();
  const forkClients = () =>
    Array.from({ length: CLIENTS }, () => {
      const child = fork(fileURLToPath(import.meta.url), ['client']);
      child.on('message', (message) => {
        if (message.type === 'got') arrivals.get(message.kind)?.push(message.at);
      });
      return child;
    });
  const clients = forkClients();
  const open = async (assign) => {
    const parts = clients.map((_, i) =>
      members.filter((_, j) => j % CLIENTS === i).map((m) => ({ ...m, url: assign(m) })),
    );
    const answers = await Promise.all(
      clients.map(
        (child, i) =>
          new Promise((resolve) => {
            child.once('message', resolve);
            child.send({ type: 'open', sockets: parts[i] });
          }),
      ),
    );
    return answers.reduce((sum, a) => ({ open: sum.open + a.open, failed: sum.failed + a.failed }), {
      open: 0,
      failed: 0,
    });
  };
  const measure = async (kind, emit, expected) => {
    arrivals.set(kind, []);
    const sentAt = Date.now();
    await emit();
    const deadline = Date.now() + 30_000;
    while (arrivals.get(kind).length < expected && Date.now() < deadline) await sleep(50);
    await sleep(300);
    const latencies = arrivals
      .get(kind)
      .map((at) => at - sentAt)
      .sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
    return { delivered: latencies.length, sent: expected, p50: pct(50), p99: pct(99) };
  };
  const pushes = async (origin) => ({
    // The gateway's fan-out of a balance it has read: one emit to each member's room.
    balance: await measure(
      'balance',
      async () => {
        for (const m of members)
          origin.app.realtime.to(`member:${m.merchantId}:${m.member}`).emit('wallet.balance', BALANCE);
      },
      N,
    ),
    message: await measure(
      'message',
      async () => {
        origin.app.bus.emit('inbox.broadcast', { merchantId: members[0].merchantId });
      },
      N,
    ),
  });
  // Baseline of the same run: a bare Socket.IO server (no authentication, no platform) with the same sockets and rooms.
  const baseline = async () => {
    const { createServer } = await import('node:http');
    const { Server } = await import('socket.io');
    const http = createServer();
    const bare = new Server(http, { path: '/wps/realtime', serveClient: false, transports: ['websocket'] });
    bare.on('connection', (socket) => {
      const { member, merchantId } = socket.handshake.auth;
      void socket.join([`member:${merchantId}:${member}`, `merchant:${merchantId}`]);
    });
    await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
    return { bare, http, url: `http://127.0.0.1:${http.address().port}` };
  };
  const heap = () => (global.gc?.(), process.memoryUsage().heapUsed);
  const report = (label, sockets, result, heapPerSocket) => {
    for (const [kind, r] of Object.entries(result)) {
      console.log(
        `${label.padEnd(22)} ${kind.padEnd(8)} sockets ${sockets.open}/${N}  delivered/sent ${r.delivered}/${r.sent}` +
          `  p50 ${r.p50} ms  p99 ${r.p99} ms  ${r.p99 <= 200 && r.delivered === r.sent ? 'OK' : 'MISSED'}` +
          `  (p99 ${(r.p99 / (kind === 'balance' ? baseBalance.p99 : baseMessage.p99)).toFixed(2)}x the bare server's)`,
      );
    }
    if (heapPerSocket !== null)
      console.log(`${label.padEnd(22)} server heap per socket ${(heapPerSocket / 1024).toFixed(1)} KiB`);
  };

  // 0. Baseline.
  const base = await baseline();
  const bareSockets = await open(() => base.url);
  await sleep(500);
  const baseBalance = await measure(
    'balance',
    async () => {
      for (const m of members) base.bare.to(`member:${m.merchantId}:${m.member}`).emit('wallet.balance', BALANCE);
    },
    N,
  );
  const baseMessage = await measure(
    'message',
    async () => base.bare.to(`merchant:${members[0].merchantId}`).emit('message.unread', { unreadMessage: null }),
    N,
  );
  console.log(`bare Socket.IO baseline  sockets ${bareSockets.open}/${N} (${bareSockets.failed} refused)`);
  console.log(
    `bare Socket.IO baseline  balance p99 ${baseBalance.p99} ms (${baseBalance.delivered}/${N})  message p99 ${baseMessage.p99} ms (${baseMessage.delivered}/${N})`,
  );
  for (const child of clients) child.send({ type: 'close' });
  await sleep(500);
  base.bare.close();
  clients.splice(0, clients.length, ...forkClients());

  // 1. One node.
  const before = heap();
  const one = await open(() => single.url);
  await sleep(500);
  const perSocket = (heap() - before) / Math.max(1, one.open);
  report('one node', one, await pushes(single), perSocket);
  // The whole path for a sample: each member's balance read from the database (PGlite here, one connection) and pushed.
  const sample = members.slice(0, FULL_PATH);
  const full = await measure(
    'balance',
    async () => {
      for (const m of sample)
        single.app.bus.emit('wallet.changed', { merchantId: m.merchantId, memberId: BigInt(m.member) });
      await single.app.bus.idle();
    },
    sample.length,
  );
  console.log(
    `one node               wallet.changed (balance read + push) for ${sample.length} at once: delivered ${full.delivered}/${full.sent}` +
      `  p50 ${full.p50} ms  p99 ${full.p99} ms`,
  );
  for (const child of clients) child.send({ type: 'close' });
  await sleep(500);
  await single.app.close();

  // 2. Two nodes on the Redis adapter; pushes emitted on node A.
  clients.splice(0, clients.length, ...forkClients());
  try {
    const a = await boot({ REDIS_URL });
    const b = await boot({ REDIS_URL });
    const two = await open((m) => (Number(m.member) % 2 === 0 ? a.url : b.url));
    await sleep(500);
    report('two nodes (Redis)', two, await pushes(a), null);
    for (const child of clients) child.send({ type: 'close' });
    await sleep(500);
    await Promise.all([a.app.close(), b.app.close()]);
  } catch (error) {
    console.log(`two nodes: skipped (${error.message}); set REDIS_URL to a running Redis`);
    for (const child of clients) child.kill();
  }
  await db.close?.();
  process.exit(0);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** N members of the demo merchant, each with a live session whose token the sockets send. */
async function seedSessions(db, n) {
  const { rows } = await db.query(`SELECT id FROM merchants WHERE code = 'demo'`);
  const merchantId = rows[0].id;
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
