import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Timers outside the registry that are not scheduled work: each bounds one operation's wait, once. Anything that
 * repeats, or does business on a clock, is a job (DESIGN.md §8) declared in its module's `<name>.jobs.ts`.
 */
const ONE_SHOT_WAITS: Record<string, string> = {
  'run.ts': 'the shutdown deadline',
  'modules/platform/health/health.routes.ts': "the readiness probe's time limit",
  'modules/games/vendor-wallet/transfer-adapter.ts': "a vendor call's time limit",
  'modules/games/vendor-wallet/demo-adapter.ts': "the demo vendor's simulated latency",
  'modules/platform/merchant/config-ops.ts': 'dropping cached answers once more after the lookups behind them expire',
  'test/crash/crash-support.ts': "the crash test's waits for the server process",
  'modules/platform/jobs/jobs.node-fixture.ts': "the two-process test's run time",
  'test/spawned-server.ts': "the production-start test's wait for a server process",
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

describe('scheduled work', () => {
  it('should go through the job registry: no interval timer or cron outside it, and only one-shot waits', () => {
    const found: Record<string, string[]> = {};
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const kinds = ['setInterval(', 'new Cron(', 'setTimeout('].filter((kind) => text.includes(kind));
      if (kinds.length > 0) found[relative(SRC, file)] = kinds;
    }
    const { 'modules/platform/jobs/jobs.scheduler.ts': scheduler, ...rest } = found;
    expect(scheduler).toEqual(['new Cron(']);
    expect(Object.entries(rest).filter(([, kinds]) => kinds.some((kind) => kind !== 'setTimeout('))).toEqual([]);
    expect(Object.keys(rest).sort()).toEqual(Object.keys(ONE_SHOT_WAITS).sort());
  });
});
