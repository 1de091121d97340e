import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, findRepoRoot, loadEnv, vendorSecretKey } from './env';
import { developmentSecretReason } from '@platform/contracts/known-secrets';
import { productionSecrets, repositorySecrets } from './env.test-support';

const ROOT = '/srv/platform';

describe('loadEnv', () => {
  it('should apply the documented defaults, with paths under the repository root', () => {
    const env = loadEnv({}, ROOT);
    expect(env).toEqual({
      NODE_ENV: 'development',
      PORT: 8080,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      DATABASE_URL: undefined,
      DATA_DIR: '/srv/platform/data',
      DEFAULT_MERCHANT_CODE: 'demo',
      TRUSTED_PROXIES: [],
      WEB_DIST_DIR: '/srv/platform/apps/web/dist',
      OPS_DIST_DIR: '/srv/platform/apps/ops/dist',
      PAYLOAD_PRIVATE_KEY: undefined,
      STAFF_SECRET_KEY: undefined,
      VENDOR_SECRETS: new Map(),
    });
  });

  it('should collect vendor secrets by merchant and vendor, and refuse short ones without printing them', () => {
    const secret = 's'.repeat(32);
    const env = loadEnv({ VENDOR_SECRET_DEMO_RGS: secret, VENDOR_SECRET_MY_SITE_TCG_SEA: `${secret}2` }, ROOT);
    expect(env.VENDOR_SECRETS.get(vendorSecretKey('demo', 'RGS'))).toBe(secret);
    expect(env.VENDOR_SECRETS.get(vendorSecretKey('my-site', 'TCG_SEA'))).toBe(`${secret}2`);
    expect(env.VENDOR_SECRETS.get(vendorSecretKey('demo', 'PG'))).toBeUndefined();
    let caught: unknown;
    try {
      loadEnv({ VENDOR_SECRET_DEMO_RGS: 'short-secret-value' }, ROOT);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    expect((caught as EnvError).message).toContain('VENDOR_SECRET_DEMO_RGS');
    expect((caught as EnvError).message).not.toContain('short-secret-value');
  });

  it('should resolve relative directories against the repository root, not the working directory', () => {
    const env = loadEnv({ DATA_DIR: '.e2e-data/run1', WEB_DIST_DIR: '/opt/web' }, ROOT);
    expect(env.DATA_DIR).toBe('/srv/platform/.e2e-data/run1');
    expect(env.WEB_DIST_DIR).toBe('/opt/web');
  });

  it('should parse every variable when valid', () => {
    const env = loadEnv(
      {
        ...productionSecrets(),
        NODE_ENV: 'production',
        PORT: '3000',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: 'postgres://u@db:5432/platform',
        DEFAULT_MERCHANT_CODE: 'acme',
        TRUSTED_PROXIES: '127.0.0.1/8, 10.0.0.1 ,::1',
      },
      ROOT,
    );
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'postgres://u@db:5432/platform',
      DEFAULT_MERCHANT_CODE: 'acme',
      TRUSTED_PROXIES: ['127.0.0.1/8', '10.0.0.1', '::1'],
    });
  });

  it('should treat empty variables as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '', TRUSTED_PROXIES: '' }, ROOT);
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUSTED_PROXIES).toEqual([]);
  });

  it('should list every bad variable in one error', () => {
    const bad = {
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://db',
      DEFAULT_MERCHANT_CODE: 'Not A Code',
      TRUSTED_PROXIES: '127.0.0.1, not-an-ip',
    };
    let caught: unknown;
    try {
      loadEnv(bad, ROOT);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as EnvError).message;
    for (const name of Object.keys(bad)) expect(message).toContain(name);
    expect((caught as EnvError).problems).toHaveLength(6);
  });

  it('should accept an RSA private key in PEM, with literal \\n line breaks too, and refuse anything else', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(loadEnv({ PAYLOAD_PRIVATE_KEY: pem }, ROOT).PAYLOAD_PRIVATE_KEY).toBe(pem.trim());
    expect(loadEnv({ PAYLOAD_PRIVATE_KEY: pem.replaceAll('\n', '\\n') }, ROOT).PAYLOAD_PRIVATE_KEY).toBe(pem.trim());
    expect(() => loadEnv({ PAYLOAD_PRIVATE_KEY: 'not a key' }, ROOT)).toThrow(/PAYLOAD_PRIVATE_KEY/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => loadEnv({ PAYLOAD_PRIVATE_KEY: ec.toString() }, ROOT)).toThrow(/PAYLOAD_PRIVATE_KEY/);
  });

  it('should refuse a port out of range', () => {
    expect(() => loadEnv({ PORT: '70000' }, ROOT)).toThrow(/PORT/);
  });
});

