import type { VendorBetRound, VendorBetsQuerySchema, VendorTransferCallBody } from '@platform/contracts';
import type { z } from 'zod';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { RgsError } from '../lib/errors';
import { parseBalance, toWire } from '../lib/money';
import { moveMoney, walletBalance } from '../wallet/wallet';

/**
 * The vendor side of the transfer wallet protocol (docs/protocols/transfer-wallet.md), for one operator (merchant) at
 * a time: transfers in and out of the RGS-held wallets at most once per order number, the order query with its
 * NOT_FOUND tombstone, balances, and the settled rounds of transfer-mode sessions for the platform's bet-record pull.
 * Refusals are 4xx RgsErrors with the protocol's codes; a business refusal of a transfer is an answer (FAILED).
 */
export type TransferStatus = 'SUCCESS' | 'FAILED';
export type BetsQuery = z.output<typeof VendorBetsQuerySchema>;

/** The protocol's longest bets window. */
const MAX_WINDOW_MS = 24 * 60 * 60_000;

type OrderRow = { status: 'SUCCESS' | 'FAILED' | 'NOT_FOUND'; player_id: string | null; currency: string | null };
type BetRow = {
  id: string;
  seq: bigint;
  player_id: string;
  game_code: string;
  currency: string;
  bet_minor: bigint;
  win_minor: bigint;
  jackpot_minor: bigint;
  state: 'SETTLED' | 'CANCELLED';
  created_at: Date;
  settled_at: Date;
};

const invalid = (message: string) => new RgsError('VALIDATION_FAILED', 400, message);

/**
 * The page cursor: where the last page ended, as (settledAt, seq), the order the rounds are read in. Keyset, not an
 * offset, so it stays valid however long the platform waits before asking for the next page.
 */
const encodeCursor = (row: Pick<BetRow, 'settled_at' | 'seq'>): string =>
  Buffer.from(JSON.stringify({ t: row.settled_at.getTime(), s: row.seq.toString() })).toString('base64url');

const decodeCursor = (cursor: string): { settledAt: Date; seq: bigint } => {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; s?: unknown };
    if (typeof parsed.t === 'number' && Number.isSafeInteger(parsed.t) && typeof parsed.s === 'string') {
      if (/^\d{1,19}$/.test(parsed.s)) return { settledAt: new Date(parsed.t), seq: BigInt(parsed.s) };
    }
  } catch {
    // falls through to the refusal
  }
  throw invalid('cursor: not one of ours');
};

const toBetRound = (row: BetRow): VendorBetRound => ({
  roundId: row.id,
  playerId: row.player_id,
  gameCode: row.game_code,
  currency: row.currency,
  bet: toWire(row.bet_minor),
  // The win is everything the round paid (a jackpot included); a cancelled round returned its stake and paid nothing.
  win: toWire(row.state === 'CANCELLED' ? 0n : row.win_minor + row.jackpot_minor),
  status: row.state,
  startedAt: row.created_at.toISOString(),
  settledAt: row.settled_at.toISOString(),
});

