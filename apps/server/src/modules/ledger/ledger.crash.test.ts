import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, formatMoney } from '@platform/contracts';
import type { Database } from '../../db/database';
import { openPostgres } from '../../db/postgres';
import { testDatabaseUrl } from '../../env';
import { insertMember } from '../../test/identity-helpers';
import { bigintJson, expectSoundLedger, freshMerchant } from './ledger.test-support';

/**
 * Issue 4: the real server (src/main.ts under tsx, as `npm start` runs it) is SIGKILLed at random moments during a load
 * of concurrent money operations, at least 3 times, and restarted on the same PostgreSQL database. Afterwards every
 * acknowledged operation is present with the transfer id it was acknowledged with, no key is applied twice, re-sending
 * any key replays it (or applies it once if it never landed), and the invariants and each member's balance hold.
 * PGlite is embedded in the server process and has no separate server to survive the kill, so this suite needs
 * TEST_DATABASE_URL; without it vitest lists it as skipped (by name), never silently passes it.
 *
 * Why group commit (ledger.poster.ts) cannot lose an acknowledged post when the process dies mid-batch:
 * - a batch is ONE statement (`SELECT * FROM ledger_post($1)`) run outside any explicit transaction, so PostgreSQL
 *   wraps it in one implicit transaction: all of its posts commit, or none does; never part of a batch;
 * - node-postgres settles a query only on ReadyForQuery, which PostgreSQL sends after that implicit transaction has
 *   committed (with the default synchronous_commit, after its WAL is flushed); the poster resolves the batch's callers
 *   only then, and the route answers HTTP only after that. So every 200 the client saw was already durable;
 * - when the process dies before that, its callers were never answered: the batch may have committed (the connection
 *   was lost after the commit) or not (PostgreSQL rolls back a transaction whose client went away), and posts still
 *   waiting in the in-memory queue were never sent. Either way the client holds an "unknown" outcome, and re-sending
 *   the same key replays the committed post or applies it now: the unique (merchant, source, key, leg) and the request
 *   hash make it exactly once;
 * - the fallback (a failed batch re-run post by post) keeps the same property per post: each is its own statement.
 * The one thing this does not cover is losing PostgreSQL itself with synchronous_commit off, which is a database
 * configuration matter, not the poster's.
 */
const url = testDatabaseUrl();
const CLIENTS = 16;
const MEMBERS = 12;
const KILLS = 3;
const STAFF_TOKEN = 'crash-test-staff-token-0123456789abcdef0123';
/** Every request gets this long; one that takes longer is abandoned and counts as unknown. */
const REQUEST_TIMEOUT_MS = 20_000;
const START_TIMEOUT_MS = 40_000;
const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const SCALE = 2;

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed from its seed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Direction = 'CREDIT' | 'DEBIT';
/** One adjustment request; variant 1 is the same key with another amount (a request the ledger must refuse). */
type Op = { key: string; username: string; memberId: bigint; direction: Direction; amountMinor: bigint };
type Kind =
  | 'APPLIED'
  | 'REPLAYED'
  | 'INSUFFICIENT_FUNDS'
  | 'IDEMPOTENCY_CONFLICT'
  /** The connection died with the request: it may or may not have landed. */
  | 'UNKNOWN'
  /** The connection was refused: the request never reached the server. */
  | 'NOT_SENT'
  | `HTTP ${number} ${string}`;
type Answer = { variant: 0 | 1; kind: Kind; transferId?: string; balanceAfter?: string };

type Incarnation = {
  child: ChildProcess;
  port: number;
  agent: http.Agent;
  exited: Promise<string>;
  output: () => string;
};

/** The production entry in one process (no npm or tsx wrapper in between, so SIGKILL reaches the server itself). */
const startServer = async (databaseUrl: string): Promise<Incarnation> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      STAFF_API_TOKEN: STAFF_TOKEN,
    },
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

type Reply = { status: number; body: { success: boolean; code?: string; value?: Record<string, unknown> } };

