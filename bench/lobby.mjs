#!/usr/bin/env node
// The lobby's games call against a bare Fastify route, measured in the same run (issue 5):
//  1. starts the platform (bench/lobby-server.mjs) with a bench merchant of 10,000 games across 60 vendors;
//  2. starts a bare Fastify route answering the same bytes as one games page;
//  3. drives both with autocannon (CONNECTIONS, DURATION seconds each, alternating, ROUNDS times) and prints requests/s,
//     p99 latency and the ratio games/bare of each round and their median (goal >= 0.5): a round's two runs are
//     seconds apart, so the machine's drift cancels out of its ratio. The games mix walks every type, vendor and the first pages, as
//     players browsing the lobby do; a second mix searches game names ("game 1234"), each asked once per round (a cache miss);
//  4. runs bench/lighthouse.mjs on / and /live (goal: every score >= 95, initial JS <= 150 KB gzip); SKIP_LIGHTHOUSE=1
//     skips it.
// Run: `npm run bench:lobby`. Absolute numbers move with the machine; run it on a quiet machine and compare ratios.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API } from '@platform/contracts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TYPES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'LOTT'];
const VENDORS = 60;

const startServer = (args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/lobby-server.mjs'), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /READY (\d+)/.exec(out);
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} server exited with ${code} before it was ready`)));
  });

const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** The lobby as players browse it: each type, each vendor of it, the first three pages, HOT and NEW tabs. */
const lobbyPaths = () => {
  const paths = [];
  const query = (params) =>
    `${API.game.games}?${new URLSearchParams({ clientType: '3', language: 'EN', pageSize: '18', ...params })}`;
  for (const [t, gameType] of TYPES.entries()) {
    for (const pageNo of ['1', '2', '3']) paths.push(query({ gameType, pageNo }));
    paths.push(query({ gameType, filter: 'HOT', pageNo: '1' }), query({ gameType, filter: 'NEW', pageNo: '1' }));
    for (let v = t; v < VENDORS; v += TYPES.length) {
      const vassalage = `BV${String(v).padStart(2, '0')}`;
      paths.push(query({ gameType, vassalage, pageNo: '1' }), query({ gameType, vassalage, pageNo: '2' }));
    }
  }
  return paths;
};

const run = (title, options) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) => {
      if (error) reject(error);
      else
        resolve({
          title,
          rps: result.requests.average,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
    });
  });

const show = (r) =>
  `${r.title.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms` +
  (r.non2xx || r.errors ? `   (non-2xx ${r.non2xx}, errors ${r.errors})` : '');

const main = async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-lobby-'));
  const platform = await startServer(['platform']);
  let bare;
  try {
    const paths = lobbyPaths();
    const sample = await fetch(`${platform.base}${paths[0]}`);
    const body = await sample.text();
    if (sample.status !== 200) throw new Error(`games call answered ${sample.status}: ${body.slice(0, 200)}`);
    const page = JSON.parse(body).value;
    console.log(
      `catalogue: ${page.total} games of type ${TYPES[0]}; one page of 18 is ${body.length} bytes; ${paths.length} lobby URLs`,
    );
    const bodyFile = join(tmp, 'page.json');
    writeFileSync(bodyFile, body);
    bare = await startServer(['bare', bodyFile]);
    const lobbyMix = () =>
      run('games call (lobby mix)', { url: platform.base, requests: paths.map((path) => ({ method: 'GET', path })) });
    const bareRoute = () => run('bare Fastify route', { url: `${bare.base}/bare` });
    // Warm-up: every lobby URL once (the first visit of each fills the cache), then both servers under load for a few
    // seconds, so neither run measures the JIT compiling its hot path.
    for (const path of paths) await fetch(`${platform.base}${path}`);
    await run('warm-up', { url: `${bare.base}/bare`, duration: 3 });
    await run('warm-up', { url: platform.base, requests: paths.map((path) => ({ method: 'GET', path })), duration: 3 });

    // The lobby rounds first, then the search rounds: a search run leaves the embedded database and the collector
    // busy for seconds after it (measured: the next lobby run 15 % slower), which would land on the next round.
    const results = { bare: [], games: [], searchBare: [], search: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      results.bare.push(await bareRoute());
      results.games.push(await lobbyMix());
      for (const key of ['bare', 'games']) console.log(`round ${round + 1}: ${show(results[key][round])}`);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      results.searchBare.push(await bareRoute());
      let n = round * 3; // another sequence of names each round
      results.search.push(
        await run('games search (cache miss)', {
          url: platform.base,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({
                ...request,
                path: `${API.game.games}?gameName=${encodeURIComponent(`game ${1000 + ((n += 7) % 9000)}`)}&pageSize=18&language=EN`,
              }),
            },
          ],
        }),
      );
      for (const key of ['searchBare', 'search'])
        console.log(`search round ${round + 1}: ${show(results[key][round])}`);
    }
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    };
    const ratios = (key, base) => results[key].map((r, round) => r.rps / results[base][round].rps);
    const list = (values) => values.map((value) => value.toFixed(2)).join(', ');
    const games = ratios('games', 'bare');
    const search = ratios('search', 'searchBare');
    console.log(
      `\ngames call / bare Fastify route: median ${median(games).toFixed(2)} (rounds ${list(games)}) (goal >= 0.5); ` +
        `games p99 median ${median(results.games.map((r) => r.p99))} ms`,
    );
    console.log(
      `search (cache miss) / bare: median ${median(search).toFixed(2)} (rounds ${list(search)}); ` +
        `search p99 median ${median(results.search.map((r) => r.p99))} ms`,
    );
  } finally {
    if (bare) await stop(bare.child);
    await stop(platform.child);
    rmSync(tmp, { recursive: true, force: true });
  }
  if (process.env.SKIP_LIGHTHOUSE !== '1') {
    console.log('\nLighthouse on / and /live:');
    await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(root, 'bench/lighthouse.mjs')], {
        cwd: root,
        env: { ...process.env, LIGHTHOUSE_PATHS: '/,/live' },
        stdio: 'inherit',
      });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`))));
    });
  }
};

await main();
