import { describe, expect, it } from 'vitest';
import { exportPublicKey, openPayload, sealPayload, type SealedPayload } from './sealed';

const keyPair = () =>
  crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['wrapKey', 'unwrapKey'],
  );

describe('sealed payloads', () => {
  it('round-trips a body with a timestamp and a fresh nonce', async () => {
    const pair = await keyPair();
    const info = await exportPublicKey('k1', pair.publicKey);
    const body = { username: 'alice', password: 'Secret#123' };
    const a = await sealPayload(info, body, 1_700_000_000_000);
    const b = await sealPayload(info, body, 1_700_000_000_000);
    expect(a.data).not.toBe(b.data);
    const opened = await openPayload(pair.privateKey, a);
    expect(opened.body).toEqual(body);
    expect(opened.ts).toBe(1_700_000_000_000);
    expect(opened.nonce).not.toBe((await openPayload(pair.privateKey, b)).nonce);
  });

  it('refuses a payload whose ciphertext was altered', async () => {
    const pair = await keyPair();
    const sealed = await sealPayload(await exportPublicKey('k1', pair.publicKey), { amount: '10.00' });
    const bytes = Uint8Array.from(atob(sealed.data), (c) => c.charCodeAt(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered: SealedPayload = { ...sealed, data: btoa(String.fromCharCode(...bytes)) };
    await expect(openPayload(pair.privateKey, tampered)).rejects.toThrow();
  });

  it('cannot be opened with another key', async () => {
    const [mine, other] = await Promise.all([keyPair(), keyPair()]);
    const sealed = await sealPayload(await exportPublicKey('k1', mine.publicKey), { x: 1 });
    await expect(openPayload(other.privateKey, sealed)).rejects.toThrow();
  });
});
