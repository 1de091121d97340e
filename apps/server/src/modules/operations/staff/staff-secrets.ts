import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../../../lib/tokens';

/**
 * Seals the staff TOTP secrets stored in the database (AES-256-GCM), so a copy of the database alone does not let
 * anyone produce codes. The key comes from STAFF_SECRET_KEY like the platform's other keys (env.ts); a sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to its purpose by the additional data.
 */
export type SecretBox = {
  seal(plain: string): string;
  /** Throws when the value was sealed under another key or was altered. */
  open(sealed: string): string;
};

const AAD = Buffer.from('platform.staff.totp.v1');

export const secretBox = (keyMaterial: string | Buffer): SecretBox => {
  // Whatever its length, the configured key becomes exactly 256 bits.
  const key = sha256(keyMaterial);
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) {
        throw new Error('not a sealed staff secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(AAD);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};

export const STAFF_SECRET_KEY_FILE = 'staff-secret.key';

/**
 * The key: STAFF_SECRET_KEY when set; otherwise one kept in DATA_DIR/staff-secret.key, created on first start (readable
 * by the owner only). The file suits embedded mode, where the database lives in DATA_DIR too; several nodes sharing a
 * PostgreSQL database must share STAFF_SECRET_KEY instead (app.ts warns).
 */
export const loadStaffSecretKey = (configured: string | undefined, dataDir: string): string => {
  if (configured !== undefined) return configured;
  const path = join(dataDir, STAFF_SECRET_KEY_FILE);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // wx: another process creating it at the same moment wins, and both read its key.
    writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
};