/** One POST over its own HTTP client: a reply, or how the connection failed. */
const postJson = (server: Incarnation, host: string, path: string, payload: unknown) =>
  new Promise<Reply | 'UNKNOWN' | 'NOT_SENT'>((resolve) => {
    const body = JSON.stringify(payload);
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      path,
      method: 'POST',
      agent: server.agent,
      timeout: REQUEST_TIMEOUT_MS,
      headers: {
        host,
        authorization: `Bearer ${STAFF_TOKEN}`,
        'x-staff-user': 'crash.cashier',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
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
    request.end(body);
  });

/** Runs `fn` over `items`, `limit` at a time. */
const eachLimit = async <T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> => {
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

type Row = {
  key: string;
  id: string;
  leg: number;
  amount_minor: bigint;
  debit_account_id: bigint;
  credit_account_id: bigint;
  debit_balance_after: bigint;
  credit_balance_after: bigint;
};

describe.skipIf(url === undefined)('ledger crash recovery [postgres] (needs TEST_DATABASE_URL)', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let db: Database | undefined;
  let live: Incarnation | undefined;
  const all: Incarnation[] = [];

  beforeAll(async () => {
    db = await openPostgres({ url: url!, schema, maxConnections: 4 });
  });
  afterAll(async () => {
    // Whatever happened, no server outlives the suite.
    await Promise.all(all.map((server) => stopServer(server)));
    await db?.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it(`should keep every acknowledged operation exactly once across ${KILLS} SIGKILLs of the server`, async () => {
    const seed = Date.now() % 1_000_000;
    const rand = random(seed);
    const database = db!;

    // A merchant of its own, reached by its own Host, with members that exist only for adjustments.
    const merchantId = await freshMerchant(database);
    const { rows: merchantRows } = await database.query<{ code: string }>('SELECT code FROM merchants WHERE id = $1', [
      merchantId,
    ]);
    const host = `${merchantRows[0]!.code}.crash.test`;
    await database.query('INSERT INTO merchant_domains (merchant_id, host) VALUES ($1, $2)', [merchantId, host]);
    const members: { id: bigint; username: string }[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      members.push(await insertMember(database, { merchantCode: merchantRows[0]!.code }));
    }

    // The server runs on the same database, in this suite's schema.
    const serverUrl = new URL(url!);
    serverUrl.searchParams.set('options', `-c search_path=${schema}`);
    const databaseUrl = serverUrl.toString();

    // Clients wait here while the server is down.
    let waiting: (() => void)[] = [];
    let stopping = false;
    const serverUp = async (): Promise<Incarnation> => {
      while (live === undefined) {
        if (stopping) throw new Error('the load was stopped while the server was down');
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return live;
    };
    const wakeClients = () => {
      for (const wake of waiting) wake();
      waiting = [];
    };
    const boots: number[] = [];
    const boot = async (): Promise<void> => {
      const bootStarted = performance.now();
      const server = await startServer(databaseUrl);
      boots.push(Number(((performance.now() - bootStarted) / 1000).toFixed(1)));
      all.push(server);
      live = server;
      wakeClients();
    };
    /** Bounded waits: a server that stops answering fails the test instead of hanging it. */
    const waitFor = async (what: string, done: () => boolean): Promise<void> => {
      const deadline = performance.now() + 30_000;
      while (!done()) {
        if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${live?.output() ?? ''}`);
        await sleep(5);
      }
    };

    const ops = new Map<string, [Op, Op]>();
    const answers = new Map<string, Answer[]>();
    const keys: string[] = [];
    let inFlight = 0;
    let acknowledgedSinceBoot = 0;

    const newOp = (n: number): string => {
      const member = members[Math.floor(rand() * MEMBERS)]!;
      const key = `crash-op-${n}`;
      const op: Op = {
        key,
        username: member.username,
        memberId: member.id,
        direction: rand() < 0.55 ? 'CREDIT' : 'DEBIT',
        amountMinor: BigInt(1 + Math.floor(rand() * 50_000)),
      };
      ops.set(key, [op, { ...op, amountMinor: op.amountMinor + 1n }]);
      keys.push(key);
      return key;
    };

    const classify = (reply: Reply | 'UNKNOWN' | 'NOT_SENT'): Omit<Answer, 'variant'> => {
      if (reply === 'UNKNOWN' || reply === 'NOT_SENT') return { kind: reply };
      if (reply.status === 200 && reply.body.success) {
        const value = reply.body.value as { transferId: string; balanceAfter: string; replayed: boolean };
        return {
          kind: value.replayed ? 'REPLAYED' : 'APPLIED',
          transferId: value.transferId,
          balanceAfter: value.balanceAfter,
        };
      }
      const code = reply.body.code ?? '?';
      if (reply.status === 422 && code === 'INSUFFICIENT_FUNDS') return { kind: code };
      if (reply.status === 409 && code === 'IDEMPOTENCY_CONFLICT') return { kind: code };
      return { kind: `HTTP ${reply.status} ${code}` };
    };

    const send = async (key: string, variant: 0 | 1): Promise<Answer> => {
      const op = ops.get(key)![variant];
      const server = await serverUp();
      inFlight += 1;
      const reply = await postJson(server, host, API.ops.adjustments, {
        username: op.username,
        direction: op.direction,
        amount: formatMoney(op.amountMinor, SCALE),
        reason: 'crash test',
        requestId: op.key,
      });
      inFlight -= 1;
      const answer: Answer = { variant, ...classify(reply) };
      if (answer.kind === 'APPLIED' || answer.kind === 'REPLAYED') acknowledgedSinceBoot += 1;
      const list = answers.get(key) ?? [];
      list.push(answer);
      answers.set(key, list);
      return answer;
    };

    // The load: new operations, retries of a key with its request, the same key with another request, and one new
    // request sent twice at once; a client whose connection died retries half the time, as a real client would.
    let issued = 0;
    let retries = 0;
    let conflicts = 0;
    let twins = 0;
    const client = async (): Promise<void> => {
      while (!stopping) {
        issued += 1;
        const r = rand();
        if (r < 0.1 && keys.length > 0) {
          retries += 1;
          await send(keys[Math.floor(rand() * keys.length)]!, 0);
        } else if (r < 0.15 && keys.length > 0) {
          conflicts += 1;
          await send(keys[Math.floor(rand() * keys.length)]!, 1);
        } else if (r < 0.2) {
          twins += 1;
          const key = newOp(issued);
          await Promise.all([send(key, 0), send(key, 0)]);
        } else {
          const key = newOp(issued);
          const answer = await send(key, 0);
          if ((answer.kind === 'UNKNOWN' || answer.kind === 'NOT_SENT') && rand() < 0.5) await send(key, 0);
        }
      }
    };

    const started = performance.now();
    await boot();
    const exits: string[] = [];
    const controller = async (): Promise<void> => {
      for (let kill = 1; kill <= KILLS; kill += 1) {
        // Let the load run a random while on this incarnation, then kill it while requests are in flight.
        acknowledgedSinceBoot = 0;
        await waitFor('acknowledgements', () => acknowledgedSinceBoot >= 80);
        await sleep(300 + Math.floor(rand() * 1_200));
        await waitFor('requests in flight', () => inFlight >= CLIENTS / 2);
        const victim = live!;
        live = undefined;
        exits.push(await stopServer(victim));
        await sleep(Math.floor(rand() * 300));
        await boot();
      }
      acknowledgedSinceBoot = 0;
      await waitFor('acknowledgements', () => acknowledgedSinceBoot >= 300);
    };
    try {
      await Promise.all([
        controller().finally(() => {
          stopping = true;
          wakeClients();
        }),
        ...Array.from({ length: CLIENTS }, client),
      ]);
    } finally {
      stopping = true;
      wakeClients();
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const server = live!;
    expect(exits).toEqual(Array.from({ length: KILLS }, () => 'SIGKILL'));
    expect(server.child.exitCode, server.output()).toBeNull();

    const loadAnswers = [...answers.values()].flat();
    const unexpected = loadAnswers.filter((a) => a.kind.startsWith('HTTP'));
    expect(unexpected, 'answers other than 200, 409 IDEMPOTENCY_CONFLICT, 422 INSUFFICIENT_FUNDS').toEqual([]);

    // What the database holds now, after the last restart.
    const { rows: accountRows } = await database.query<{ owner_id: bigint; id: bigint }>(
      `SELECT DISTINCT owner_id, id FROM ledger_accounts
        WHERE merchant_id = $1 AND owner_kind = 'MEMBER' AND purpose = 'CASH'`,
      [merchantId],
    );
    const accountOf = new Map(accountRows.map((row) => [row.owner_id, row.id]));
    const readRows = async (): Promise<Map<string, Row[]>> => {
      const { rows } = await database.query<Row>(
        `SELECT idempotency_key AS key, id::text AS id, leg, amount_minor, debit_account_id, credit_account_id,
           debit_balance_after, credit_balance_after
         FROM ledger_transfers WHERE merchant_id = $1 AND source = 'ops.adjustment'`,
        [merchantId],
      );
      const byKey = new Map<string, Row[]>();
      for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
      return byKey;
    };
    /** Which request of the key this transfer applied, or undefined when it is neither (a phantom). */
    const variantOf = (key: string, row: Row): 0 | 1 | undefined => {
      const [original, other] = ops.get(key) ?? [];
      if (original === undefined || other === undefined) return undefined;
      const account = accountOf.get(original.memberId);
      const direction: Direction | undefined =
        row.credit_account_id === account ? 'CREDIT' : row.debit_account_id === account ? 'DEBIT' : undefined;
      if (direction !== original.direction) return undefined;
      if (row.amount_minor === original.amountMinor) return 0;
      if (row.amount_minor === other.amountMinor) return 1;
      return undefined;
    };
    const memberBalanceAfter = (key: string, row: Row): string => {
      const op = ops.get(key)![0];
      return formatMoney(op.direction === 'CREDIT' ? row.credit_balance_after : row.debit_balance_after, SCALE);
    };
    const signed = (op: Op): bigint => (op.direction === 'CREDIT' ? op.amountMinor : -op.amountMinor);

    const landed = await readRows();
    // (1) Every key at most once, every transfer one of the requests sent with its key, and every acknowledged
    // operation present with the transfer id and balance it was acknowledged with.
    for (const [key, rows] of landed) {
      expect(rows.length, `${key} applied ${rows.length} times`).toBe(1);
      expect(rows[0]!.leg).toBe(0);
      expect(variantOf(key, rows[0]!), `${key} is not a request any client sent`).toBeDefined();
    }
    let acknowledgedKeys = 0;
    let unknownKeys = 0;
    let unknownLanded = 0;
    const modelBalance = new Map<bigint, bigint>(members.map((m) => [m.id, 0n]));
    const addToModel = (op: Op) => modelBalance.set(op.memberId, modelBalance.get(op.memberId)! + signed(op));
    for (const key of keys) {
      const list = answers.get(key) ?? [];
      const rows = landed.get(key) ?? [];
      const row = rows[0];
      const acked = list.filter((a) => a.kind === 'APPLIED' || a.kind === 'REPLAYED');
      const firsts = list.filter((a) => a.kind === 'APPLIED');
      const unknown = list.filter((a) => a.kind === 'UNKNOWN');
      expect(firsts.length, `${key} applied more than once: ${JSON.stringify(list)}`).toBeLessThanOrEqual(1);
      if (unknown.length > 0) unknownKeys += 1;
      if (acked.length > 0) {
        acknowledgedKeys += 1;
        expect(row, `${key} was acknowledged but is missing: ${JSON.stringify(list)}`).toBeDefined();
        for (const answer of acked) {
          expect(answer.transferId, key).toBe(row!.id);
          expect(answer.variant, key).toBe(variantOf(key, row!));
          expect(answer.balanceAfter, key).toBe(memberBalanceAfter(key, row!));
        }
        addToModel(ops.get(key)![acked[0]!.variant]);
      } else if (row !== undefined) {
        // Landed without an acknowledgement: only a request whose connection died can have done that.
        const variant = variantOf(key, row)!;
        expect(
          unknown.some((a) => a.variant === variant),
          `${key} landed but no request of it was lost: ${JSON.stringify(list)}`,
        ).toBe(true);
        unknownLanded += 1;
        addToModel(ops.get(key)![variant]);
      }
      if (row === undefined) {
        expect(
          list.filter((a) => a.kind === 'IDEMPOTENCY_CONFLICT'),
          `${key} refused as a conflict but never applied`,
        ).toEqual([]);
      }
    }
    expect(landed.size).toBe(acknowledgedKeys + unknownLanded);

    // (3) and (4): the invariants, and each member's balance is what its transfers say and what the clients were told
    // plus the lost requests that landed.
    const expectBalances = async (model: Map<bigint, bigint>) => {
      await expectSoundLedger(database, merchantId);
      const rows = await readRows();
      const fromTransfers = new Map<bigint, bigint>(members.map((m) => [m.id, 0n]));
      for (const [key, [row]] of rows) {
        const op = ops.get(key)![variantOf(key, row!)!];
        fromTransfers.set(op.memberId, fromTransfers.get(op.memberId)! + signed(op));
      }
      const { rows: balances } = await database.query<{ owner_id: bigint; balance: bigint }>(
        `SELECT owner_id, sum(balance_minor)::bigint AS balance FROM ledger_accounts
          WHERE merchant_id = $1 AND owner_kind = 'MEMBER' AND purpose = 'CASH' GROUP BY owner_id`,
        [merchantId],
      );
      const stored = new Map(balances.map((row) => [row.owner_id, row.balance]));
      for (const member of members) {
        const balance = stored.get(member.id) ?? 0n;
        expect(balance, member.username).toBe(fromTransfers.get(member.id));
        expect(balance, member.username).toBe(model.get(member.id));
      }
    };
    await expectBalances(modelBalance);

    // (2) Re-sending every key, acknowledged or lost, to the restarted server: what landed replays with its transfer;
    // what never landed applies now, once (or is refused for funds, which writes nothing).
    let appliedNow = 0;
    const appliedNowKeys: string[] = [];
    const resent = keys.filter((key) =>
      (answers.get(key) ?? []).some((a) => ['APPLIED', 'REPLAYED', 'UNKNOWN'].includes(a.kind)),
    );
    await eachLimit(resent, CLIENTS, async (key) => {
      const row = landed.get(key)?.[0];
      const answer = await send(key, row === undefined ? 0 : variantOf(key, row)!);
      if (row !== undefined) {
        expect(answer.kind, key).toBe('REPLAYED');
        expect(answer.transferId, key).toBe(row.id);
        expect(answer.balanceAfter, key).toBe(memberBalanceAfter(key, row));
      } else {
        expect(['APPLIED', 'INSUFFICIENT_FUNDS'], key).toContain(answer.kind);
        if (answer.kind === 'APPLIED') {
          appliedNow += 1;
          appliedNowKeys.push(key);
          addToModel(ops.get(key)![0]);
        }
      }
    });
    // And once more for those: now they replay too.
    await eachLimit(appliedNowKeys, CLIENTS, async (key) => {
      expect((await send(key, 0)).kind, key).toBe('REPLAYED');
    });
    const final = await readRows();
    expect(final.size).toBe(landed.size + appliedNow);
    for (const [key, rows] of final) {
      expect(rows.length, key).toBe(1);
      if (landed.has(key)) expect(rows[0]!.id, key).toBe(landed.get(key)![0]!.id);
    }
    await expectBalances(modelBalance);

    const count = (kind: Kind) => loadAnswers.filter((a) => a.kind === kind).length;
    const figures = {
      seed,
      clients: CLIENTS,
      kills: exits.length,
      requests: loadAnswers.length,
      unknownRequests: count('UNKNOWN'),
      operations: keys.length,
      retries,
      conflicts,
      twins,
      acknowledged: acknowledgedKeys,
      unknownKeys,
      unknownLanded,
      notSent: count('NOT_SENT'),
      insufficientFunds: count('INSUFFICIENT_FUNDS'),
      keyConflicts: count('IDEMPOTENCY_CONFLICT'),
      resent: resent.length,
      appliedOnResend: appliedNow,
      bootSeconds: boots,
      loadSeconds: Number(loadSeconds.toFixed(1)),
      totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    };
    console.info(`ledger crash: ${JSON.stringify(figures, bigintJson)}`);
    expect(exits.length).toBeGreaterThanOrEqual(3);
    expect(unknownKeys).toBeGreaterThan(0);
    expect(figures.keyConflicts).toBeGreaterThan(0);
  }, 150_000);
});
