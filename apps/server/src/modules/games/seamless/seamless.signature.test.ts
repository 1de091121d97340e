import { describe, expect, it } from 'vitest';
import { signatureMatches, signSeamless, timestampOf } from './seamless.signature';

/** The worked example of docs/protocols/seamless-wallet.md: vendors check their signing code against it. */
const EXAMPLE = {
  secret: 'k3y-0f-at-least-32-characters-long!',
  timestamp: '1767225600000',
  body: '{"sessionToken":"q0Jx2mV7c9bT1sWkPz4LhN8rYdE6uA3fGiK5oQ-_aBc","playerId":"P1a","currency":"USD","transactionId":"bet-8f14e45f","roundId":"slot-3c59dc04","gameCode":"rgs-lucky-lanterns","amount":"1.00"}',
  signature: 'e2b39b34dde431d8d6019a22f3c5972d63d67d819e38d76625d7f3cda49bc676',
};

describe('seamless signature', () => {
  it('should sign the published example as the documentation says', () => {
    expect(signSeamless(EXAMPLE.secret, EXAMPLE.timestamp, EXAMPLE.body)).toBe(EXAMPLE.signature);
    expect(signSeamless(EXAMPLE.secret, EXAMPLE.timestamp, Buffer.from(EXAMPLE.body))).toBe(EXAMPLE.signature);
  });

  it('should match the raw bytes only: another body, timestamp or secret fails, any case of hex passes', () => {
    const raw = Buffer.from(EXAMPLE.body);
    expect(signatureMatches(EXAMPLE.secret, EXAMPLE.timestamp, raw, EXAMPLE.signature)).toBe(true);
    expect(signatureMatches(EXAMPLE.secret, EXAMPLE.timestamp, raw, EXAMPLE.signature.toUpperCase())).toBe(true);
    // The same JSON re-serialized with a space is another body.
    const spaced = Buffer.from(EXAMPLE.body.replace('"amount":"1.00"', '"amount": "1.00"'));
    expect(signatureMatches(EXAMPLE.secret, EXAMPLE.timestamp, spaced, EXAMPLE.signature)).toBe(false);
    expect(signatureMatches(EXAMPLE.secret, '1767225600001', raw, EXAMPLE.signature)).toBe(false);
    expect(signatureMatches(`${EXAMPLE.secret}x`, EXAMPLE.timestamp, raw, EXAMPLE.signature)).toBe(false);
    expect(signatureMatches(EXAMPLE.secret, EXAMPLE.timestamp, raw, EXAMPLE.signature.slice(2))).toBe(false);
    expect(signatureMatches(EXAMPLE.secret, EXAMPLE.timestamp, raw, `${EXAMPLE.signature.slice(1)}g`)).toBe(false);
  });

  it('should read only plain millisecond timestamps', () => {
    expect(timestampOf('1767225600000')).toBe(1_767_225_600_000);
    for (const bad of [undefined, '', '-1', '1e12', '12.5', ' 1767225600000', '1'.repeat(16)]) {
      expect(timestampOf(bad)).toBeNull();
    }
  });
});
