#!/usr/bin/env node
// Lighthouse on the player web app's home page, against a baseline measured in the same run: a minimal static page
// served from the same machine. Prints the three category scores, the initial JavaScript (gzip) and the ratio of
// the app's paint and blocking metrics to the baseline's. Run: `npm run bench:lighthouse` (it builds the web app).
//
// Each page is audited LIGHTHOUSE_RUNS times (default 5) and the median run is reported, chosen as Lighthouse's own
// tooling does (computeMedianRun: the run nearest the median first paint and time to interactive), because one run
// varies by several points on the same build (Lighthouse's "variability" guide recommends five). Every run's
// performance score and blocking time are printed beside it, so the spread is in the output too.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import * as chromeLauncher from 'chrome-launcher';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.BENCH_PORT ?? 18080);
const presets = (process.env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',');
/** The app pages to audit, e.g. LIGHTHOUSE_PATHS=/,/live (bench/lobby audits both). */
const paths = (process.env.LIGHTHOUSE_PATHS ?? '/').split(',');
/** Runs per page and preset; the median run is reported. */
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));

/**
 * Initial JS: what must run before the first page renders, gzip-compressed. The entry (index.html's script) paints
 * first and then imports React's DOM client and the app (src/app/start.tsx), which waits for the start-up part of the
 * language pack: so the entry, those chunks, the pack's start-up part and every chunk they import statically, read from
 * Vite's manifest (dist/.vite/manifest.json).
 */
const initialJsGzipKb = () => {
  const dist = join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  add('index.html');
  const start = Object.keys(manifest).find((key) => key.endsWith('src/app/start.tsx'));
  if (start === undefined) throw new Error('no src/app/start.tsx chunk in the Vite manifest');
  add(start);
  // React's DOM client, which the entry imports on its own just before the app (src/main.tsx).
  const client = Object.keys(manifest).find((key) => key.endsWith('react-dom/client.js'));
  if (client === undefined) throw new Error('no react-dom/client chunk in the Vite manifest');
  add(client);
  // The default language's start-up strings: initI18n waits for them before the first render.
  const pack = Object.keys(manifest).find((key) => /locale-pack\/en\/startup$/.test(key));
  if (pack === undefined) throw new Error('no start-up part of the English language pack in the Vite manifest');
  add(pack);
  const bytes = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
  return { files: [...files], kb: bytes / 1024 };
};

const waitFor = async (url, timeoutMs) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
};

const startPlatform = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/health/ready`, 60_000);
  return () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
};

/** The baseline: the smallest honest page, a heading and a paragraph, no script. */
const startBaseline = () =>
  new Promise((resolve) => {
    const page =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
      '<meta name="description" content="baseline"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>Static page.</p></main></body></html>';
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    });
    server.listen(port + 1, '127.0.0.1', () => resolve(server));
  });

/** One Lighthouse run; a run that failed (no paint, no navigation) is kept out of the median and reported. */
const auditOnce = async (url, preset, chrome) => {
  const config = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
    config,
  );
  const { runtimeError } = result.lhr;
  if (runtimeError) console.log(`  (a run of ${url} failed: ${runtimeError.code}; not counted)`);
  return runtimeError ? null : result.lhr;
};

const summary = (lhr) => {
  const { categories, audits } = lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => `${a.id} ${JSON.stringify(a.details?.items ?? []).slice(0, 400)}`),
  };
};

/** The median of `runs` runs (computeMedianRun), with every run's performance score and blocking time. */
const audit = async (url, preset, chrome) => {
  const all = [];
  for (let run = 0; run < runs; run += 1) {
    const lhr = await auditOnce(url, preset, chrome);
    if (lhr) all.push(lhr);
  }
  const valid = filterToValidRuns(all);
  if (valid.length === 0) throw new Error(`Lighthouse could not audit ${url} in ${runs} runs`);
  const each = valid.map(summary);
  return {
    ...summary(computeMedianRun(valid)),
    spread: `runs ${each.map((r) => r.performance).join(', ')}; TBT ${each.map((r) => r.tbtMs.toFixed(0)).join(', ')} ms`,
  };
};

const main = async () => {
  const js = initialJsGzipKb();
  const stopPlatform = await startPlatform();
  const baseline = await startBaseline();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    console.log(`initial JS: ${js.kb.toFixed(1)} KB gzip (${js.files.length} files; aim <= 150)`);
    console.log(`scores: the median of ${runs} Lighthouse run(s) per page (LIGHTHOUSE_RUNS)`);
    for (const preset of presets) {
      const base = await audit(`http://127.0.0.1:${port + 1}/`, preset, chrome);
      console.log(
        `\n[${preset}] baseline   performance ${base.performance}  accessibility ${base.accessibility}  best-practices ${base.bestPractices}`,
      );
      for (const path of paths) {
        const app = await audit(`http://127.0.0.1:${port}${path}`, preset, chrome);
        const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
        const label = `app ${path}`.padEnd(10);
        console.log(
          `[${preset}] ${label} performance ${app.performance}  accessibility ${app.accessibility}  best-practices ${app.bestPractices}  (aim >= 95 each)`,
        );
        console.log(
          `[${preset}] ${label} FCP ${app.fcpMs.toFixed(0)} ms (x${ratio(app.fcpMs, base.fcpMs)} baseline)  LCP ${app.lcpMs.toFixed(0)} ms (x${ratio(app.lcpMs, base.lcpMs)})  TBT ${app.tbtMs.toFixed(0)} ms  CLS ${app.cls.toFixed(3)}`,
        );
        if (runs > 1) console.log(`[${preset}] ${label} median of ${runs}: ${app.spread}`);
        if (app.failing.length) console.log(`[${preset}] ${path} failing audits:\n  ${app.failing.join('\n  ')}`);
      }
    }
  } finally {
    await chrome.kill();
    baseline.close();
    await stopPlatform();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
