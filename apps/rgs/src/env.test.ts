import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadRgsEnv } from './env';

const refusal = (source: NodeJS.ProcessEnv): string => {
  try {
    loadRgsEnv({ NODE_ENV: 'production', ...source });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('loadRgsEnv accepted it');
};

describe('loadRgsEnv in production (ADR 0016)', () => {
  const strong = () => randomBytes(36).toString('base64url');
  const complete = () => ({
    RGS_DATABASE_URL: 'postgres://rgs@db:5432/rgs',
    RGS_PLATFORM_URL: 'https://platform.example.com',
    RGS_OPERATOR_SECRETS: `acme=${strong()}`,
  });

  it('should refuse to start without a database, the platform address and operator secrets, naming each', () => {
    const message = refusal({});
    for (const name of ['RGS_DATABASE_URL', 'RGS_PLATFORM_URL', 'RGS_OPERATOR_SECRETS']) {
      expect(message).toContain(`${name}`);
    }
  });

  it('should refuse an operator secret that is short or published in this repository, naming the operator only', () => {
    const published = 'test-shared-secret-for-the-rgs-0123456789';
    const message = refusal({
      ...complete(),
      RGS_OPERATOR_SECRETS: `acme=${strong()},demo=${published},beta=short`,
    });
    expect(message).toContain('RGS_OPERATOR_SECRETS (operator demo)');
    expect(message).toContain('RGS_OPERATOR_SECRETS (operator beta): must be at least 32 characters');
    expect(message).not.toContain('operator acme');
    expect(message).not.toContain(published);
  });

  it('should start with everything set, and keep development as it was', () => {
    expect(loadRgsEnv({ NODE_ENV: 'production', ...complete() }).NODE_ENV).toBe('production');
    expect(loadRgsEnv({ RGS_OPERATOR_SECRETS: 'demo=test-shared-secret-for-the-rgs' }).RGS_PLATFORM_URL).toBe(
      'http://127.0.0.1:8080',
    );
  });
});
