import { createPrivateKey, createPublicKey } from 'node:crypto';
import { SEAL_ALGORITHM, type PublicKeyInfo } from '@platform/contracts';
import { sha256 } from '../../../lib/tokens';

type WebCryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** The server's key for sealed payloads: the private half opens them, the public half is published. */
export type PayloadKeys = { info: PublicKeyInfo; privateKey: WebCryptoKey };

const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** The key id is derived from the public key, so every node holding the same private key publishes the same kid. */
const infoFor = (spki: Uint8Array): PublicKeyInfo => ({
  kid: sha256(Buffer.from(spki)).toString('base64url').slice(0, 16),
  alg: SEAL_ALGORITHM,
  spki: Buffer.from(spki).toString('base64'),
});

/**
 * From PAYLOAD_PRIVATE_KEY (PKCS#8 PEM) when set; otherwise a fresh RSA-2048 pair (embedded mode). The private key is
 * imported non-extractable: nothing in the process can export it again.
 */
export const loadPayloadKeys = async (pem: string | undefined): Promise<PayloadKeys> => {
  if (pem !== undefined) {
    const keyObject = createPrivateKey(pem);
    const privateKey = await crypto.subtle.importKey(
      'pkcs8',
      keyObject.export({ type: 'pkcs8', format: 'der' }),
      RSA_OAEP,
      false,
      ['unwrapKey'],
    );
    return { info: infoFor(createPublicKey(keyObject).export({ type: 'spki', format: 'der' })), privateKey };
  }
  const pair = await crypto.subtle.generateKey(
    { ...RSA_OAEP, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    false,
    ['wrapKey', 'unwrapKey'],
  );
  return {
    info: infoFor(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey))),
    privateKey: pair.privateKey,
  };
};