export const transferWalletFactory = (deps: { db: Database; clock: Clock }) => {
  const { db, clock } = deps;

  /** IN or OUT, once per order number; a repeat (or an order after its NOT_FOUND) moves nothing. */
  const transfer = async (
    operator: string,
    call: VendorTransferCallBody,
  ): Promise<{ status: TransferStatus; balance: string }> => {
    const amountMinor = parseBalance(call.amount);
    if (amountMinor <= 0n) throw invalid('amount: must be more than 0');
    const key = { operator, playerId: call.playerId, currency: call.currency };
    return db.transaction(async (tx) => {
      const now = clock.now();
      // The order row first: a concurrent request with the same order number waits here for this one to commit.
      const claimed = await tx.query(
        `INSERT INTO transfer_orders (operator, order_no, status, player_id, currency, direction, amount_minor,
           created_at)
         VALUES ($1, $2, 'SUCCESS', $3, $4, $5, $6, $7)
         ON CONFLICT (operator, order_no) DO NOTHING RETURNING order_no`,
        [operator, call.orderNo, call.playerId, call.currency, call.direction, amountMinor, new Date(now)],
      );
      if (claimed.rows.length === 0) {
        const { rows } = await tx.query<OrderRow>(
          'SELECT status, player_id, currency FROM transfer_orders WHERE operator = $1 AND order_no = $2',
          [operator, call.orderNo],
        );
        const first = rows[0];
        const wallet = {
          operator,
          playerId: first?.player_id ?? call.playerId,
          currency: first?.currency ?? call.currency,
        };
        // A tombstone (NOT_FOUND answered before) refuses the order for good: the platform gave the money back.
        const status: TransferStatus = first?.status === 'SUCCESS' ? 'SUCCESS' : 'FAILED';
        return { status, balance: toWire(await walletBalance(tx, wallet)) };
      }
      const entry = { entryKey: `order:${call.orderNo}`, kind: call.direction, amountMinor, orderNo: call.orderNo };
      const moved = await moveMoney(tx, key, entry, now);
      if (moved.status === 'INSUFFICIENT') {
        await tx.query(`UPDATE transfer_orders SET status = 'FAILED' WHERE operator = $1 AND order_no = $2`, [
          operator,
          call.orderNo,
        ]);
        return { status: 'FAILED', balance: toWire(moved.balanceMinor) };
      }
      return { status: 'SUCCESS', balance: toWire(moved.balanceMinor) };
    });
  };

  /** What happened to an order; an order never seen is answered NOT_FOUND and refused from then on. */
  const order = async (operator: string, orderNo: string): Promise<{ status: OrderRow['status'] }> => {
    const tombstone = await db.query(
      `INSERT INTO transfer_orders (operator, order_no, status, created_at) VALUES ($1, $2, 'NOT_FOUND', $3)
       ON CONFLICT (operator, order_no) DO NOTHING RETURNING order_no`,
      [operator, orderNo, new Date(clock.now())],
    );
    if (tombstone.rows.length > 0) return { status: 'NOT_FOUND' };
    const { rows } = await db.query<OrderRow>(
      'SELECT status, player_id, currency FROM transfer_orders WHERE operator = $1 AND order_no = $2',
      [operator, orderNo],
    );
    return { status: rows[0]?.status ?? 'NOT_FOUND' };
  };

  const balance = async (operator: string, playerId: string, currency: string): Promise<{ balance: string }> => ({
    balance: toWire(await walletBalance(db, { operator, playerId, currency })),
  });

  /** The operator's transfer-mode rounds settled (or cancelled) in [from, to), oldest first, `limit` a page. */
  const bets = async (
    operator: string,
    query: BetsQuery,
  ): Promise<{ rounds: VendorBetRound[]; nextCursor: string | null }> => {
    const fromMs = Date.parse(query.from);
    const toMs = Date.parse(query.to);
    if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw invalid('from, to: must be ISO 8601 times');
    if (toMs < fromMs || toMs - fromMs > MAX_WINDOW_MS) throw invalid('to: must be after from, within 24 hours');
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    const params: unknown[] = [operator, new Date(fromMs), new Date(toMs), query.limit + 1];
    if (after !== null) params.push(after.settledAt, after.seq);
    const { rows } = await db.query<BetRow>(
      `SELECT id, seq, player_id, game_code, currency, bet_minor, win_minor, jackpot_minor, state, created_at, settled_at
       FROM rounds
       WHERE wallet = 'transfer' AND operator = $1 AND state IN ('SETTLED', 'CANCELLED')
         AND settled_at >= $2 AND settled_at < $3${after === null ? '' : ' AND (settled_at, seq) > ($5, $6)'}
       ORDER BY settled_at, seq LIMIT $4`,
      params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      rounds: page.map(toBetRound),
      nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor(last) : null,
    };
  };

  return { transfer, order, balance, bets };
};
export type TransferWallet = ReturnType<typeof transferWalletFactory>;
