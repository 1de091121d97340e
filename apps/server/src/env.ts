import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { developmentSecretReason } from '@platform/contracts/known-secrets';

/**
 * The only module that reads process.env (ESLint enforces it). Everything else receives an `Env`.
 * Relative paths (DATA_DIR, WEB_DIST_DIR, OPS_DIST_DIR) resolve against the repository root, because `npm start` runs
 * the server through `npm run start -w apps/server`, whose working directory is apps/server.
 */

/** Walks up from this file to the package.json that declares workspaces; falls back to the cwd. */
export const findRepoRoot = (from = dirname(fileURLToPath(import.meta.url))): string => {
  let dir = from;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
        if (parsed.workspaces !== undefined) return dir;
      } catch {
        // An unreadable package.json is not the root we look for; keep walking up.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
};

/** TRUSTED_PROXIES=none: no proxy in front; every peer is the client. */
export const TRUST_NO_PROXY = 'none';

const isIpOrCidr = (value: string): boolean => ipaddr.isValid(value) || isValidCidr(value);
const isValidCidr = (value: string): boolean => {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
};

/** PEM in one environment line often arrives with literal `\n`; either form is accepted. */
const normalizePem = (value: string): string => value.replace(/\\n/g, '\n').trim();

const isRsaPrivateKey = (pem: string): boolean => {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;
  } catch {
    return false;
  }
};

/** Unset and empty are the same thing: shells and .env files often export `NAME=`. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).transform((v) => v ?? 'development'),
  PORT: optional(z.coerce.number().int().min(0).max(65_535)).transform((v) => v ?? 8080),
  HOST: optional(z.string().min(1)).transform((v) => v ?? '0.0.0.0'),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).transform(
    (v) => v ?? 'info',
  ),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection string'),
  ),
  DATA_DIR: optional(z.string()),
  DEFAULT_MERCHANT_CODE: optional(
    z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'must be a merchant code such as demo'),
  ).transform((v) => v ?? 'demo'),
  /**
   * Peers whose X-Forwarded-For (and X-Forwarded-Host) is believed. Empty by default, loopback included:
   * trusting a peer that is not really a proxy lets any client pick its own IP and walk past region rules,
   * while forgetting to list a real proxy only makes every request look like it comes from the proxy.
   * Behind a reverse proxy on the same host, set TRUSTED_PROXIES=127.0.0.1/8. `none` says so explicitly (clients connect
   * to the process directly), which production requires instead of leaving it unset (productionProblems).
   */
  TRUSTED_PROXIES: optional(z.string())
    .transform((v) =>
      v?.trim().toLowerCase() === TRUST_NO_PROXY
        ? []
        : (v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
    )
    .refine(
      (list) => list.every(isIpOrCidr),
      `must be a comma-separated list of IP addresses or CIDR ranges, or ${TRUST_NO_PROXY}`,
    ),
  WEB_DIST_DIR: optional(z.string()),
  /** The back office's build (apps/ops), served under /ops. */
  OPS_DIST_DIR: optional(z.string()),
  /**
   * RSA private key (PKCS#8 PEM, 2048 bits or more) that opens sealed payloads. Set it in distributed mode so every
   * node opens what any node's public key sealed; unset, a key pair is generated at boot (embedded mode), and
   * clients holding the previous key id get PAYLOAD_KEY_UNKNOWN and refetch the key.
   */
  PAYLOAD_PRIVATE_KEY: optional(z.string())
    .transform((v) => (v === undefined ? undefined : normalizePem(v)))
    .refine((v) => v === undefined || isRsaPrivateKey(v), 'must be an RSA private key of 2048 bits or more (PEM)'),
  /** Socket.IO fan-out across processes (distributed mode); unset: the in-process adapter. */
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')),
  /**
   * Key that seals staff TOTP secrets in the database (AES-256-GCM; modules/operations/staff/staff-secrets.ts). Unset: a key kept
   * in DATA_DIR/staff-secret.key, made at first start (embedded mode). Set it when several nodes share a database;
   * changing it makes every enrolled staff member enrol again (reset MFA).
   */
  STAFF_SECRET_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  /**
   * The demo payment gateway's webhook secret. Unset: a random one per process (embedded mode, where the gateway and
   * the platform share the process). Set it when several processes run.
   */
  DEMO_GATEWAY_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
});

export type Env = {
  NODE_ENV: 'development' | 'production' | 'test';
  PORT: number;
  HOST: string;
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** PostgreSQL when set; otherwise the embedded PGlite under DATA_DIR. */
  DATABASE_URL: string | undefined;
  /** Absolute. */
  DATA_DIR: string;
  DEFAULT_MERCHANT_CODE: string;
  TRUSTED_PROXIES: string[];
  /** Absolute. */
  WEB_DIST_DIR: string;
  /** Absolute. */
  OPS_DIST_DIR: string;
  /** PEM; undefined: a key pair is generated at boot. */
  PAYLOAD_PRIVATE_KEY: string | undefined;
  REDIS_URL: string | undefined;
  /** Undefined: the key file in DATA_DIR (see the schema). */
  STAFF_SECRET_KEY: string | undefined;
  DEMO_GATEWAY_SECRET: string | undefined;
  /**
   * Vendor protocol secrets (ADR 0013): every `VENDOR_SECRET_<MERCHANT>_<VENDOR>` variable, keyed by vendorSecretKey.
   * Never stored in the database, logged, or put in a URL.
   */
  VENDOR_SECRETS: ReadonlyMap<string, string>;
};