describe('loadEnv in production (ADR 0016)', () => {
  const refusal = (source: Record<string, string>): EnvError => {
    try {
      loadEnv({ NODE_ENV: 'production', ...source }, ROOT);
    } catch (error) {
      if (error instanceof EnvError) return error;
      throw error;
    }
    throw new Error('loadEnv accepted it');
  };

  it('should refuse to start without a database, a payload key, a staff key and its proxies, naming each', () => {
    const error = refusal({});
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual([
      'DATABASE_URL',
      'PAYLOAD_PRIVATE_KEY',
      'STAFF_SECRET_KEY',
      'TRUSTED_PROXIES',
    ]);
  });

  it('should accept every secret set, and TRUSTED_PROXIES=none for a process clients reach directly', () => {
    expect(loadEnv({ NODE_ENV: 'production', ...productionSecrets() }, ROOT).TRUSTED_PROXIES).toEqual(['10.0.0.0/8']);
    const direct = loadEnv({ NODE_ENV: 'production', ...productionSecrets(), TRUSTED_PROXIES: 'none' }, ROOT);
    expect(direct.TRUSTED_PROXIES).toEqual([]);
    expect(() => loadEnv({ TRUSTED_PROXIES: 'none, 10.0.0.1' }, ROOT)).toThrow(/TRUSTED_PROXIES/);
  });

  it('should refuse secrets this repository publishes, and stand-ins, without printing them', () => {
    const cases = {
      STAFF_SECRET_KEY: 'test-staff-secret-key-0123456789abcdef',
      VENDOR_SECRET_DEMO_RGS: 'TEST-VENDOR-SECRET-rgs-0123456789ABCDEF',
      VENDOR_SECRET_ACME_PG: 'replace-this-with-a-real-secret-value-please',
      VENDOR_SECRET_ACME_JL: 'abababababababababababababababababab',
      VENDOR_SECRET_ACME_FC: 'change_me_change_me_change_me_change_me',
    };
    const error = refusal({ ...productionSecrets(), ...cases });
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual(Object.keys(cases));
    for (const value of Object.values(cases)) expect(error.message).not.toContain(value);
    // Development keeps accepting them: tests and the demo run on them.
    expect(loadEnv(cases, ROOT).STAFF_SECRET_KEY).toBe(cases.STAFF_SECRET_KEY);
  });

  it('should refuse every secret-looking value written anywhere in this repository', () => {
    const found = repositorySecrets(findRepoRoot());
    // The scan finds the README's and the tests' secrets at all (it would pass vacuously otherwise).
    expect(found.map((secret) => secret.value)).toContain('test-staff-secret-key-0123456789abcdef');
    // What a production start would take (developmentSecretReason is the rule loadEnv and the RGS apply).
    expect(found.filter(({ value }) => developmentSecretReason(value) === null)).toEqual([]);
  });
});

describe('findRepoRoot', () => {
  it('should find the workspace root from inside apps/server', () => {
    const root = findRepoRoot();
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
    expect(manifest.workspaces).toContain('apps/*');
    expect(existsSync(join(root, 'apps', 'server', 'src', 'env.ts'))).toBe(true);
  });
});
