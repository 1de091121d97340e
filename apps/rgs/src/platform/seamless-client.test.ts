import { describe, expect, it } from 'vitest';
import { operatorsFromEnv, signSeamless } from './seamless-client';

describe('operators from the environment', () => {
  it('should resolve each merchant code to the platform URL and its own secret', () => {
    const operators = operatorsFromEnv('https://casino.example', 'demo=s3cret, other=another');
    expect(operators('demo')).toEqual({ platformUrl: 'https://casino.example', secret: 's3cret' });
    expect(operators('other')?.secret).toBe('another');
    expect(operators('unknown')).toBeUndefined();
  });

  it('should refuse a malformed secrets list instead of guessing', () => {
    expect(() => operatorsFromEnv('https://casino.example', 'demo')).toThrow(/code=secret/);
    expect(() => operatorsFromEnv('https://casino.example', '=x')).toThrow(/code=secret/);
  });
});

describe('request signing', () => {
  it('should sign `${timestamp}.${rawBody}` with HMAC-SHA256 as lower-case hex (protocol test vector)', () => {
    // Computed independently: printf '%s' '1700000000000.{"a":1}' | openssl dgst -sha256 -hmac key
    expect(signSeamless('key', '1700000000000', '{"a":1}')).toBe(
      '2c8bc12f88d77789404ce0a63cf69acf735ba98832f7a7d36147f537be556f3e',
    );
    expect(signSeamless('key', '1700000000000', '{"a":1}')).not.toBe(signSeamless('key', '1700000000001', '{"a":1}'));
  });
});
