/**
 * Secrets that are public because this repository prints them: the README, the demo seed, the tests, the scripts and
 * the benchmarks. A production start (platform and RGS) refuses any of them, and anything that looks like a stand-in
 * (ADR 0016). apps/server/src/env.test.ts scans the repository for secret-looking literals and fails when one of them
 * would pass, so a new test secret has to be listed here (or look like a stand-in) before it can reach production.
 */
export const KNOWN_DEVELOPMENT_SECRETS: readonly string[] = [
  // Demo passwords and the demo staff's TOTP secret (README, db/seed-data).
  'Demo#2026',
  'Agent#2026',
  'Ops#2026',
  '123456',
  'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  'JBSWY3DPEHPK3PXP',
  // Tests, browser tests and benchmarks.
  'KRSXG5CTORQWMZTTMVRXEZLUKRSXG5CT',
  'GEZDGNBVGY3TQOJQ',
  'test-staff-secret-key-0123456789abcdef',
  'test-vendor-secret-RGS-0123456789abcdef',
  'demo-gateway-test-secret-0123456789abcdef',
  'test-shared-secret-for-the-rgs',
  'bench-wallet-protocol-secret-0123456789abcdef',
  'e2e-staff-token-0123456789abcdef0123456789x',
  '0123456789abcdef0123456789abcdef',
  'k3y-0f-at-least-32-characters-long!',
];

/** Words and runs that no generated secret contains by chance, and every hand-typed stand-in seems to. */
const STAND_IN =
  /secret|password|passwd|change[-_ ]?me|example|placeholder|dummy|sample|default|0123456|abcdefg|qwerty|<|>/i;
/** A random secret of 32 characters or more uses many different characters; `aaaa…` or `1212…` does not. */
const MIN_DISTINCT_CHARACTERS = 10;

/**
 * Why a value may not be a production secret, or null when it may: it is published in this repository, or it reads
 * like a stand-in someone forgot to replace. Never says the value itself.
 */
export const developmentSecretReason = (value: string): string | null => {
  const trimmed = value.trim();
  const lower = trimmed.toLowerCase();
  if (KNOWN_DEVELOPMENT_SECRETS.some((known) => known.toLowerCase() === lower)) {
    return 'is a development value published in this repository; generate a new one (e.g. `openssl rand -base64 48`)';
  }
  if (STAND_IN.test(trimmed) || new Set(trimmed).size < MIN_DISTINCT_CHARACTERS) {
    return 'looks like a stand-in, not a generated secret; generate one (e.g. `openssl rand -base64 48`)';
  }
  return null;
};
