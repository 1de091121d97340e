// The processes of bench/realtime.mjs (issue 22, ADR 0039), each started by it with its role as the first argument:
//  - `node`: a platform node (the real app on PostgreSQL, with the Redis adapter when the orchestrator says so);
//  - `bare`: a bare Socket.IO server (no authentication, no platform), the baseline of the same run;
//  - `client`: lean clients, engine.io/socket.io frames over `ws` (websocket transport only) that record each arrival
//    locally and hand them over in one message when asked.
// Every process answers the orchestrator's requests over IPC. Times are process.hrtime: CLOCK_MONOTONIC, one clock for
// every process of the machine.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RATE = Number(process.env.RATE ?? 2_000);
export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_realtime';
export const PROFILE_DIR = process.env.PROFILE_DIR;
const BALANCE = { balance: '100.00', currencySymbol: '$', currency: 'PHP', frozen: '0.00', play: false };

export const now = () => Number(process.hrtime.bigint()) / 1e6;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const role = process.argv[2];
  if (role === 'client') await client();
  else await server(role);
}

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
  let cpu = process.cpuUsage();
  serve({
    ...profiler(kind),
    'cpu-start': () => ((cpu = process.cpuUsage()), {}),
    'cpu-stop': () => {
      const { user, system } = process.cpuUsage(cpu);
      return { cpuMs: (user + system) / 1000 };
    },
    heap: () => {
      global.gc?.();
      global.gc?.();
      return { heap: process.memoryUsage().heapUsed };
    },
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
