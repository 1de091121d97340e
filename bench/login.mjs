#!/usr/bin/env node
// Login cost and throttling, against baselines measured in the same run. Boots the platform in-process on an
// in-memory PGlite with the production password hasher, then prints:
//  - the argon2id hash time (median of several runs, production parameters);
//  - bursts of wrong-password logins at one account: requests made vs password hashes computed (app.metrics counts
//    every hash and verify the server runs), sequential without captcha, concurrent, and with every captcha solved;
//  - login throughput (successful logins, and refused ones) against a bare Fastify route on the same machine.
// Run: `node --import tsx bench/login.mjs` (BURST=50 LOGINS=40 CONCURRENCY=4 to change the sizes). Absolute numbers
// move with the machine's load; the ratios are what to compare between runs.
import Fastify from 'fastify';
import { API, sealPayload } from '@platform/contracts';
import { PASSWORD_HASH_PARAMS, argon2Hasher, buildApp, loadEnv, openPglite } from '@platform/server';

const BURST = Number(process.env.BURST ?? 50);
const LOGINS = Number(process.env.LOGINS ?? 40);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const BASELINE_REQUESTS = Number(process.env.BASELINE_REQUESTS ?? 3000);
const CAPTCHA = 'BENCH';
const PASSWORD = 'Bench#2026';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n, digits = 1) => n.toFixed(digits);
let ipCounter = 0;
const freshIp = () => `10.9.${(ipCounter >> 8) & 255}.${(ipCounter += 1) & 255}`;

const measureHash = async () => {
  const hasher = argon2Hasher(PASSWORD_HASH_PARAMS);
  await hasher.hash('warm-up');
  const times = [];
  for (let i = 0; i < 7; i += 1) {
    const start = performance.now();
    await hasher.hash(PASSWORD);
    times.push(performance.now() - start);
  }
  return median(times);
};

/** Runs `count` calls of `task`, `concurrency` at a time; returns calls per second. */
const throughput = async (count, concurrency, task) => {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        await task(next);
      }
    }),
  );
  return count / ((performance.now() - start) / 1000);
};

const bootPlatform = async () => {
  const start = performance.now();
  const db = await openPglite();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUSTED_PROXIES: '127.0.0.1/8',
    WEB_DIST_DIR: '/nonexistent',
  });
  // The production hasher (the default); only the captcha text is pinned, to play an attacker who solves every one.
  const app = await buildApp({ env, db, logger: false, seams: { captchaText: () => CAPTCHA } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const bootMs = performance.now() - start;
  const base = `http://127.0.0.1:${app.server.address().port}`;
  return { app, db, base, bootMs };
};

const client = (base) => {
  const json = async (path, init = {}) => {
    const res = await fetch(`${base}${path}`, init);
    return { status: res.status, body: await res.json() };
  };
  let key;
  const login = async (body, ip) => {
    key ??= (await json(API.system.publicKey)).body.value;
    const payload = await sealPayload(key, { side: 'member', ...body });
    return json(API.session.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(payload),
    });
  };
  const captcha = async () => {
    const res = await json(API.captcha, { headers: { 'x-forwarded-for': freshIp() } });
    return { captchaId: res.body.value.captchaId, captcha: CAPTCHA };
  };
  return { json, login, captcha };
};

const burst = async (app, label, run) => {
  await app.db.query('DELETE FROM rate_limits');
  const before = app.metrics.passwordHashes;
  const responses = await run();
  const hashes = app.metrics.passwordHashes - before;
  const codes = {};
  for (const res of responses) codes[res.body.code ?? 'OK'] = (codes[res.body.code ?? 'OK'] ?? 0) + 1;
  const summary = Object.entries(codes)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  console.log(
    `  ${label}: requests ${responses.length}, hashes ${hashes}, hashes/request ${fmt(hashes / responses.length, 3)} (${summary})`,
  );
};

const addBenchAccounts = async (db, count) => {
  const hash = await argon2Hasher(PASSWORD_HASH_PARAMS).hash(PASSWORD);
  const { rows } = await db.query("SELECT id FROM merchants WHERE code = 'demo'");
  for (let i = 0; i < count; i += 1) {
    await db.query(
      `INSERT INTO members (merchant_id, username, user_type, password_hash, password_changed_at)
       VALUES ($1, $2, 0, $3, now())`,
      [rows[0].id, `bench${i}`, hash],
    );
  }
};

