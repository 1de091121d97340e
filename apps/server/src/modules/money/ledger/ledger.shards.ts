/**
 * Where a post lands on a sharded account, as the database picks it (sql/ledger-shards.sql: ledger_key_hash and
 * ledger_shard_of, used by every post): abs(hashtext(source || ':' || key) % shard_count). The seamless wallet's group
 * commit computes the same shard before sending, to put calls on disjoint shards in different batches
 * (seamless.poster.ts). A test holds this file and the database equal.
 *
 * pgHashtext is PostgreSQL's `hashtext(text)` (src/common/hashfn.c hash_bytes, Bob Jenkins' lookup3 with PostgreSQL's
 * seed and the low byte of `c` kept for the length), as a signed 32-bit integer, for UTF-8 text.
 */
const rot = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

export const pgHashtext = (text: string): number => {
  const k = Buffer.from(text, 'utf8');
  let len = k.length;
  let a = (0x9e3779b9 + len + 3923095) >>> 0;
  let b = a;
  let c = a;
  const word = (offset: number): number => k.readUInt32LE(offset);
  let offset = 0;
  while (len >= 12) {
    a = (a + word(offset)) >>> 0;
    b = (b + word(offset + 4)) >>> 0;
    c = (c + word(offset + 8)) >>> 0;
    // mix(a, b, c)
    a = (a - c) >>> 0;
    a = (a ^ rot(c, 4)) >>> 0;
    c = (c + b) >>> 0;
    b = (b - a) >>> 0;
    b = (b ^ rot(a, 6)) >>> 0;
    a = (a + c) >>> 0;
    c = (c - b) >>> 0;
    c = (c ^ rot(b, 8)) >>> 0;
    b = (b + a) >>> 0;
    a = (a - c) >>> 0;
    a = (a ^ rot(c, 16)) >>> 0;
    c = (c + b) >>> 0;
    b = (b - a) >>> 0;
    b = (b ^ rot(a, 19)) >>> 0;
    a = (a + c) >>> 0;
    c = (c - b) >>> 0;
    c = (c ^ rot(b, 4)) >>> 0;
    b = (b + a) >>> 0;
    offset += 12;
    len -= 12;
  }
  const byte = (i: number): number => k[offset + i] ?? 0;
  // The last 11 bytes, little-endian: bytes 0-3 into a, 4-7 into b, 8-10 into c shifted past its low byte.
  if (len >= 11) c = (c + (byte(10) << 24)) >>> 0;
  if (len >= 10) c = (c + (byte(9) << 16)) >>> 0;
  if (len >= 9) c = (c + (byte(8) << 8)) >>> 0;
  if (len >= 8) b = (b + (byte(7) << 24)) >>> 0;
  if (len >= 7) b = (b + (byte(6) << 16)) >>> 0;
  if (len >= 6) b = (b + (byte(5) << 8)) >>> 0;
  if (len >= 5) b = (b + byte(4)) >>> 0;
  if (len >= 4) a = (a + (byte(3) << 24)) >>> 0;
  if (len >= 3) a = (a + (byte(2) << 16)) >>> 0;
  if (len >= 2) a = (a + (byte(1) << 8)) >>> 0;
  if (len >= 1) a = (a + byte(0)) >>> 0;
  // final(a, b, c)
  c = (c ^ b) >>> 0;
  c = (c - rot(b, 14)) >>> 0;
  a = (a ^ c) >>> 0;
  a = (a - rot(c, 11)) >>> 0;
  b = (b ^ a) >>> 0;
  b = (b - rot(a, 25)) >>> 0;
  c = (c ^ b) >>> 0;
  c = (c - rot(b, 16)) >>> 0;
  a = (a ^ c) >>> 0;
  a = (a - rot(c, 4)) >>> 0;
  b = (b ^ a) >>> 0;
  b = (b - rot(a, 14)) >>> 0;
  c = (c ^ b) >>> 0;
  c = (c - rot(b, 24)) >>> 0;
  return c | 0;
};

/** ledger_key_hash: the hash of a post's (source, idempotency key). */
export const ledgerKeyHash = (source: string, key: string): number => pgHashtext(`${source}:${key}`);

/** ledger_shard_of: the shard a post of `source` and `key` touches on an account of `shardCount` shards. */
export const ledgerShardOf = (source: string, key: string, shardCount: number): number =>
  Math.abs(ledgerKeyHash(source, key) % shardCount);
