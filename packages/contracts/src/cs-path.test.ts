import { describe, expect, it } from 'vitest';
import { CS_KEY_LENGTH, decodeCsPath, obfuscateCsPath, randomCsKey } from './cs-path';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

describe('customer-service path obfuscation', () => {
  it('decodes back to the original path, including non-ASCII text', () => {
    for (const path of [
      'https://chat.example/room?id=42&lang=EN',
      'https://t.me/lucky_star_support',
      'https://例え.example/聊天',
    ]) {
      const key = randomCsKey(random);
      const encoded = obfuscateCsPath(path, key);
      expect(encoded.endsWith(key)).toBe(true);
      expect(encoded).not.toContain(path);
      expect(decodeCsPath(encoded)).toBe(path);
    }
  });

  it('uses the last 8 characters as the key, so two keys give two different values for one path', () => {
    const path = 'https://chat.example/';
    const a = obfuscateCsPath(path, 'AAAAbbbb');
    const b = obfuscateCsPath(path, 'ccccDDDD');
    expect(a).not.toBe(b);
    expect(a.slice(-CS_KEY_LENGTH)).toBe('AAAAbbbb');
  });

  it('answers null for values that are not obfuscated paths', () => {
    expect(decodeCsPath('short')).toBeNull();
    expect(decodeCsPath('!!!not-base64!!!ABCDEFGH')).toBeNull();
  });

  it('refuses a key of the wrong length', () => {
    expect(() => obfuscateCsPath('https://x.example', 'short')).toThrow(/8 characters/);
  });
});
