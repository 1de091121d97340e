#!/usr/bin/env node
// Return to player of the in-house games, measured by simulation against the stated values (DESIGN.md §6: "each
// game's return to player is stated and checked by simulation in a benchmark"), plus a chi-square test of the
// provably fair floats. Everything runs through the real engines of @platform/game-math, a fresh random server seed
// per batch, on worker threads across the CPUs.
//  - slot: ROUNDS paid rounds (default 20,000,000; goal: measured RTP within ±0.3 pp of SLOT_STATED_RTP_E4, which
//    needs about 15 million rounds to resolve: a shorter run is judged by the z-test below and says so);
//  - dice, mines, plinko, crash: ROUNDS / 20 rounds per configuration (default 1,000,000); their stated RTP is exact,
//    so each passes when it lies within 4 standard errors of the measurement (a z-test; some plinko and crash
//    configurations pay 100x..1000x, and no fixed window fits them all at a million rounds);
//  - RNG: FLOATS floats (default 1,000,000) into 100 bins, chi-square against the 99% critical value (df 99).
// Run: `node --import tsx bench/rtp.mjs` (ROUNDS=2000000 for a quick run, WORKERS to change the thread count).
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Worker threads do not inherit `--import tsx`, so each registers the TypeScript loader before loading the engines.
if (!isMainThread) register();
const {
  crashCashoutWins,
  crashChain,
  crashPayoutMinor,
  crashPointE2,
  crashRoundHash,
  CRASH_RTP_E4,
  diceQuote,
  DICE_OUTCOMES,
  FairFloatStream,
  generateServerSeed,
  minesMultiplierE4,
  playDice,
  playPlinko,
  playSlot,
  plinkoPayoutsE4,
  plinkoRtpE4,
  revealMines,
  SLOT_LINE_COUNT,
  SLOT_STATED_RTP_E4,
  slotRtpBreakdown,
  JACKPOT_HIT_CHANCE,
} = await import('@platform/game-math');

const ROUNDS = Number(process.env.ROUNDS ?? 20_000_000);
const MINI_ROUNDS = Math.max(1, Math.floor(ROUNDS / 20));
const FLOATS = Number(process.env.FLOATS ?? 1_000_000);
const WORKERS = Number(process.env.WORKERS ?? availableParallelism());
const BATCH = 250_000;
const BET = 10_000n; // a mini-game bet of 10,000 minor units: multiplierE4 pays exactly, no rounding noise
const CHI2_CRITICAL_99_DF99 = 134.642;
const BINS = 100;

const choose = (n, k) => {
  let result = 1;
  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
  return result;
};

/** Every configuration: how to play one round (returns payout and bet in minor units) and its exact stated RTP. */
const configs = () => {
  const list = [];
  const dice = [
    { target: 5000, over: true },
    { target: 1000, over: false },
    { target: 9800, over: true },
    { target: 9800, over: false },
  ];
  for (const bet of dice) {
    const quote = diceQuote(bet);
    list.push({
      key: `dice ${bet.over ? 'over' : 'under'} ${(bet.target / 100).toFixed(2)}`,
      game: 'dice',
      params: bet,
      statedRtp: (quote.winningOutcomes * quote.multiplierE4) / DICE_OUTCOMES / 10_000,
      expectedHit: quote.winningOutcomes / DICE_OUTCOMES,
    });
  }
  for (const [mineCount, picks] of [
    [1, 1],
    [1, 20],
    [3, 5],
    [5, 10],
    [10, 3],
    [24, 1],
  ]) {
    const survive = choose(25 - mineCount, picks) / choose(25, picks);
    list.push({
      key: `mines ${mineCount} mines, cash out after ${picks}`,
      game: 'mines',
      params: { mineCount, picks },
      statedRtp: (survive * minesMultiplierE4(mineCount, picks)) / 10_000,
      expectedHit: survive,
    });
  }
  for (const risk of ['low', 'medium', 'high']) {
    for (const rows of [8, 12, 16]) {
      const table = plinkoPayoutsE4(rows, risk);
      const expectedHit = table.reduce((sum, m, k) => sum + (m >= 10_000 ? choose(rows, k) / 2 ** rows : 0), 0);
      list.push({
        key: `plinko ${risk} ${rows} rows`,
        game: 'plinko',
        params: { rows, risk },
        statedRtp: plinkoRtpE4(rows, risk) / 10_000,
        expectedHit,
      });
    }
  }
  for (const cashoutE2 of [101, 150, 200, 1000, 10_000]) {
    list.push({
      key: `crash cash out ${(cashoutE2 / 100).toFixed(2)}x`,
      game: 'crash',
      params: { cashoutE2 },
      statedRtp: CRASH_RTP_E4 / 10_000,
      expectedHit: (0.99 * 100) / cashoutE2,
    });
  }
  return list;
};