const bareFastifyBaseline = async () => {
  const bare = Fastify();
  bare.post('/login', async () => ({ success: true, value: { token: 'x' } }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${bare.server.address().port}/login`;
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"a"}' };
  await throughput(200, CONCURRENCY, async () => (await fetch(url, init)).arrayBuffer());
  const rps = await throughput(BASELINE_REQUESTS, CONCURRENCY, async () => (await fetch(url, init)).arrayBuffer());
  await bare.close();
  return rps;
};

const main = async () => {
  console.log(`bench/login: Node ${process.version}, argon2id ${JSON.stringify(PASSWORD_HASH_PARAMS)}`);
  const hashMs = await measureHash();
  console.log(`  argon2id hash time: median ${fmt(hashMs)} ms of 7 (DESIGN.md §7 target: 100 to 500 ms)`);

  const { app, db, base, bootMs } = await bootPlatform();
  console.log(`  boot on in-memory PGlite, seeding the demo accounts at full hash cost: ${fmt(bootMs, 0)} ms`);
  const http = client(base);

  console.log(`\nBursts of ${BURST} wrong-password logins at one account:`);
  await burst(app, 'sequential, one IP, no captcha', async () => {
    const out = [];
    for (let i = 0; i < BURST; i += 1)
      out.push(await http.login({ username: 'demo_member', password: 'Wrong#1234' }, '10.8.0.1'));
    return out;
  });
  await burst(app, 'concurrent, a new IP each, no captcha', () =>
    Promise.all(
      Array.from({ length: BURST }, () => http.login({ username: 'demo_member', password: 'Wrong#1234' }, freshIp())),
    ),
  );
  await burst(app, 'sequential, a new IP each, every captcha solved', async () => {
    const out = [];
    for (let i = 0; i < BURST; i += 1) {
      out.push(
        await http.login({ username: 'demo_member', password: 'Wrong#1234', ...(await http.captcha()) }, freshIp()),
      );
    }
    return out;
  });

  console.log(`\nThroughput (${CONCURRENCY} concurrent clients over HTTP on loopback):`);
  await addBenchAccounts(db, 20);
  await db.query('DELETE FROM rate_limits');
  const baseline = await bareFastifyBaseline();
  const okRps = await throughput(LOGINS, CONCURRENCY, async (i) => {
    const res = await http.login({ username: `bench${i % 20}`, password: PASSWORD }, freshIp());
    if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  });
  await db.query('DELETE FROM rate_limits');
  await http.login({ username: 'demo_member', password: 'Wrong#1234' }, '10.8.0.2');
  const refusedRps = await throughput(BURST * 10, CONCURRENCY, async () => {
    const res = await http.login({ username: 'demo_member', password: 'Wrong#1234' }, '10.8.0.2');
    if (res.body.code !== 'CAPTCHA_REQUIRED') throw new Error(`expected a refusal, got ${JSON.stringify(res.body)}`);
  });
  console.log(`  bare Fastify route (baseline):            ${fmt(baseline, 0)} req/s`);
  console.log(
    `  successful logins (1 hash each):          ${fmt(okRps)} logins/s  = ${fmt(okRps / baseline, 4)} x baseline`,
  );
  console.log(
    `  refused logins (captcha required, 0 hash): ${fmt(refusedRps, 0)} req/s  = ${fmt(refusedRps / baseline, 3)} x baseline`,
  );
  // The ceiling hashing alone allows at this concurrency (argon2id at 64 MiB is memory-bound: it does not scale
  // with threads the way CPU-bound work would), measured now, in the same process.
  const hasher = argon2Hasher(PASSWORD_HASH_PARAMS);
  const hashRps = await throughput(LOGINS, CONCURRENCY, () => hasher.hash(PASSWORD));
  console.log(`  bare argon2id hashes (the ceiling):       ${fmt(hashRps)} hashes/s`);
  console.log(`  successful logins / hash ceiling:         ${fmt(okRps / hashRps, 2)} (1.00 = bound by hashing alone)`);

  await app.close();
  await db.close();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
