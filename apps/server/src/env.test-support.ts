import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/** What a production start needs, freshly generated (no value of this repository). */
export const productionSecrets = (): Record<string, string> => ({
  DATABASE_URL: 'postgres://platform@db:5432/platform',
  PAYLOAD_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  STAFF_SECRET_KEY: randomBytes(36).toString('base64url'),
  TRUSTED_PROXIES: '10.0.0.0/8',
});

const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', 'coverage']);
const SCANNED = new Set(['.ts', '.tsx', '.mjs', '.js', '.md', '.sh', '.yml', '.json']);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return SCANNED.has(extname(entry.name)) ? [path] : [];
  });

/** `SOME_SECRET = '…'`, `secret: '…'`, `TEST_STAFF_SECRET_KEY = '…'`: a literal given to a name that says secret. */
const ASSIGNED = /secret[A-Za-z_]*['"]?\s*[:=]\s*['"`]([^'"`\s$]{16,})['"`]/gi;
/** `STAFF_SECRET_KEY=…` or `VENDOR_SECRET_DEMO_RGS=…` in a shell line or a document. */
const EXPORTED = /(?:SECRET[A-Z_]*|SECRETS|_KEY)=(?:[a-z0-9_-]+=)?([^\s`'"<>,]{16,})/g;

/** Every secret-looking literal in this repository, with where it is (README, docs, sources, tests, scripts). */
export const repositorySecrets = (root: string): { value: string; where: string }[] => {
  const found: { value: string; where: string }[] = [];
  const files = [
    ...['apps', 'packages', 'scripts', 'e2e', 'bench', 'docs'].flatMap((dir) => filesUnder(join(root, dir))),
    join(root, 'README.md'),
  ];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of [ASSIGNED, EXPORTED]) {
      for (const match of text.matchAll(pattern)) {
        found.push({ value: match[1]!, where: relative(root, file) });
      }
    }
  }
  return found;
};
