#!/usr/bin/env node
// Lottery return to player, measured by simulation against the stated values (DESIGN.md §6; packages/game-math
// LOTTERY.md), and a chi-square test of each family's draw map. Everything goes through the real engines of
// @platform/game-math: a fresh random seed per batch, issue numbers as the draw engine writes them, each issue drawn
// by drawNumbers and every bet settled by settleBet, on worker threads across the CPUs.
//  - ISSUES issues per family (default 1,000,000). Each issue settles one fixed pick of every method of the family
//    under its odds table(s) (prize group 1800 and the two-sided ELOTT table for the Chinese-style families).
//  - A method passes when its measured return lies within ±0.3 pp of the stated one and the run resolves that
//    (3 standard errors ≤ 0.3 pp). A family with a method whose variance needs more issues than ISSUES for that (a
//    triple at 1 in 216, a five-digit straight, a xiên 4) is run on, in a second pass, to the issues its widest
//    method needs (up to MAX_ISSUES per family, default 50,000,000); only a method still unresolved after that falls
//    back to a z-test within 4 standard errors, and says so.
//  - Chi-square of the draw map per family (digits per position, dice, the winning car, the first number of
//    11-choose-5, the last two digits of SEA's and 4D's first prize, every VN lô tail) against the 99.9% critical
//    value (Wilson–Hilferty), so a run of eight tests has about a 1 in 125 chance of a false alarm.
// Run: `node --import tsx bench/lottery-rtp.mjs` (ISSUES=100000 for a quick run, WORKERS to change the thread count).
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

if (!isMainThread) register();
const gm = await import('@platform/game-math');
const { drawNumbers, payoutOf, priceBet, selectionRtp, prizeGroupOdds, lotteryMethod, validateRows } = gm;

const ISSUES = Number(process.env.ISSUES ?? 1_000_000);
const MAX_ISSUES = Number(process.env.MAX_ISSUES ?? 50_000_000);
const WORKERS = Number(process.env.WORKERS ?? availableParallelism());
const BATCH = 50_000;
const range = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
const fill = (n, row) => Array.from({ length: n }, () => row);

/** Each family's picks: [method, table name, rows]; picks broad enough that a million issues can resolve most. */
const tables = () => ({
  d5: prizeGroupOdds('digit5', 1800),
  k3: prizeGroupOdds('dice3', 1800),
  pk: prizeGroupOdds('race10', 1800),
  x5: prizeGroupOdds('pick11', 1800),
  d5e: gm.ELOTT_ODDS.digit5,
  k3e: gm.ELOTT_ODDS.dice3,
  pke: gm.ELOTT_ODDS.race10,
  sea: gm.SEA_ODDS,
  fourD: gm.FOUR_D_ODDS,
  vnn: gm.VN_NORTH_ODDS,
  vns: gm.VN_SOUTH_ODDS,
});
const threeDistinct = range(0, 999).filter((n) => {
  const a = Math.floor(n / 100);
  const b = Math.floor(n / 10) % 10;
  const c = n % 10;
  return a < b && b < c; // one ordering per set of three digits: 120 tickets, exactly one wins when the top is distinct
});
const vnPicks = (p) => [
  [`${p}.lo2`, p, [range(0, 49)]],
  [`${p}.lo3`, p, [range(0, 499)]],
  [`${p}.de`, p, [range(0, 49)]],
  [`${p}.cang3`, p, [range(0, 499)]],
  [`${p}.xien2`, p, [range(0, 29)]],
  [`${p}.xien3`, p, [range(0, 29)]],
  [`${p}.xien4`, p, [range(0, 29)]],
];
const PICKS = {
  digit5: [
    ['d5.straight5', 'd5', fill(5, range(0, 7))],
    ['d5.straight3', 'd5', fill(3, range(0, 7))],
    ['d5.group3', 'd5', [range(0, 9)]],
    ['d5.group6', 'd5', [range(0, 9)]],
    ['d5.position', 'd5', fill(5, range(0, 4))],
    ['d5.sum3', 'd5', [range(10, 17)]],
    ['d5.bsoe', 'd5', [[0], [1], [2], [3], [0]]],
    ['d5.totalBsoe', 'd5', [[0, 2]]],
    ['d5.dragonTiger', 'd5', [[0, 1, 2]]],
    ['d5.bsoe', 'd5e', [[0], [1], [2], [3], [0]]],
    ['d5.totalBsoe', 'd5e', [[1, 3]]],
    ['d5.dragonTiger', 'd5e', [[0, 1, 2]]],
    ['d5.position', 'd5e', fill(5, range(5, 9))],
  ],
  dice3: [
    ['k3.sum', 'k3', [range(3, 18)]],
    ['k3.triple', 'k3', [range(1, 6)]],
    ['k3.anyTriple', 'k3', [[1]]],
    ['k3.pair', 'k3', [range(1, 6)]],
    ['k3.bigSmall', 'k3', [[0, 2]]],
    ['k3.sum', 'k3e', [range(3, 18)]],
    ['k3.bigSmall', 'k3e', [[1, 3]]],
    ['k3.anyTriple', 'k3e', [[1]]],
    ['k3.triple', 'k3e', [range(1, 6)]],
  ],
  race10: [
    ['pk.position', 'pk', fill(10, range(1, 5))],
    ['pk.topTwoSum', 'pk', [range(3, 19)]],
    ['pk.dragonTiger', 'pk', [[0], [1], [0], [1], [0]]],
    ['pk.position', 'pke', fill(10, range(6, 10))],
    ['pk.topTwoSum', 'pke', [range(3, 19)]],
    ['pk.dragonTiger', 'pke', [[1], [0], [1], [0], [1]]],
  ],
  pick11: [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((k) => [`x5.any${k}`, 'x5', [range(1, Math.min(11, k + 5))]]),
    ['x5.front1', 'x5', [range(1, 6)]],
  ],
  sea: [
    ['sea.3top', 'sea', [range(0, 499)]],
    ['sea.3tod', 'sea', [threeDistinct]],
    ['sea.2top', 'sea', [range(0, 49)]],
    ['sea.2bottom', 'sea', [range(50, 99)]],
    ['sea.3bottom', 'sea', [range(0, 499)]],
    ['sea.runTop', 'sea', [range(0, 4)]],
  ],
  fourD: [
    ['4d.big', 'fourD', [range(0, 4999)]],
    ['4d.small', 'fourD', [range(0, 4999)]],
  ],
  vnNorth: vnPicks('vnn'),
  vnSouth: vnPicks('vns'),
};
const FAMILIES = Object.keys(PICKS);
const BINS = {
  digit5: { bins: 50, df: 45, of: (d) => d.map((v, i) => i * 10 + v) },
  dice3: { bins: 18, df: 15, of: (d) => d.map((v, i) => i * 6 + v - 1) },
  race10: { bins: 10, df: 9, of: (d) => [d[0] - 1] },
  pick11: { bins: 11, df: 10, of: (d) => [d[0] - 1] },
  sea: { bins: 100, df: 99, of: (d) => [d[0] % 100] },
  fourD: { bins: 100, df: 99, of: (d) => [d[0] % 100] },
  vnNorth: { bins: 100, df: 99, of: (d) => d.map((v) => v % 100) },
  vnSouth: { bins: 100, df: 99, of: (d) => d.map((v) => v % 100) },
};

