/**
 * `node --import tsx e2e/support/write-template.ts <dir>`: writes the e2e databases' templates into <dir> and prints
 * their paths as JSON. The globalSetup runs it as a process of its own, which loads the server as `npm start` does
 * (vitest's main process resolves some of the server's CommonJS dependencies differently from Node).
 */
import { writePlatformTemplate } from './template';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: write-template.ts <dir>');
process.stdout.write(JSON.stringify(await writePlatformTemplate(dir)));