const emptyStats = () => ({ rounds: 0, bet: 0, paid: 0, paidSq: 0, hits: 0, features: 0, freeSpins: 0, jackpots: 0 });
const add = (stats, betMinor, paidMinor, hit) => {
  stats.rounds += 1;
  stats.bet += betMinor;
  stats.paid += paidMinor;
  stats.paidSq += (paidMinor / betMinor) ** 2;
  if (hit) stats.hits += 1;
};

/** One batch of one configuration on a fresh server seed; nonces 0..rounds-1 as a player's rounds would be. */
const runJob = (job) => {
  const stats = emptyStats();
  const seed = job.serverSeed;
  const at = (nonce) => ({ serverSeed: seed, clientSeed: 'bench-rtp', nonce });
  if (job.game === 'slot') {
    const totalBet = SLOT_LINE_COUNT; // line bet 1: wins are whole multiples, nothing is rounded
    for (let nonce = 0; nonce < job.rounds; nonce += 1) {
      const round = playSlot(at(nonce), { lineBetMinor: 1n });
      const won = Number(round.totalWinMinor);
      add(stats, totalBet, won, won > 0);
      if (round.freeSpinsPlayed > 0) stats.features += 1;
      stats.freeSpins += round.freeSpinsPlayed;
      if (round.jackpotTrigger) stats.jackpots += 1;
    }
  } else if (job.game === 'dice') {
    for (let nonce = 0; nonce < job.rounds; nonce += 1) {
      const result = playDice(at(nonce), { betMinor: BET, ...job.params });
      add(stats, Number(BET), Number(result.payoutMinor), result.win);
    }
  } else if (job.game === 'mines') {
    const picks = Array.from({ length: job.params.picks }, (_, i) => (i * 7) % 25); // any fixed tiles will do
    for (let nonce = 0; nonce < job.rounds; nonce += 1) {
      const result = revealMines(at(nonce), job.params.mineCount, picks);
      add(stats, Number(BET), Number(result.payoutMinor(BET)), !result.hitMine);
    }
  } else if (job.game === 'plinko') {
    for (let nonce = 0; nonce < job.rounds; nonce += 1) {
      const result = playPlinko(at(nonce), { betMinor: BET, ...job.params });
      add(stats, Number(BET), Number(result.payoutMinor), result.multiplierE4 >= 10_000);
    }
  } else if (job.game === 'crash') {
    // A chain of its own per batch, played backwards as the live game does, with a salt of its own.
    const chain = crashChain(seed, job.rounds + 1);
    const salt = job.salt;
    for (let round = 1; round <= job.rounds; round += 1) {
      const point = crashPointE2(crashRoundHash(chain, round), salt);
      const win = crashCashoutWins(point, job.params.cashoutE2);
      add(stats, 100, win ? Number(crashPayoutMinor(100n, job.params.cashoutE2)) : 0, win);
    }
  } else if (job.game === 'floats') {
    const bins = new Array(BINS).fill(0);
    let drawn = 0;
    for (let nonce = 0; drawn < job.rounds; nonce += 1) {
      const stream = new FairFloatStream(at(nonce));
      for (let i = 0; i < 8 && drawn < job.rounds; i += 1, drawn += 1) bins[Math.floor(stream.next() * BINS)] += 1;
    }
    return { ...stats, bins };
  }
  return stats;
};

if (!isMainThread) {
  parentPort.on('message', (job) => parentPort.postMessage({ key: job.key, stats: runJob(job) }));
} else {
  await main();
}

