import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque secret for a bearer token or a reset link: 32 random bytes (256 bits), base64url (43 characters). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored as their SHA-256: a stolen table holds nothing that opens a session. */
export const sha256 = (text: string | Buffer): Buffer => createHash('sha256').update(text).digest();

export const constantTimeEqual = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);
