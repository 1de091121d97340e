import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * The crash test's harness (issue 4): the real server (src/main.ts under tsx, as `npm start` runs it) in a child
 * process on a PostgreSQL database, an HTTP client that tells a refused connection from a lost answer, and a
 * controller that SIGKILLs the server at random points of a load and starts it again on the same database.
 */

/** Every request gets this long; one that takes longer is abandoned and counts as unknown. */
export const REQUEST_TIMEOUT_MS = 20_000;
const START_TIMEOUT_MS = 40_000;
/** A wait of the controller (load progress, requests in flight) that takes longer fails the test instead of hanging. */
const WAIT_TIMEOUT_MS = 120_000;
const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed from its seed. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `fn` over `items`, `limit` at a time. */
export const eachLimit = async <T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next]!;
        next += 1;
        await fn(item);
      }
    }),
  );
};

export type Incarnation = {
  child: ChildProcess;
  port: number;
  agent: http.Agent;
  exited: Promise<string>;
  output: () => string;
};

/** The production entry in one process (no npm or tsx wrapper in between, so SIGKILL reaches the server itself). */
const startServer = async (env: Record<string, string>): Promise<Incarnation> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-16_000);
  };
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  child.stderr?.on('data', keep);
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not listening after ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      // main.ts prints its banner once it listens: "http://127.0.0.1:<port>/".
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`server ended (${how}) before listening:\n${output}`));
    });
  });
  let port: number;
  try {
    port = await listening;
  } catch (error) {
    // A server that never came up is not left behind either.
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
  return { child, port, agent: new http.Agent({ keepAlive: true, maxSockets: 64 }), exited, output: () => output };
};

const stopServer = async (server: Incarnation): Promise<string> => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  const how = await server.exited;
  server.agent.destroy();
  return how;
};

export type Reply = { status: number; body: { success: boolean; code?: string; value?: unknown } };
/** A reply; UNKNOWN: the connection died with the request (it may have landed); NOT_SENT: it never reached a server. */
export type Sent = Reply | 'UNKNOWN' | 'NOT_SENT';
export type HttpRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

/** One request over the incarnation's HTTP client: a reply, or how the connection failed. */
const httpCall = (server: Incarnation, call: HttpRequest) =>
  new Promise<Sent>((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      path: call.path,
      method: call.method,
      agent: server.agent,
      timeout: REQUEST_TIMEOUT_MS,
      headers:
        call.body === undefined
          ? call.headers
          : { 'content-type': 'application/json', ...call.headers, 'content-length': Buffer.byteLength(call.body) },
    });
    request.on('timeout', () => request.destroy(new Error('request timed out')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? 'NOT_SENT' : 'UNKNOWN'),
    );
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('error', () => resolve('UNKNOWN'));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Reply['body'] });
        } catch {
          resolve('UNKNOWN'); // cut off mid-body: not an answer
        }
      });
    });
    request.end(call.body);
  });

/** Bounded waits: a server that stops answering fails the test instead of hanging it. */
export const waitFor = async (what: string, done: () => boolean, detail = () => ''): Promise<void> => {
  const deadline = performance.now() + WAIT_TIMEOUT_MS;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${detail()}`);
    await sleep(5);
  }
};

/**
 * The server under test across its incarnations, all on one database: `call` waits while it is down, `kill` SIGKILLs
 * the live one, `boot` starts the next. `close` leaves no process behind, whatever happened.
 */
export const crashableServer = (env: Record<string, string>) => {
  let live: Incarnation | undefined;
  let waiting: (() => void)[] = [];
  let stopping = false;
  let inFlight = 0;
  const all: Incarnation[] = [];
  const bootSeconds: number[] = [];
  const exits: string[] = [];

  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const up = async (): Promise<Incarnation> => {
    while (live === undefined) {
      if (stopping) throw new Error('the load was stopped while the server was down');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return live;
  };

  return {
    boot: async (): Promise<void> => {
      const started = performance.now();
      const server = await startServer(env);
      all.push(server);
      // Closed meanwhile (the test failed): this one goes too.
      if (stopping) {
        await stopServer(server);
        throw new Error('the server was closed while it started');
      }
      bootSeconds.push(Number(((performance.now() - started) / 1000).toFixed(1)));
      live = server;
      wake();
    },
    kill: async (): Promise<void> => {
      const victim = live;
      if (victim === undefined) throw new Error('no server to kill');
      live = undefined;
      exits.push(await stopServer(victim));
    },
    call: async (request: HttpRequest): Promise<Sent> => {
      const server = await up();
      inFlight += 1;
      try {
        return await httpCall(server, request);
      } finally {
        inFlight -= 1;
      }
    },
    inFlight: () => inFlight,
    /** Requests waiting for a server give up (the controller failed). */
    stop: () => {
      stopping = true;
      wake();
    },
    live: () => live,
    output: () => live?.output() ?? all.at(-1)?.output() ?? '',
    bootSeconds,
    exits,
    close: async () => {
      stopping = true;
      wake();
      await Promise.all(all.map((server) => stopServer(server)));
    },
  };
};

export type CrashableServer = ReturnType<typeof crashableServer>;

/**
 * Runs `clients` while the controller kills the server `kills` times, each at a random point of its share of the
 * load's `progress` (0 to 1) and only once at least `minInFlight` requests are in flight, and boots it again after a
 * random pause. Resolves when the clients are done; fails (and stops the clients) when a wait times out.
 */
export const runUnderKills = async (
  server: CrashableServer,
  options: {
    kills: number;
    rand: () => number;
    progress: () => number;
    minInFlight: number;
    clients: readonly (() => Promise<void>)[];
  },
): Promise<void> => {
  const { kills, rand, progress } = options;
  const controller = async () => {
    for (let kill = 1; kill <= kills; kill += 1) {
      const at = (kill - 0.5 + 0.5 * rand()) / (kills + 1);
      await waitFor('the load to progress', () => progress() >= at, server.output);
      await waitFor('requests in flight', () => server.inFlight() >= options.minInFlight, server.output);
      await server.kill();
      await sleep(Math.floor(rand() * 300));
      await server.boot();
    }
  };
  try {
    await Promise.all([
      controller().catch((error: unknown) => {
        server.stop();
        throw error;
      }),
      ...options.clients.map((client) => client()),
    ]);
  } catch (error) {
    server.stop();
    throw error;
  }
};
