// `npm test`: runs the test phases one after another (each an npm script), stops at the first that fails, and prints
// every phase's time at the end, so CI's log shows where the time goes. With PHASE_TIMES_FILE set (.ci/run sets it),
// each phase also appends `<phase> <seconds>` to that file, for the run's own table.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const phases = process.argv.slice(2);
const times = [];
let failed;
for (const phase of phases) {
  const started = process.hrtime.bigint();
  const result = spawnSync('npm', ['run', '--silent', phase], { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  times.push([phase, seconds]);
  if (process.env.PHASE_TIMES_FILE) appendFileSync(process.env.PHASE_TIMES_FILE, `${phase} ${seconds.toFixed(0)}\n`);
  if (result.status !== 0) {
    failed = phase;
    break;
  }
}
const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
process.stdout.write(
  `\nPhase times:\n${times.map(([p, s]) => `  ${p.padEnd(12)} ${s.toFixed(0).padStart(5)} s`).join('\n')}\n`,
);
process.stdout.write(
  `  ${'total'.padEnd(12)} ${total.toFixed(0).padStart(5)} s${failed ? `  (${failed} failed)` : ''}\n`,
);
process.exit(failed === undefined ? 0 : 1);