async function main() {
  const started = performance.now();
  const slotKey = 'slot 20 lines, line bet 1';
  const list = [
    { key: slotKey, game: 'slot', params: {}, rounds: ROUNDS, statedRtp: SLOT_STATED_RTP_E4 / 10_000 },
    ...configs().map((config) => ({ ...config, rounds: MINI_ROUNDS })),
  ];
  const jobs = [];
  for (const config of list) {
    for (let done = 0; done < config.rounds; done += BATCH) {
      jobs.push({
        key: config.key,
        game: config.game,
        params: config.params,
        rounds: Math.min(BATCH, config.rounds - done),
        serverSeed: generateServerSeed(randomBytes),
        salt: randomBytes(32).toString('hex'),
      });
    }
  }
  // Jobs run in list order: the slot's batches first, the short ones last, so the threads finish together.
  jobs.push({ key: 'floats', game: 'floats', rounds: FLOATS, serverSeed: generateServerSeed(randomBytes) });
  const totals = new Map();
  const merge = (key, stats) => {
    const total = totals.get(key) ?? { ...emptyStats(), bins: null };
    for (const field of Object.keys(stats)) {
      if (field === 'bins') total.bins = stats.bins;
      else total[field] += stats[field];
    }
    totals.set(key, total);
  };

  console.log(
    `RTP bench: ${ROUNDS.toLocaleString('en')} slot rounds, ${MINI_ROUNDS.toLocaleString('en')} rounds per mini-game ` +
      `configuration, ${FLOATS.toLocaleString('en')} floats; ${jobs.length} batches on ${WORKERS} worker threads`,
  );
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
      worker.on('message', ({ key, stats }) => {
        running -= 1;
        merge(key, stats);
        feed(worker);
      });
      feed(worker);
    }
  });

  const pct = (x, digits = 2) => `${(x * 100).toFixed(digits)}%`;
  let failures = 0;
  const verdict = (ok) => {
    if (!ok) failures += 1;
    return ok ? 'PASS' : 'FAIL';
  };
  const row = (cells, widths) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' ');
  const widths = [34, 11, 9, 9, 9, 8, 8, 9, 4];
  console.log('');
  console.log(
    row(['game / configuration', 'rounds', 'RTP', 'stated', 'diff pp', 'SE pp', 'hit', 'exp. hit', ''], widths),
  );
  for (const config of list) {
    const t = totals.get(config.key);
    const rtp = t.paid / t.bet;
    const meanSq = t.paidSq / t.rounds;
    const se = Math.sqrt(Math.max(0, meanSq - rtp * rtp) / t.rounds);
    const diff = rtp - config.statedRtp;
    // The slot's goal is ±0.3 pp; a run too short to resolve that (3 SE > 0.3 pp, e.g. a small ROUNDS) falls back
    // to the z-test the mini games use, and says so.
    const isSlot = config.game === 'slot' && 3 * se <= 0.003;
    const ok = isSlot ? Math.abs(diff) <= 0.003 : Math.abs(diff) <= 4 * se;
    const tooShort = config.game === 'slot' && !isSlot ? ', too few rounds for the ±0.3 pp goal' : '';
    console.log(
      row(
        [
          config.key,
          t.rounds.toLocaleString('en'),
          pct(rtp, 3),
          pct(config.statedRtp, 3),
          `${diff >= 0 ? '+' : ''}${(diff * 100).toFixed(3)}`,
          (se * 100).toFixed(3),
          pct(t.hits / t.rounds, 1),
          config.expectedHit === undefined ? '—' : pct(config.expectedHit, 1),
          `${verdict(ok)}${isSlot ? ' (goal ±0.3 pp)' : ` (z = ${(diff / se).toFixed(2)}${tooShort})`}`,
        ],
        widths,
      ),
    );
  }

  const slot = totals.get(slotKey);
  const exact = slotRtpBreakdown();
  console.log('');
  console.log(
    `slot exact: base lines ${pct(exact.baseLines, 3)} + scatters ${pct(exact.baseScatters, 3)} + free spins ` +
      `${pct(exact.freeSpins, 3)} = ${pct(exact.total, 4)} (stated ${pct(SLOT_STATED_RTP_E4 / 10_000)})`,
  );
  console.log(
    `slot features: 1 in ${(slot.rounds / slot.features).toFixed(1)} rounds (exact 1 in ${(1 / exact.triggerChance).toFixed(1)}), ` +
      `${(slot.freeSpins / slot.features).toFixed(2)} free spins each (exact ${exact.expectedFreeSpins.toFixed(2)}), ` +
      `jackpot triggers ${slot.jackpots} (expected ${(slot.rounds * JACKPOT_HIT_CHANCE).toFixed(0)})`,
  );

  const { bins } = totals.get('floats');
  const expected = FLOATS / BINS;
  const chi2 = bins.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
  console.log(
    `RNG floats: chi-square ${chi2.toFixed(2)} over ${BINS} bins (df ${BINS - 1}, 99% critical ${CHI2_CRITICAL_99_DF99}) ` +
      `${verdict(chi2 < CHI2_CRITICAL_99_DF99)}`,
  );
  console.log(
    `\n${failures === 0 ? 'all PASS' : `${failures} FAIL`} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exitCode = failures === 0 ? 0 : 1;
}
