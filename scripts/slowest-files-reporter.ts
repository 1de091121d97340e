import type { Reporter, TestModule } from 'vitest/node';

/**
 * CI's log lists every test; this adds, at the end of a run, the test files that took longest (their own time from
 * import to the last test, not waiting for a worker), so a slow suite shows where its time goes.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files = testModules
      .map((module) => ({
        name: `${module.project.name} ${module.relativeModuleId}`,
        seconds: module.diagnostic().duration / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 20);
    const lines = files.map((file) => `  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
    process.stdout.write(`\nSlowest test files:\n${lines.join('\n')}\n`);
  }
}
