import { join, resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { developmentSecretReason } from '@platform/contracts/known-secrets';

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
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).transform((v) => v ?? 'development'),
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

/** A shared secret is an HMAC key: as long as the platform asks of its VENDOR_SECRET_* variables. */
const OPERATOR_SECRET_MIN_LENGTH = 32;

/**
 * The rules of a production start (ADR 0016): a PostgreSQL database, the platform's address said explicitly, and a
 * secret for at least one operator, none of them short or published in this repository. Names settings and operator
 * codes, never a secret.
 */
export const rgsProductionProblems = (data: z.infer<typeof RgsEnvSchema>, source: NodeJS.ProcessEnv): string[] => {
  const problems: string[] = [];
  if (data.RGS_DATABASE_URL === undefined) {
    problems.push('RGS_DATABASE_URL: must be set in production (the embedded database is for development only)');
  }
  if ((source.RGS_PLATFORM_URL ?? '') === '') {
    problems.push("RGS_PLATFORM_URL: must be set in production (the platform's address)");
  }
  const entries = data.RGS_OPERATOR_SECRETS.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) problems.push('RGS_OPERATOR_SECRETS: must be set in production (code=secret,...)');
  for (const entry of entries) {
    const at = entry.indexOf('=');
    const code = at > 0 ? entry.slice(0, at).trim() : '?';
    const secret = at > 0 ? entry.slice(at + 1).trim() : '';
    const reason =
      secret.length < OPERATOR_SECRET_MIN_LENGTH
        ? `must be at least ${OPERATOR_SECRET_MIN_LENGTH} characters`
        : developmentSecretReason(secret);
    if (reason !== null) problems.push(`RGS_OPERATOR_SECRETS (operator ${code}): ${reason}`);
  }
  return problems;
};

export const loadRgsEnv = (source: NodeJS.ProcessEnv = process.env): RgsEnv => {
  const result = RgsEnvSchema.safeParse(source);
  const lines = result.success
    ? result.data.NODE_ENV === 'production'
      ? rgsProductionProblems(result.data, source)
      : []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (!result.success || lines.length > 0) {
    throw new Error(`Invalid RGS configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
  const root = findRepoRoot();
  const dataDir =
    result.data.RGS_DATA_DIR === undefined ? join(root, 'data', 'rgs') : resolve(root, result.data.RGS_DATA_DIR);
  return { ...result.data, dataDir };
};

/** Database tests run on PostgreSQL too when this is set. */
export const testDatabaseUrl = (source: NodeJS.ProcessEnv = process.env): string | undefined =>
  source.TEST_DATABASE_URL === '' ? undefined : source.TEST_DATABASE_URL;
