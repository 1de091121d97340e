import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PublicKeyResponseSchema } from '@platform/contracts';
import { openPostgres } from '@platform/db';
import type { Database } from '../../db/database';
import { testDatabaseUrl } from '../../env';
import { verifyWorld, type Landing, type Verdict } from './crash-check';
import { crashFixture } from './crash-fixture';
import { crashLoad, lost, type CrashLoad } from './crash-load';
import { FIRST_MEANS_APPLIED, KINDS, refusalsOf, type Kind, type Op } from './crash-ops';
import { crashableServer, eachLimit, random, runUnderKills, type CrashableServer } from './crash-support';
import { readWorld } from './crash-world';
import { bigintJson, expectSoundLedger } from '../ledger-helpers';

/**
 * Issue 4: the real server (src/main.ts, as `npm start` runs it) is SIGKILLed at random moments of a load of the money
 * operations the platform has, at least 3 times, and restarted on the same PostgreSQL database. The load is the issue's
 * mix over HTTP, from 32 concurrent clients: staff adjustments; a vendor's seamless bets, wins and rollbacks (a bet whose
 * answer was lost is retried or rolled back, as vendors do); deposits (the member's order, then the gateway's signed
 * notification); withdrawals (the member's sealed request, then the staff's payout or rejection); sealed transfers to
 * the upline; retries with the same key of acknowledged and lost operations; and the same key with another request.
 * Afterwards every acknowledged operation is present exactly once, looked up by its key, transaction id or order number,
 * with what it was acknowledged with; what is present without an acknowledgement was lost on the way; re-sending lost
 * operations applies each at most once; no key moved money twice; the ledger audit is clean; and each member's balances
 * are the sum of its transfers and of the operations that landed. PGlite is embedded in the server process and has no
 * separate server to survive the kill, so this suite needs TEST_DATABASE_URL; without it vitest lists it as skipped (by
 * name), never silently passes it.
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
 * The seamless wallet's group commit (seamless.poster.ts) is the same argument with seamless_calls() as the statement.
 * The one thing this does not cover is losing PostgreSQL itself with synchronous_commit off, which is a database
 * configuration matter, not the poster's.
 */
const url = testDatabaseUrl();
const CLIENTS = 32;
const KILLS = 3;
/** HTTP requests of the load (a flow counts each of its calls); sized to stay well under 90 s on two cores. */
const REQUESTS = 6_000;
const AGENTS = 8;
const PLAYERS_PER_AGENT = 6;
const PLAYER_FUNDING_MINOR = 100_000n;
/**
 * A guard against a hang, not a speed bar: the run takes about 50 s on an idle two-core machine, but 130 to 240 s
 * while other workloads hold the same two cores (load average near 20), which timed a correct run out at 240 s.
 */
const CRASH_TEST_TIMEOUT_MS = 480_000;
/** Acknowledged operations sent again after the load, on top of every lost or half-done one. */
const RESEND_ACKNOWLEDGED = 600;
/** Kinds sent again first: the second steps of the flows (wins, rollbacks, notifications, decisions) need them. */
const FIRST_STEPS: ReadonlySet<Kind> = new Set(['adjust', 'bet', 'depositOrder', 'withdraw', 'transfer']);

/** In with everything it promised: sending it again must replay it. A withdrawal still HOLDING is not yet. */
const settled = (op: Op, landing: Landing) =>
  landing.variant !== undefined && landing.complete && !(op.kind === 'withdraw' && landing.rows.length === 0);

/**
 * Sends `op` again with the request that is in (or its own): what is settled replays with what it was acknowledged
 * with; anything else is applied now or refused as its request may be. Returns what is wrong.
 */
const resend = async (load: CrashLoad, op: Op, landing: Landing): Promise<string[]> => {
  const answer = await load.send(op.key, landing.variant ?? 0);
  const told = `${op.kind} ${op.key} sent again: ${JSON.stringify(answer)}`;
  if (!settled(op, landing)) {
    const refused = refusalsOf(op.kind, 0).some((code) => answer.outcome === `REFUSED ${code}`);
    return answer.outcome === 'ACK' || refused ? [] : [told];
  }
  const problems: string[] = [];
  if (answer.outcome !== 'ACK' || answer.ref !== landing.ref) problems.push(`${told}, ${landing.ref} is in`);
  if (FIRST_MEANS_APPLIED.has(op.kind) && answer.first !== false) problems.push(`${told}: applied again`);
  if (landing.balance !== undefined && answer.balance !== landing.balance) {
    problems.push(`${told}: first answered with balance ${landing.balance}`);
  }
  return problems;
};

