import { z } from 'zod';

/**
 * Sealed payloads: the spec's "E" calls (DESIGN.md §4). The client generates a fresh AES-256-GCM key, encrypts
 * `{ ts, nonce, body }` with it, and wraps the key with the server's RSA-OAEP-256 public key (published in the
 * configuration as SPKI base64 with a key id). The server refuses a payload it cannot open, one whose `ts` is outside
 * the freshness window, and one whose nonce it has seen. Both sides use WebCrypto (browsers and Node 20 alike).
 */
export const SEAL_ALGORITHM = 'RSA-OAEP-256+A256GCM';
export const SEAL_MAX_AGE_MS = 120_000;

/** WebCrypto's key type, named without the DOM lib so the server (Node types) compiles this file too. */
type WebCryptoKey = Parameters<typeof crypto.subtle.unwrapKey>[2];

export const SealedPayloadSchema = z.object({
  kid: z.string().min(1).max(64),
  /** base64 of the RSA-OAEP(SHA-256) wrapped raw AES-256 key. */
  key: z.string().min(1).max(1024),
  /** base64 of the 12-byte GCM IV. */
  iv: z.string().min(1).max(32),
  /** base64 of the ciphertext with its GCM tag. */
  data: z.string().min(1).max(262_144),
});
export type SealedPayload = z.infer<typeof SealedPayloadSchema>;

export const SealedInnerSchema = z.object({
  ts: z.number().int().positive(),
  nonce: z.string().min(16).max(64),
  body: z.unknown(),
});

export const PublicKeyInfoSchema = z.object({
  kid: z.string(),
  alg: z.literal(SEAL_ALGORITHM),
  /** base64 SPKI (DER) of the RSA public key. */
  spki: z.string(),
});
export type PublicKeyInfo = z.infer<typeof PublicKeyInfoSchema>;

/**
 * GET /wps/system/public-key. `serverTimeMs` lets a client whose clock is off seal with the server's time
 * (`sealPayload(key, body, Date.now() + offset)`), since payloads outside SEAL_MAX_AGE_MS are refused.
 */
export const PublicKeyResponseSchema = PublicKeyInfoSchema.extend({ serverTimeMs: z.number().int() });
export type PublicKeyResponse = z.infer<typeof PublicKeyResponseSchema>;

/** The value of 400 PAYLOAD_STALE: the server's clock, to seal again with. */
export const PayloadStaleValueSchema = z.object({ serverTimeMs: z.number().int() });

const b64 = (bytes: ArrayBuffer | Uint8Array): string => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (let i = 0; i < view.length; i += 0x8000) text += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(text);
};
export const fromB64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

const randomNonce = (): string => b64(crypto.getRandomValues(new Uint8Array(18)));

/** Client side: seal a body for the server's public key. `now` is injectable for tests of staleness. */
export const sealPayload = async (
  publicKey: PublicKeyInfo,
  body: unknown,
  now: number = Date.now(),
): Promise<SealedPayload> => {
  const rsa = await crypto.subtle.importKey(
    'spki',
    fromB64(publicKey.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['wrapKey'],
  );
  const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ ts: now, nonce: randomNonce(), body }));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain);
  const key = await crypto.subtle.wrapKey('raw', aes, rsa, { name: 'RSA-OAEP' });
  return { kid: publicKey.kid, key: b64(key), iv: b64(iv), data: b64(data) };
};

/** Server side: open a sealed payload with the private key. Throws on any tampering; freshness is the caller's check. */
export const openPayload = async (
  privateKey: WebCryptoKey,
  sealed: SealedPayload,
): Promise<z.infer<typeof SealedInnerSchema>> => {
  const aes = await crypto.subtle.unwrapKey(
    'raw',
    fromB64(sealed.key),
    privateKey,
    { name: 'RSA-OAEP' },
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(sealed.iv) }, aes, fromB64(sealed.data));
  return SealedInnerSchema.parse(JSON.parse(new TextDecoder().decode(plain)));
};

export const exportPublicKey = async (kid: string, publicKey: WebCryptoKey): Promise<PublicKeyInfo> => ({
  kid,
  alg: SEAL_ALGORITHM,
  spki: b64(await crypto.subtle.exportKey('spki', publicKey)),
});
