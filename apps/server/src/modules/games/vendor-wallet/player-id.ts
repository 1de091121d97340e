/**
 * The player reference vendors know a member by (PROTOCOL: the seamless launch and the transfer protocol use the same):
 * `P` + the member id in base 36, lower case. It says nothing about the merchant: the vendor keeps its players per
 * merchant (X-Merchant).
 */
export const playerIdOf = (memberId: bigint): string => `P${memberId.toString(36)}`;

/** Ids fit PostgreSQL's bigint; 13 base-36 digits cover it. */
const PLAYER_ID = /^P[1-9a-z][0-9a-z]{0,12}$/;
const MAX_BIGINT = 2n ** 63n - 1n;

/** The member id of a player reference, or null when it is not one we issue (the exact inverse of playerIdOf). */
export const memberIdOfPlayer = (playerId: string): bigint | null => {
  if (!PLAYER_ID.test(playerId)) return null;
  let id = 0n;
  for (const digit of playerId.slice(1)) id = id * 36n + BigInt(Number.parseInt(digit, 36));
  return id <= MAX_BIGINT ? id : null;
};
