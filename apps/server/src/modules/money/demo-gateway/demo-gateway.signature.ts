import { createHmac } from 'node:crypto';
import { AppError } from '../../../lib/app-error';
import { constantTimeEqual } from '../../../lib/tokens';

export const TIMESTAMP_HEADER = 'x-demo-gateway-timestamp';
export const SIGNATURE_HEADER = 'x-demo-gateway-signature';
/** A notification older or newer than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^\d{1,12}$/;

/** HMAC-SHA256 over `${timestamp}.${rawBody}`, hex. */
export const signNotification = (secret: string, timestampSeconds: string, rawBody: string | Buffer): string =>
  createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

const invalid = () => new AppError('SIGNATURE_INVALID', 401, 'The notification signature is invalid');

/** Throws 401 SIGNATURE_INVALID unless the signature matches the raw body and the timestamp is within the window. */
export const verifySignature = (
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  nowMs: number,
): void => {
  const timestamp = headerOf(headers, TIMESTAMP_HEADER);
  const signature = headerOf(headers, SIGNATURE_HEADER)?.toLowerCase();
  if (timestamp === undefined || signature === undefined) throw invalid();
  if (!UNIX_SECONDS.test(timestamp) || !HEX_SHA256.test(signature)) throw invalid();
  if (Math.abs(nowMs - Number(timestamp) * 1000) > SIGNATURE_WINDOW_MS) throw invalid();
  const expected = Buffer.from(signNotification(secret, timestamp, rawBody), 'hex');
  if (!constantTimeEqual(Buffer.from(signature, 'hex'), expected)) throw invalid();
};
