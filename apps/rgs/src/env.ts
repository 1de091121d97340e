import { join, resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The only module of the RGS that reads process.env (standalone mode; embedded mode passes options instead). */
const findRepoRoot = (from = dirname(fileURLToPath(import.meta.url))): string => {
  let dir = from;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces !== undefined)
          return dir;
      } catch {
        // not the root; keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
};

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const RgsEnvSchema = z.object({
  RGS_PORT: optional(z.coerce.number().int().min(0).max(65_535)).transform((v) => v ?? 8090),
  RGS_HOST: optional(z.string().min(1)).transform((v) => v ?? '0.0.0.0'),
  RGS_DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// connection string')),
  RGS_DATA_DIR: optional(z.string()),
  RGS_PLATFORM_URL: optional(z.string().regex(/^https?:\/\/.+/, 'must be an http(s) URL')).transform(
    (v) => v ?? 'http://127.0.0.1:8080',
  ),
  RGS_OPERATOR_SECRETS: optional(z.string()).transform((v) => v ?? ''),
  /**
   * The origins whose pages may frame the games (the operators' platforms, comma-separated); default: the origin of
   * RGS_PLATFORM_URL.
   */
  RGS_FRAME_ANCESTORS: optional(z.string()),
  /** The platform's public verifier page (absolute when the RGS runs on another origin). */
  RGS_VERIFIER_URL: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).transform(
    (v) => v ?? 'info',
  ),
});
export type RgsEnv = z.infer<typeof RgsEnvSchema> & { dataDir: string };

export const loadRgsEnv = (source: NodeJS.ProcessEnv = process.env): RgsEnv => {
  const result = RgsEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid RGS configuration:\n${lines.join('\n')}`);
  }
  const root = findRepoRoot();
  const dataDir =
    result.data.RGS_DATA_DIR === undefined ? join(root, 'data', 'rgs') : resolve(root, result.data.RGS_DATA_DIR);
  return { ...result.data, dataDir };
};

/** Database tests run on PostgreSQL too when this is set. */
export const testDatabaseUrl = (source: NodeJS.ProcessEnv = process.env): string | undefined =>
  source.TEST_DATABASE_URL === '' ? undefined : source.TEST_DATABASE_URL;