const runJob = (job) => {
  const t = tables();
  const picks = PICKS[job.family].map(([method, table, rows]) => {
    const input = { method, rows, unitMinor: 100n, multiple: 1 };
    const cost = Number(priceBet(input, t[table]).costMinor);
    const m = lotteryMethod(method);
    return { input, method: m, rows: validateRows(m, rows), table: t[table], cost };
  });
  const stats = picks.map(() => ({ bet: 0, paid: 0, paidSq: 0, hits: 0 }));
  const { bins, of } = BINS[job.family];
  const counts = new Array(bins).fill(0);
  for (let i = 0; i < job.issues; i += 1) {
    const issueNo = `${job.day}${String(i).padStart(6, '0')}`;
    const draw = drawNumbers(job.family, { seed: job.seed, lotteryCode: 'BENCH', issueNo });
    for (const bin of of(draw)) counts[bin] += 1;
    picks.forEach((pick, k) => {
      const paid = Number(payoutOf(pick.method, pick.table, pick.method.hits(draw, pick.rows), pick.input).payoutMinor);
      const s = stats[k];
      s.bet += pick.cost;
      s.paid += paid;
      s.paidSq += (paid / pick.cost) ** 2;
      if (paid > 0) s.hits += 1;
    });
  }
  return { stats, counts, issues: job.issues };
};

if (!isMainThread) {
  parentPort.on('message', (job) => parentPort.postMessage({ family: job.family, ...runJob(job) }));
} else {
  await main();
}

