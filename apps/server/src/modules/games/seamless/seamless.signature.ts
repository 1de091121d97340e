import { createHmac } from 'node:crypto';
import { seamlessSigningText } from '@platform/contracts';
import { constantTimeEqual } from '../../../lib/tokens';

const HEX_SHA256 = /^[0-9a-f]{64}$/;
/** Milliseconds since the epoch, as sent in X-Timestamp. */
const TIMESTAMP_MS = /^\d{1,15}$/;

/** Lower-case hex HMAC-SHA256 of `${timestamp}.${rawBody}` (seamless.ts seamlessSigningText). */
export const signSeamless = (secret: string, timestamp: string, rawBody: string | Buffer): string =>
  createHmac('sha256', secret)
    .update(typeof rawBody === 'string' ? seamlessSigningText(timestamp, rawBody) : `${timestamp}.`)
    .update(typeof rawBody === 'string' ? '' : rawBody)
    .digest('hex');

/** The timestamp header as milliseconds, or null when it is missing or not a plain number. */
export const timestampOf = (header: string | undefined): number | null =>
  header !== undefined && TIMESTAMP_MS.test(header) ? Number(header) : null;

/** Constant-time: the time taken does not tell how much of a forged signature was right. */
export const signatureMatches = (secret: string, timestamp: string, rawBody: Buffer, signature: string): boolean => {
  const given = signature.toLowerCase();
  if (!HEX_SHA256.test(given)) return false;
  const expected = Buffer.from(signSeamless(secret, timestamp, rawBody), 'hex');
  return constantTimeEqual(Buffer.from(given, 'hex'), expected);
};
