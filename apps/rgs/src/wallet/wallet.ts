import type { Queryable } from '../db/database';
import type { NewCall } from '../platform/calls';

/**
 * The RGS-held wallets of the transfer mode (0002_transfer_wallet.sql): one balance per (operator, player, currency) in
 * hundredths, moved only here, always in the caller's transaction and with a journal entry whose key makes the
 * movement happen once. A taking movement (OUT, BET) needs the money in the same UPDATE, so a balance never goes
 * below zero, also when two requests race.
 */
export type WalletKey = { operator: string; playerId: string; currency: string };
export type EntryKind = 'IN' | 'OUT' | 'BET' | 'WIN' | 'REFUND';
export type Entry = {
  /** Unique per operator: `order:<orderNo>` for transfers, the movement's transaction id for rounds. */
  entryKey: string;
  kind: EntryKind;
  amountMinor: bigint;
  roundId?: string;
  orderNo?: string;
};
/** MOVED: applied now; DUPLICATE: the key was applied before (nothing moved); INSUFFICIENT: refused, nothing moved. */
export type MoveResult = { status: 'MOVED' | 'DUPLICATE' | 'INSUFFICIENT'; balanceMinor: bigint };

const TAKES: ReadonlySet<EntryKind> = new Set(['OUT', 'BET']);

export const walletBalance = async (q: Queryable, key: WalletKey): Promise<bigint> => {
  const { rows } = await q.query<{ balance_minor: bigint }>(
    'SELECT balance_minor FROM wallets WHERE operator = $1 AND player_id = $2 AND currency = $3',
    [key.operator, key.playerId, key.currency],
  );
  return rows[0]?.balance_minor ?? 0n;
};

/** Applies one movement in `tx` (the caller's transaction, with the round or the order it belongs to). */
export const moveMoney = async (tx: Queryable, key: WalletKey, entry: Entry, nowMs: number): Promise<MoveResult> => {
  const seen = await tx.query('SELECT 1 FROM wallet_entries WHERE operator = $1 AND entry_key = $2', [
    key.operator,
    entry.entryKey,
  ]);
  if (seen.rows.length > 0) return { status: 'DUPLICATE', balanceMinor: await walletBalance(tx, key) };
  // A lost round credits 0.00: nothing to move, nothing to journal.
  if (entry.amountMinor === 0n) return { status: 'MOVED', balanceMinor: await walletBalance(tx, key) };
  const now = new Date(nowMs);
  const params = [key.operator, key.playerId, key.currency, entry.amountMinor, now];
  const { rows } = TAKES.has(entry.kind)
    ? await tx.query<{ balance_minor: bigint }>(
        `UPDATE wallets SET balance_minor = balance_minor - $4, updated_at = $5
         WHERE operator = $1 AND player_id = $2 AND currency = $3 AND balance_minor >= $4
         RETURNING balance_minor`,
        params,
      )
    : await tx.query<{ balance_minor: bigint }>(
        `INSERT INTO wallets (operator, player_id, currency, balance_minor, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (operator, player_id, currency)
         DO UPDATE SET balance_minor = wallets.balance_minor + EXCLUDED.balance_minor, updated_at = EXCLUDED.updated_at
         RETURNING balance_minor`,
        params,
      );
  const after = rows[0]?.balance_minor;
  if (after === undefined) return { status: 'INSUFFICIENT', balanceMinor: await walletBalance(tx, key) };
  // A racing request with the same key fails here on the unique key, and its transaction (with the move) rolls back.
  await tx.query(
    `INSERT INTO wallet_entries (operator, player_id, currency, entry_key, kind, amount_minor, balance_after_minor,
       round_id, order_no, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      ...[key.operator, key.playerId, key.currency, entry.entryKey, entry.kind, entry.amountMinor, after],
      ...[entry.roundId ?? null, entry.orderNo ?? null, now],
    ],
  );
  return { status: 'MOVED', balanceMinor: after };
};

/**
 * The settle-time calls of a transfer-mode round, applied to the player's wallet instead of being sent to the
 * platform: a credit is a WIN (a jackpot credit too); endRound moves nothing (the round is closed by the caller).
 */
export const applyRoundCalls = async (
  tx: Queryable,
  key: WalletKey,
  roundId: string,
  calls: readonly NewCall[],
  nowMs: number,
): Promise<void> => {
  for (const call of calls) {
    if (call.op === 'credit') {
      const entry = { entryKey: call.transactionId, kind: 'WIN' as const, amountMinor: call.amountMinor ?? 0n };
      await moveMoney(tx, key, { ...entry, roundId }, nowMs);
    } else if (call.op !== 'endRound') {
      // Bets are taken when the round begins and refunds are rollbacks (payments.rollBack): never part of a settle.
      throw new Error(`a ${call.op} cannot settle a transfer-mode round`);
    }
  }
};