/** What the load was and met, read at its end (before anything is sent again). */
const loadFigures = (load: CrashLoad, before: Verdict) => {
  const { ops, answers } = load;
  const list = [...ops.values()];
  const told = (op: Op) => answers.get(op.key)!;
  const acked = (op: Op) => told(op).some((a) => a.outcome === 'ACK');
  const landed = (op: Op) => before.landings.get(op.key)!.variant !== undefined;
  const count = (kind: Kind, outcome: string) =>
    list.filter((op) => op.kind === kind).flatMap((op) => told(op).filter((a) => a.outcome.startsWith(outcome))).length;
  return {
    operations: ops.size,
    perKind: Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        `${list.filter((op) => op.kind === kind).length} ops, ${load.requests.get(kind)} requests, ` +
          `${count(kind, 'ACK')} acks, ${count(kind, 'UNKNOWN')} lost, ${count(kind, 'REFUSED')} refused`,
      ]),
    ),
    ...load.counters,
    acknowledgedKinds: KINDS.filter((kind) => count(kind, 'ACK') > 0).length,
    lostKeys: list.filter((op) => told(op).some(lost)).length,
    // Lost requests that had landed: no answer to the key says it was applied by the call that answered.
    lostButLanded: list.filter(
      (op) => FIRST_MEANS_APPLIED.has(op.kind) && landed(op) && told(op).some(lost) && !told(op).some((a) => a.first),
    ).length,
    landedWithoutAck: list.filter((op) => landed(op) && !acked(op)).length,
    halfDone: list.filter((op) => landed(op) && !settled(op, before.landings.get(op.key)!)).length,
    // A withdrawal answered PENDING while its order was still HOLDING, i.e. acknowledged with no money held yet. The
    // withdraw module answers such a retry REQUEST_IN_PROGRESS instead (a hold can still be refused), so it must be 0.
    pendingButNotHeld: list.filter(
      (op) => op.kind === 'withdraw' && acked(op) && landed(op) && before.landings.get(op.key)!.rows.length === 0,
    ).length,
    refusedConflicts: list.flatMap(told).filter((a) => a.variant === 1 && a.outcome.startsWith('REFUSED')).length,
  };
};

