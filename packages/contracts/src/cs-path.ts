/**
 * Customer-service paths travel obfuscated (spec §3): the last 8 characters are the key, the rest is
 * base64 of the UTF-8 path XOR-ed with that key. This hides links from naive scrapers; it is not secrecy,
 * and nothing secret may be put in a customer-service path.
 */
export const CS_KEY_LENGTH = 8;
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

const xor = (data: Uint8Array, key: Uint8Array): Uint8Array => data.map((byte, i) => byte ^ (key[i % key.length] ?? 0));

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export const randomCsKey = (random: (n: number) => Uint8Array): string =>
  Array.from(random(CS_KEY_LENGTH), (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');

export const obfuscateCsPath = (path: string, key: string): string => {
  if (key.length !== CS_KEY_LENGTH) throw new Error(`customer-service key must be ${CS_KEY_LENGTH} characters`);
  const enc = new TextEncoder();
  return toBase64(xor(enc.encode(path), enc.encode(key))) + key;
};

/** Returns null when the value is not a well-formed obfuscated path. */
export const decodeCsPath = (value: string): string | null => {
  if (value.length <= CS_KEY_LENGTH) return null;
  const key = new TextEncoder().encode(value.slice(-CS_KEY_LENGTH));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(xor(fromBase64(value.slice(0, -CS_KEY_LENGTH)), key));
  } catch {
    return null;
  }
};
