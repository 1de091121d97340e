import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { PlatformTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarballs of the booted databases every e2e platform starts from (support/template.ts). */
    platformTemplate: PlatformTemplate;
  }
}

const WRITE_TEMPLATE = fileURLToPath(new URL('./write-template.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Before any e2e file: the platform's and the RGS's databases, booted once, for every file's platform to start from. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'platform-e2e-template-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', WRITE_TEMPLATE, dir], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    project.provide('platformTemplate', JSON.parse(output) as PlatformTemplate);
  } catch (error) {
    remove();
    throw error;
  }
  return remove;
}