describe.skipIf(url === undefined)('ledger crash recovery [postgres] (needs TEST_DATABASE_URL)', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let db: Database | undefined;
  let server: CrashableServer | undefined;
  let clearLimits: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    db = await openPostgres({ url: url!, schema, maxConnections: 4 });
  });
  afterAll(async () => {
    clearInterval(clearLimits);
    // Whatever happened, no server outlives the suite.
    await server?.close();
    await db?.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it(
    `should keep every acknowledged money operation exactly once across ${KILLS} SIGKILLs of the server`,
    async () => {
      // Printed with the figures; put it here to replay a failing run's choices.
      const seed = Date.now() % 1_000_000;
      const rand = random(seed);
      const database = db!;
      const started = performance.now();

      // The server runs on the same database, in this suite's schema.
      const serverUrl = new URL(url!);
      serverUrl.searchParams.set('options', `-c search_path=${schema}`);
      const fx = await crashFixture(database, serverUrl.toString(), {
        agents: AGENTS,
        playersPerAgent: PLAYERS_PER_AGENT,
      });
      const live = crashableServer(fx.env);
      server = live;
      await live.boot();
      const key = await live.call({ method: 'GET', path: API.system.publicKey, headers: { host: fx.host } });
      if (typeof key === 'string') throw new Error(`no public key: ${key}`);
      const publicKey = PublicKeyResponseSchema.parse(key.body.value);
      const load = crashLoad({ fx, ctx: { ...fx, publicKey }, server: live, rand });
      const { ops, answers } = load;
      const unexpected = () => [...answers.values()].flat().filter((a) => a.outcome.startsWith('UNEXPECTED'));

      // Every player starts with cash; agents start empty and receive the transfers.
      await eachLimit(fx.players, CLIENTS, async (player) => {
        expect((await load.send(load.adjustment(player, 'CREDIT', PLAYER_FUNDING_MINOR), 0)).outcome).toBe('ACK');
      });
      // Deposit orders allow 10 a minute per member: the load plays many members' worth of requests through these 48,
      // so their counters are cleared as a test resets them, during the load only. The re-sending below runs under the
      // real limits: a retry of an applied key is answered before any limiter is asked, so none may refuse it.
      clearLimits = setInterval(() => {
        void database.query('DELETE FROM rate_limits WHERE merchant_id = $1', [fx.merchantId]).catch(() => undefined);
      }, 200);

      const loadStarted = performance.now();
      const client = async () => {
        while (load.counters.requests < REQUESTS) await load.step();
      };
      await runUnderKills(live, {
        kills: KILLS,
        rand,
        progress: () => load.counters.requests / REQUESTS,
        minInFlight: CLIENTS / 2,
        clients: Array.from({ length: CLIENTS }, () => client),
      });
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      expect(live.exits).toEqual(Array.from({ length: KILLS }, () => 'SIGKILL'));
      expect(live.live()?.child.exitCode, live.output()).toBeNull();
      expect(unexpected(), 'answers nobody should get').toEqual([]);

      // (1) After the load, before anything is sent again.
      const before = verifyWorld(ops, answers, await readWorld(database, fx.merchantId), false);
      expect(before.problems.slice(0, 20)).toEqual([]);
      await expectSoundLedger(database, fx.merchantId);
      const figures = loadFigures(load, before);

      // (2) Every lost operation, whatever is half done, and a sample of the acknowledged ones, sent again to the last
      // server. A withdrawal still HOLDING is completed by a retry of its request only past the grace period in which its
      // own request may still be holding it (the job completes it after that too): the test moves its clock there.
      await database.query(
        `UPDATE withdraw_orders SET created_at = created_at - interval '10 minutes'
        WHERE merchant_id = $1 AND status = 'HOLDING'`,
        [fx.merchantId],
      );
      const again = new Set<string>();
      for (const [key, op] of ops) {
        const landing = before.landings.get(key)!;
        if (answers.get(key)!.some(lost) || (landing.variant !== undefined && !settled(op, landing))) again.add(key);
      }
      const lostOrHalfDone = again.size;
      for (const key of [...load.acknowledged].sort(() => rand() - 0.5).slice(0, RESEND_ACKNOWLEDGED)) again.add(key);
      clearInterval(clearLimits);
      const problems: string[] = [];
      for (const firstSteps of [true, false]) {
        const batch = [...again].filter((key) => FIRST_STEPS.has(ops.get(key)!.kind) === firstSteps);
        await eachLimit(batch, CLIENTS, async (key) => {
          problems.push(...(await resend(load, ops.get(key)!, before.landings.get(key)!)));
        });
      }
      expect(problems.slice(0, 20)).toEqual([]);
      expect(unexpected()).toEqual([]);

      // (3) Now nothing is half done, what was in is in with the same transfers and orders, and what the re-sending
      // applied replays when sent once more.
      const after = verifyWorld(ops, answers, await readWorld(database, fx.merchantId), true);
      expect(after.problems.slice(0, 20)).toEqual([]);
      await expectSoundLedger(database, fx.merchantId);
      const appliedNow: string[] = [];
      for (const [key, op] of ops) {
        const [was, now] = [before.landings.get(key)!, after.landings.get(key)!];
        if (settled(op, was))
          expect({ key, rows: now.rows, ref: now.ref }).toEqual({ key, rows: was.rows, ref: was.ref });
        else if (settled(op, now) && FIRST_MEANS_APPLIED.has(op.kind)) appliedNow.push(key);
      }
      await eachLimit(appliedNow, CLIENTS, async (key) => {
        const answer = await load.send(key, after.landings.get(key)!.variant!);
        expect({ key, outcome: answer.outcome, first: answer.first }).toEqual({ key, outcome: 'ACK', first: false });
      });

      console.info(
        `ledger crash: ${JSON.stringify(
          {
            seed,
            clients: CLIENTS,
            kills: live.exits.length,
            ...figures,
            resent: again.size,
            resentLostOrHalfDone: lostOrHalfDone,
            appliedOnResend: appliedNow.length,
            bootSeconds: live.bootSeconds,
            loadSeconds: Number(loadSeconds.toFixed(1)),
            totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
          },
          bigintJson,
          1,
        )}`,
      );
      expect(live.exits.length).toBeGreaterThanOrEqual(3);
      // The load really was the mix: every kind acknowledged, requests lost to the kills, other requests refused.
      expect(figures.acknowledgedKinds).toBe(KINDS.length);
      expect(figures.lostKeys).toBeGreaterThan(0);
      expect(figures.refusedConflicts).toBeGreaterThan(0);
      expect(figures.pendingButNotHeld).toBe(0);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