/** The chi-square critical value at upper-tail probability 0.001 (z = 3.0902), Wilson–Hilferty. */
function chi2Critical(df) {
  const z = 3.0902;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** Runs `jobs` on the worker threads and adds what they measured to `totals` (per family: stats, counts, issues). */
async function runJobs(jobs, totals) {
  await new Promise((resolve, reject) => {
    let next = 0;
    let running = 0;
    const workers = Array.from({ length: Math.max(1, WORKERS) }, () => new Worker(new URL(import.meta.url)));
    const feed = (worker) => {
      if (next < jobs.length) {
        worker.postMessage(jobs[next++]);
        running += 1;
      } else {
        void worker.terminate();
        if (running === 0) resolve();
      }
    };
    for (const worker of workers) {
      worker.on('error', reject);
      worker.on('message', ({ family, stats, counts, issues }) => {
        running -= 1;
        const total = totals.get(family);
        if (total === undefined) totals.set(family, { stats, counts, issues });
        else {
          stats.forEach((s, k) => {
            for (const f of Object.keys(s)) total.stats[k][f] += s[f];
          });
          counts.forEach((c, b) => (total.counts[b] += c));
          total.issues += issues;
        }
        feed(worker);
      });
      feed(worker);
    }
  });
}

/** Batches of `issues` more issues of `family`, numbered on from batch `firstBatch` (each batch its own seed). */
function batchesOf(family, issues, firstBatch) {
  const jobs = [];
  for (let done = 0, batch = firstBatch; done < issues; done += BATCH, batch += 1) {
    jobs.push({
      family,
      issues: Math.min(BATCH, issues - done),
      seed: randomBytes(32).toString('hex'),
      day: `2026${String(batch).padStart(4, '0')}`,
    });
  }
  return jobs;
}

/** A method's measured return and its standard error over `issues` issues. */
function measured(s, issues) {
  const rtp = s.paid / s.bet;
  return { rtp, se: Math.sqrt(Math.max(0, s.paidSq / issues - rtp * rtp) / issues) };
}

async function main() {
  const started = performance.now();
  const jobs = FAMILIES.flatMap((family) => batchesOf(family, ISSUES, 0));
  console.log(
    `Lottery RTP bench: ${ISSUES.toLocaleString('en')} issues per family, ${FAMILIES.length} families; ` +
      `${jobs.length} batches on ${WORKERS} worker threads`,
  );
  const totals = new Map();
  await runJobs(jobs, totals);
  // Second pass: a family whose widest method does not resolve ±0.3 pp at 3 standard errors runs on to the issues
  // that method needs (the standard error falls with the square root of the issues), with 10% to spare.
  const more = [];
  for (const family of FAMILIES) {
    const total = totals.get(family);
    const widest = Math.max(...total.stats.map((s) => measured(s, total.issues).se));
    if (3 * widest <= 0.003) continue;
    const target = Math.min(MAX_ISSUES, Math.ceil((total.issues * 1.1 * (widest / 0.001) ** 2) / BATCH) * BATCH);
    if (target > total.issues) more.push([family, target - total.issues]);
  }
  if (more.length > 0) {
    const list = more.map(([family, issues]) => `${family} +${issues.toLocaleString('en')}`).join(', ');
    console.log(`second pass, for ±0.3 pp at 3 standard errors: ${list} issues`);
    await runJobs(
      more.flatMap(([family, issues]) => batchesOf(family, issues, Math.ceil(ISSUES / BATCH))),
      totals,
    );
  }

  const t = tables();
  let failures = 0;
  let unresolved = 0;
  const row = (cells, widths) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' ');
  const widths = [40, 9, 9, 9, 8, 7, 8];
  console.log('');
  console.log(row(['method (table)', 'RTP', 'stated', 'diff pp', 'SE pp', 'hit', ''], widths));
  for (const family of FAMILIES) {
    const total = totals.get(family);
    console.log(`— ${family} (${total.issues.toLocaleString('en')} issues)`);
    PICKS[family].forEach(([method, table, rows], k) => {
      const s = total.stats[k];
      const { issues } = total;
      const { rtp, se } = measured(s, issues);
      const stated = selectionRtp({ method, rows }, t[table]);
      const diff = rtp - stated;
      const resolves = 3 * se <= 0.003;
      const ok = resolves ? Math.abs(diff) <= 0.003 : Math.abs(diff) <= 4 * se;
      if (!ok) failures += 1;
      if (!resolves) unresolved += 1;
      const note = resolves ? '(goal ±0.3 pp)' : `(z = ${(diff / se).toFixed(2)}, needs more issues for ±0.3 pp)`;
      console.log(
        row(
          [
            `${method} (${t[table].id}) ×${lotteryMethod(method).count(rows)}`,
            `${(rtp * 100).toFixed(3)}%`,
            `${(stated * 100).toFixed(3)}%`,
            `${diff >= 0 ? '+' : ''}${(diff * 100).toFixed(3)}`,
            (se * 100).toFixed(3),
            `${((s.hits / issues) * 100).toFixed(1)}%`,
            `${ok ? 'PASS' : 'FAIL'} ${note}`,
          ],
          widths,
        ),
      );
    });
  }
  console.log('');
  for (const family of FAMILIES) {
    const { counts } = totals.get(family);
    const { df } = BINS[family];
    const n = counts.reduce((a, b) => a + b, 0);
    const expected = n / counts.length;
    const chi2 = counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    const critical = chi2Critical(df);
    const ok = chi2 < critical;
    if (!ok) failures += 1;
    console.log(
      `draw map ${family.padEnd(8)} chi-square ${chi2.toFixed(2).padStart(8)} over ${counts.length} bins ` +
        `(df ${df}, 99.9% critical ${critical.toFixed(2)}) ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `\n${failures === 0 ? 'all PASS' : `${failures} FAIL`} (${unresolved} method(s) judged by z-test) in ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exitCode = failures === 0 ? 0 : 1;
}
