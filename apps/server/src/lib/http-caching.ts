import { createHash } from 'node:crypto';

/** HTTP revalidation and content negotiation of the response cache (response-cache.ts): entity tags and encodings. */

/** A strong entity tag's opaque part: a hash of the body. */
export const hashOf = (body: Buffer): string => createHash('sha256').update(body).digest('base64url').slice(0, 27);

/** The hashes named by an If-None-Match header (weak comparison, RFC 9110 §13.1.2), or '*' for any. */
export const matches = (header: string | undefined, hash: string): boolean => {
  if (header === undefined || header === '') return false;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return true;
    const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
    // "<hash>", "<hash>-br" and "<hash>-gz" name the same content.
    const inner = opaque.replace(/^"|"$/g, '').replace(/-(br|gz)$/, '');
    if (inner === hash) return true;
  }
  return false;
};

/** br when the client accepts it, else gzip, else none (q=0 refuses; other weights are not ranked). */
export const preferredEncoding = (accept: string | undefined): 'br' | 'gzip' | null => {
  if (accept === undefined || accept === '') return null;
  let gzip = false;
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
};
