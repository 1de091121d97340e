import type { TestProject } from 'vitest/node';
import { writePlatformTemplate, type PlatformTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarballs of the booted databases every e2e platform starts from (support/template.ts). */
    platformTemplate: PlatformTemplate;
  }
}

/** Before any e2e file: the platform's and the RGS's databases, booted once, for every file's platform to start from. */
export default async function setup(project: TestProject): Promise<() => void> {
  const { template, remove } = await writePlatformTemplate();
  project.provide('platformTemplate', template);
  return remove;
}
