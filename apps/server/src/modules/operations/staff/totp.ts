import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { STAFF_RECOVERY_CODE_COUNT } from '@platform/contracts';
import { sha256 } from '../../../lib/tokens';

/** RFC 6238 as every authenticator app speaks it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;

const totpOf = (base32: string, label = 'staff', issuer = 'Back office') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(base32) });

/** A new secret: 160 bits (RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URL an authenticator app reads from a QR code. */
export const otpauthUrl = (base32: string, label: string, issuer: string): string =>
  totpOf(base32, label, issuer).toString();

/**
 * The step of the code when it is valid at `nowMs`, allowing one step of clock drift either way; null otherwise. The
 * caller then accepts each step once (staffRepository.useTotpStep), so a code cannot be replayed.
 */
export const totpStep = (base32: string, code: string, nowMs: number): number | null => {
  const delta = totpOf(base32).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta;
};

/** The step `nowMs` falls in (an enrolment's first code uses it up). */
export const currentStep = (nowMs: number): number => Math.floor(nowMs / 1000 / PERIOD_S);

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten codes of 10 characters (50 bits each), shown as `xxxxx-xxxxx`. */
export const newRecoveryCodes = (count = STAFF_RECOVERY_CODE_COUNT): string[] =>
  Array.from({ length: count }, () => {
    const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });

/** Recovery codes are random enough that a plain SHA-256 of the normalised code keeps them safe. */
export const recoveryCodeHash = (code: string): Buffer =>
  sha256(`staff-recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);
