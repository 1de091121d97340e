import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The raffle draw (ADR 0045; domain-rules §1.7 and §4.5), pure so anyone can recompute it from the revealed seed.
 *
 * - The seed is 32 random bytes drawn when the raffle is created; `seedHash` = SHA-256 of those bytes (hex) is shown
 *   from then on, and the seed is revealed after the draw.
 * - The ticket list's order is fixed up front: holders sorted by member id ascending, each owning a run of consecutive
 *   ticket numbers (holder 0 owns 0..t0-1, holder 1 owns t0..t0+t1-1, ...). N is the total.
 * - Rank r's winning ticket: for try = 0, 1, ...: u = the first 6 bytes (big-endian, 48 bits) of
 *   HMAC-SHA256(key = seed bytes, message = "raffle:<id>:rank:<r>:try:<try>"); refuse u ≥ floor(2^48 / N) × N
 *   (rejection sampling: no modulo bias) and a ticket drawn for a better rank; otherwise the ticket is u mod N.
 *
 * So the winning ticket numbers depend only on the seed, the raffle id, N and the number of prizes, never on who holds
 * which ticket or on anything the operator chooses after the seed hash was published.
 */
export const RAFFLE_ALGORITHM =
  'raffle-v1: u = first 6 bytes of HMAC-SHA256(seed, "raffle:<id>:rank:<r>:try:<t>"); accept u < floor(2^48/N)*N ' +
  'and a ticket not yet drawn; ticket = u mod N; tickets numbered by holder in ascending member id order';

const RANGE = 2n ** 48n;
/** Guards against a broken input looping forever: with N ≥ prizes, far fewer tries are ever needed. */
const MAX_TRIES_PER_RANK = 10_000;

export const newSeed = (): string => randomBytes(32).toString('hex');
export const seedHashOf = (seed: string): string => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');

/** The winning ticket numbers by rank (index 0 is rank 1); at most min(prizes, N) of them. */
export const winningTickets = (seed: string, raffleId: bigint, ticketTotal: number, prizes: number): number[] => {
  if (ticketTotal <= 0) return [];
  const n = BigInt(ticketTotal);
  const limit = (RANGE / n) * n;
  const key = Buffer.from(seed, 'hex');
  const drawn: number[] = [];
  for (let rank = 1; rank <= Math.min(prizes, ticketTotal); rank += 1) {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt >= MAX_TRIES_PER_RANK) throw new Error(`raffle ${raffleId} rank ${rank}: no ticket drawn`);
      const mac = createHmac('sha256', key).update(`raffle:${raffleId}:rank:${rank}:try:${attempt}`).digest();
      const u = BigInt(`0x${mac.subarray(0, 6).toString('hex')}`);
      if (u >= limit) continue;
      const ticket = Number(u % n);
      if (drawn.includes(ticket)) continue;
      drawn.push(ticket);
      break;
    }
  }
  return drawn;
};

export type Holding = { memberId: bigint; tickets: number };

/** Who holds ticket `ticketNo`, in the published order (member id ascending). */
export const holderOf = (holdings: readonly Holding[], ticketNo: number): bigint => {
  const ordered = [...holdings].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
  let start = 0;
  for (const h of ordered) {
    if (ticketNo < start + h.tickets) return h.memberId;
    start += h.tickets;
  }
  throw new Error(`ticket ${ticketNo} beyond the list of ${start}`);
};

/** Recomputes a drawn raffle from its revealed seed: true when the hash and every winning ticket match. */
export const verifyDraw = (draw: {
  seed: string;
  seedHash: string;
  raffleId: bigint;
  ticketTotal: number;
  prizes: number;
  winners: readonly { rank: number; ticketNo: number }[];
}): boolean => {
  if (seedHashOf(draw.seed) !== draw.seedHash) return false;
  const tickets = winningTickets(draw.seed, draw.raffleId, draw.ticketTotal, draw.prizes);
  if (tickets.length !== draw.winners.length) return false;
  return draw.winners.every((w) => tickets[w.rank - 1] === w.ticketNo);
};
