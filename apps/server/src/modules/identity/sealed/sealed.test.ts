import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API,
  PermissionConfigSchema,
  PublicKeyResponseSchema,
  SEAL_MAX_AGE_MS,
  sealPayload,
  type SealedPayload,
} from '@platform/contracts';
import { z } from 'zod';
import { migrate } from '../../../db/migrate';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { buildTestApp } from '../../../test/test-app';
import { createSealedModule, loadPayloadKeys } from './index';

const Body = z.object({ username: z.string() });

const flipFirstByte = (sealed: SealedPayload, field: 'data' | 'key' | 'iv'): SealedPayload => {
  const bytes = Buffer.from(sealed[field], 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return { ...sealed, [field]: bytes.toString('base64') };
};

describe('payload keys', () => {
  it('should derive the same key id from the same private key, so all nodes publish one kid', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const [a, b, generated] = await Promise.all([
      loadPayloadKeys(pem),
      loadPayloadKeys(pem),
      loadPayloadKeys(undefined),
    ]);
    expect(a.info).toEqual(b.info);
    expect(a.info.alg).toBe('RSA-OAEP-256+A256GCM');
    expect(generated.info.kid).not.toBe(a.info.kid);
  });
});

describeEachDatabase('sealed payloads', (getDb) => {
  const time = manualClock();
  let sealed: ReturnType<typeof createSealedModule>['service'];
  beforeAll(async () => {
    await migrate(getDb());
    sealed = createSealedModule({ db: getDb(), keys: await loadPayloadKeys(undefined), now: time.now }).service;
  });
  const seal = (body: unknown, atMs = time.now()) => sealPayload(sealed.publicKey(), body, atMs);
  const refusal = async (body: unknown) => {
    try {
      await sealed.open(1, body, Body, 'test');
      return 'opened';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  };

  it('should round-trip a body and validate it with its schema', async () => {
    expect(await sealed.open(1, await seal({ username: 'alice', extra: 1 }), Body, 'test')).toEqual({
      username: 'alice',
    });
    expect(await refusal(await seal({ username: 5 }))).toBe('VALIDATION_FAILED');
  });

  it('should refuse a tampered ciphertext, key or iv, and anything that is not a sealed payload', async () => {
    const good = await seal({ username: 'alice' });
    expect(await refusal(flipFirstByte(good, 'data'))).toBe('PAYLOAD_INVALID');
    expect(await refusal(flipFirstByte(good, 'key'))).toBe('PAYLOAD_INVALID');
    expect(await refusal(flipFirstByte(good, 'iv'))).toBe('PAYLOAD_INVALID');
    expect(await refusal({ username: 'alice' })).toBe('PAYLOAD_INVALID');
    expect(await refusal(null)).toBe('PAYLOAD_INVALID');
    expect(await refusal({ ...good, data: 'not base64!' })).toBe('PAYLOAD_INVALID');
  });

  it('should refuse a payload sealed for another key with PAYLOAD_KEY_UNKNOWN', async () => {
    const other = await loadPayloadKeys(undefined);
    expect(await refusal(await sealPayload(other.info, { username: 'alice' }, time.now()))).toBe('PAYLOAD_KEY_UNKNOWN');
  });

  it('should refuse a stale payload, and one from too far ahead, with the server time to reseal with', async () => {
    expect(await refusal(await seal({ username: 'a' }, time.now() - SEAL_MAX_AGE_MS - 1))).toBe('PAYLOAD_STALE');
    expect(await refusal(await seal({ username: 'a' }, time.now() + SEAL_MAX_AGE_MS + 1))).toBe('PAYLOAD_STALE');
    expect(await refusal(await seal({ username: 'a' }, time.now() - SEAL_MAX_AGE_MS + 1000))).toBe('opened');
    await expect(sealed.open(1, await seal({ username: 'a' }, 1), Body, 'test')).rejects.toMatchObject({
      code: 'PAYLOAD_STALE',
      options: { value: { serverTimeMs: time.now() } },
    });
  });

  it('should refuse a replayed payload, even once its nonce would have been purged', async () => {
    const payload = await seal({ username: 'alice' });
    expect(await refusal(payload)).toBe('opened');
    expect(await refusal(payload)).toBe('PAYLOAD_REPLAYED');
    expect(await Promise.all([refusal(await seal({ username: 'b' })), refusal(await seal({ username: 'b' }))])).toEqual(
      ['opened', 'opened'],
    );
    time.advance(SEAL_MAX_AGE_MS + 1);
    expect(await refusal(payload)).toBe('PAYLOAD_STALE');
  });

  it('should let only one of two concurrent openings of the same payload through', async () => {
    const payload = await seal({ username: 'race' });
    const results = await Promise.all([refusal(payload), refusal(payload), refusal(payload)]);
    expect(results.filter((r) => r === 'opened')).toHaveLength(1);
    expect(results.filter((r) => r === 'PAYLOAD_REPLAYED')).toHaveLength(2);
  });
});

describeEachDatabase('public key endpoints', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());

  it('should publish the same key in the configuration and at /wps/system/public-key, with the server time', async () => {
    const key = PublicKeyResponseSchema.parse((await app.inject({ url: API.system.publicKey })).json().value);
    const config = PermissionConfigSchema.parse((await app.inject({ url: API.system.permission })).json().value);
    expect(config.security).toEqual({ kid: key.kid, alg: key.alg, spki: key.spki });
    expect(Math.abs(key.serverTimeMs - Date.now())).toBeLessThan(60_000);
  });

  it('should answer every sealed endpoint sent in clear with 400 PAYLOAD_INVALID', async () => {
    const endpoints = [
      ['POST', API.session.login],
      ['POST', API.session.freePlay],
      ['PUT', API.member.register],
      ['PUT', API.member.registerMobile],
      ['POST', API.member.resetPassword],
      ['POST', API.member.forgotByPhone],
    ] as const;
    for (const [method, url] of endpoints) {
      const res = await app.inject({ method, url, payload: { username: 'demo_member', password: 'Demo#2026' } });
      expect([res.statusCode, res.json().code], url).toEqual([400, 'PAYLOAD_INVALID']);
    }
  });
});
