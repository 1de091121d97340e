import { GameInputError } from '../errors';
import type { Hits, LotteryMethod, Rows } from './method-kit';
import { keyRtp, lotteryMethod, type OddsTable } from './odds';

/**
 * Server-side pricing and settlement (LOTTERY.md "Bets"): the client's count and cost are hints only; the server
 * recomputes them from the pick. cost = tickets × ticket units × unit × multiple; payout = Σ hits × multiplierE4 ×
 * unit × multiple / 10,000, rounded down to the minor unit, then capped.
 */
export const LOTTERY_TICKETS_MAX = 100_000;
export const LOTTERY_MULTIPLE_MAX = 10_000;
/** A row may hold every value of its range (4D: 10,000 numbers). */
export const LOTTERY_ROW_MAX = 10_000;

export type BetInput = { method: string; rows: Rows; unitMinor: bigint; multiple: number };
export type PricedBet = { method: LotteryMethod; count: number; costMinor: bigint };

/** Checks a pick against its method: row count, values in range, strictly increasing (no repeats), enough picks. */
export const validateRows = (method: LotteryMethod, rows: unknown): Rows => {
  const spec = method.rows;
  if (!Array.isArray(rows) || rows.length !== spec.rows) {
    throw new GameInputError(`${method.code} takes ${spec.rows} row(s)`);
  }
  const checked = rows.map((row: unknown) => {
    if (!Array.isArray(row) || row.length > LOTTERY_ROW_MAX) throw new GameInputError('each row is a list of numbers');
    row.forEach((v: unknown, i) => {
      if (!Number.isInteger(v) || (v as number) < spec.min || (v as number) > spec.max) {
        throw new GameInputError(`${method.code} values are ${spec.min}..${spec.max}`);
      }
      if (i > 0 && (row[i - 1] as number) >= (v as number)) {
        throw new GameInputError('values in a row must be increasing, without repeats');
      }
    });
    return row as number[];
  });
  if (spec.fill === 'all' && checked.some((row) => row.length < spec.minPicks)) {
    throw new GameInputError(`${method.code} needs at least ${spec.minPicks} value(s) in every row`);
  }
  if (spec.fill === 'any' && checked.every((row) => row.length === 0)) {
    throw new GameInputError(`${method.code} needs at least one value`);
  }
  const refusal = method.refuse?.(checked);
  if (refusal) throw new GameInputError(refusal);
  return checked;
};

/** The server's count and cost of a bet; refuses a method the table does not offer. */
export const priceBet = (input: BetInput, table: OddsTable): PricedBet => {
  const method = lotteryMethod(input.method);
  if (table.odds[method.code] === undefined) throw new GameInputError(`${method.code} is not offered here`);
  const rows = validateRows(method, input.rows);
  if (typeof input.unitMinor !== 'bigint' || input.unitMinor <= 0n) throw new GameInputError('unit must be positive');
  if (!Number.isInteger(input.multiple) || input.multiple < 1 || input.multiple > LOTTERY_MULTIPLE_MAX) {
    throw new GameInputError(`multiple must be an integer in 1..${LOTTERY_MULTIPLE_MAX}`);
  }
  const count = method.count(rows);
  if (count < 1 || count > LOTTERY_TICKETS_MAX) {
    throw new GameInputError(`a bet makes 1..${LOTTERY_TICKETS_MAX} tickets`);
  }
  const costMinor = BigInt(count) * BigInt(method.ticketUnits) * input.unitMinor * BigInt(input.multiple);
  return { method, count, costMinor };
};

export type SettledBet = { hits: Hits; winTickets: number; payoutMinor: bigint; cappedFromMinor: bigint | null };

/** The payout of hits under a table: Σ hits × multiplierE4 × unit × multiple / 10,000, rounded down, then capped. */
export const payoutOf = (
  method: LotteryMethod,
  table: OddsTable,
  hits: Hits,
  stake: { unitMinor: bigint; multiple: number },
  capMinor?: bigint,
): SettledBet => {
  const odds = table.odds[method.code];
  if (odds === undefined) throw new GameInputError(`${method.code} is not offered here`);
  let sumE4 = 0n;
  let winTickets = 0;
  for (const [key, hitCount] of Object.entries(hits)) {
    const n = hitCount ?? 0;
    const multiplierE4 = odds[key];
    if (multiplierE4 === undefined) throw new GameInputError(`${method.code} has no odds for ${key}`);
    sumE4 += BigInt(n) * BigInt(multiplierE4);
    winTickets += n;
  }
  const payout = (sumE4 * stake.unitMinor * BigInt(stake.multiple)) / 10_000n;
  if (capMinor !== undefined && payout > capMinor) {
    return { hits, winTickets, payoutMinor: capMinor, cappedFromMinor: payout };
  }
  return { hits, winTickets, payoutMinor: payout, cappedFromMinor: null };
};

/** The bet against the drawn numbers: hits per odds key, the payout, and the cap when it applied. */
export const settleBet = (
  input: BetInput,
  table: OddsTable,
  draw: readonly number[],
  capMinor?: bigint,
): SettledBet => {
  const method = lotteryMethod(input.method);
  const rows = validateRows(method, input.rows);
  return payoutOf(method, table, method.hits(draw, rows), input, capMinor);
};

/** The stated return of one particular pick: Σ exposures × key RTP / tickets (what the bench compares against). */
export const selectionRtp = (input: Pick<BetInput, 'method' | 'rows'>, table: OddsTable): number => {
  const method = lotteryMethod(input.method);
  const rows = validateRows(method, input.rows);
  const exposures = method.exposures(rows);
  const tickets = method.count(rows);
  let sum = 0;
  for (const [key, n] of Object.entries(exposures)) sum += (n ?? 0) * keyRtp(method, table, key);
  return sum / tickets;
};

/**
 * The prize-group rebate chain (LOTT): walking up from the bettor, each upline whose group exceeds the last one seen
 * earns (its group − that group) / divisor × cost, rounded down; the bettor earns its own (group − bet group) when
 * it bet below its group. divisor 2000 (1980 for 11-choose-5). Uplines with a lower or equal group earn nothing.
 */
export const prizeGroupRebates = (
  chain: readonly { id: string; group: number }[],
  betGroup: number,
  costMinor: bigint,
  divisor = 2000,
): { id: string; amountMinor: bigint }[] => {
  const out: { id: string; amountMinor: bigint }[] = [];
  let last = betGroup;
  for (const node of chain) {
    if (node.group > last) {
      const amountMinor = (BigInt(node.group - last) * costMinor) / BigInt(divisor);
      if (amountMinor > 0n) out.push({ id: node.id, amountMinor });
      last = node.group;
    }
  }
  return out;
};