/** A vendor secret is a shared HMAC key: at least this long, so it cannot be guessed. */
export const VENDOR_SECRET_MIN_LENGTH = 32;
const VENDOR_SECRET_VARIABLE = /^VENDOR_SECRET_([A-Z0-9_]+)$/;

/**
 * The suffix of a vendor secret's variable: merchant code and vendor code upper-cased and joined by `_` (a `-` in a
 * merchant code becomes `_`, which variable names allow). Merchant `demo` and vendor `RGS`: VENDOR_SECRET_DEMO_RGS.
 */
export const vendorSecretKey = (merchantCode: string, vendorCode: string): string =>
  `${merchantCode}_${vendorCode}`.toUpperCase().replace(/[^A-Z0-9_]/g, '_');

/** Collects the vendor secrets; a secret that is too short is a problem like any bad variable. */
const vendorSecretsOf = (source: EnvSource, problems: string[]): Map<string, string> => {
  const secrets = new Map<string, string>();
  for (const [name, value] of Object.entries(source)) {
    const key = VENDOR_SECRET_VARIABLE.exec(name)?.[1];
    if (key === undefined || value === undefined || value === '') continue;
    if (value.length < VENDOR_SECRET_MIN_LENGTH) {
      // The name only: the value is a secret, even a bad one.
      problems.push(`${name}: must be at least ${VENDOR_SECRET_MIN_LENGTH} characters`);
      continue;
    }
    secrets.set(key, value);
  }
  return secrets;
};

type ParsedEnv = z.infer<typeof EnvSchema>;

/** A required secret: missing, or a value this repository publishes (or a stand-in). Names the variable only. */
const secretProblem = (name: string, value: string | undefined, what: string): string | null => {
  if (value === undefined) return `${name}: must be set in production (${what})`;
  const reason = developmentSecretReason(value);
  return reason === null ? null : `${name}: ${reason}`;
};

/**
 * The rules of a production start (ADR 0016), on top of the format checks every start has. Production has no
 * embedded database, no key made at boot or kept in a file, no secret published in this repository, and says who its
 * proxies are. The secrets that depend on the database (the vendors it has) are checked once it is open
 * (production-checks.ts).
 */
export const productionProblems = (data: ParsedEnv, source: EnvSource): string[] => {
  const problems: (string | null)[] = [
    data.DATABASE_URL === undefined
      ? 'DATABASE_URL: must be set in production (the embedded database is for development only)'
      : null,
    // Not a shared secret, but a key pair made at boot would differ on every node and every restart.
    data.PAYLOAD_PRIVATE_KEY === undefined
      ? 'PAYLOAD_PRIVATE_KEY: must be set in production (one RSA private key, PEM, for every process)'
      : null,
    secretProblem('STAFF_SECRET_KEY', data.STAFF_SECRET_KEY, 'it seals the staff TOTP secrets'),
    (source.TRUSTED_PROXIES ?? '').trim() === ''
      ? `TRUSTED_PROXIES: must be set in production: the load balancer's addresses (IPs or CIDRs), or ${TRUST_NO_PROXY} ` +
        'when clients connect to this process directly'
      : null,
  ];
  for (const [name, value] of Object.entries(source)) {
    // A value too short is already refused by vendorSecretsOf.
    if (!VENDOR_SECRET_VARIABLE.test(name) || value === undefined || value.length < VENDOR_SECRET_MIN_LENGTH) continue;
    problems.push(secretProblem(name, value, 'the vendor protocols'));
  }
  return problems.filter((problem) => problem !== null);
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

type EnvSource = Record<string, string | undefined>;

export const loadEnv = (source: EnvSource = process.env, repoRoot = findRepoRoot()): Env => {
  const parsed = EnvSchema.safeParse(source);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  const vendorSecrets = vendorSecretsOf(source, problems);
  if (parsed.success && parsed.data.NODE_ENV === 'production')
    problems.push(...productionProblems(parsed.data, source));
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const fromRoot = (value: string | undefined, fallback: string): string => {
    const chosen = value ?? fallback;
    return isAbsolute(chosen) ? chosen : resolve(repoRoot, chosen);
  };
  return {
    ...parsed.data,
    DATABASE_URL: parsed.data.DATABASE_URL,
    PAYLOAD_PRIVATE_KEY: parsed.data.PAYLOAD_PRIVATE_KEY,
    REDIS_URL: parsed.data.REDIS_URL,
    STAFF_SECRET_KEY: parsed.data.STAFF_SECRET_KEY,
    DEMO_GATEWAY_SECRET: parsed.data.DEMO_GATEWAY_SECRET,
    VENDOR_SECRETS: vendorSecrets,
    DATA_DIR: fromRoot(parsed.data.DATA_DIR, 'data'),
    WEB_DIST_DIR: fromRoot(parsed.data.WEB_DIST_DIR, 'apps/web/dist'),
    OPS_DIST_DIR: fromRoot(parsed.data.OPS_DIST_DIR, 'apps/ops/dist'),
  };
};

/** Tests run every database suite on PostgreSQL too when this is set (DESIGN.md §3). */
export const testDatabaseUrl = (source: EnvSource = process.env): string | undefined =>
  source.TEST_DATABASE_URL === '' ? undefined : source.TEST_DATABASE_URL;

/** The distributed-mode tests (Socket.IO over the Redis adapter) run when this is set (`.ci/run` sets it). */
export const testRedisUrl = (source: EnvSource = process.env): string | undefined =>
  source.REDIS_TEST_URL === '' ? undefined : source.REDIS_TEST_URL;
