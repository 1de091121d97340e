import type { Queryable } from '../db/database';
import { toWire } from '../lib/money';
import type { CallOp, NewCall } from './calls';

/**
 * The outbox of platform calls (table platform_calls): its rows, how one is written, and the seamless request each
 * row becomes. payments.ts sends them, retries them and rolls back the debits that got no answer.
 */

/** A call with what its request needs from its round and page session. */
export type CallRow = {
  transaction_id: string;
  round_id: string;
  op: CallOp;
  amount_minor: bigint | null;
  bet_transaction_id: string | null;
  end_round: boolean;
  status: 'PENDING' | 'DONE' | 'REFUSED' | 'FAILED';
  attempts: number;
  next_attempt_at: Date | null;
  operator: string;
  player_id: string;
  currency: string;
  game_code: string;
  platform_token: string;
};

/** Selects CallRows; the caller adds the WHERE. */
export const SELECT_CALL = `SELECT c.transaction_id, c.round_id, c.op, c.amount_minor, c.bet_transaction_id, c.end_round,
    c.status, c.attempts, c.next_attempt_at, r.operator, r.player_id, r.currency, r.game_code, s.platform_token
  FROM platform_calls c JOIN rounds r ON r.id = c.round_id JOIN page_sessions s ON s.id_hash = r.session_id`;

/** Writes a call to the outbox, in the caller's transaction, due now. */
export const insertCall = async (
  tx: Queryable,
  call: NewCall,
  nowMs: number,
  ignoreDuplicate = false,
): Promise<void> => {
  await tx.query(
    `INSERT INTO platform_calls (transaction_id, round_id, op, amount_minor, bet_transaction_id, end_round, status,
       next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', $7, $7, $7)${ignoreDuplicate ? ' ON CONFLICT (transaction_id) DO NOTHING' : ''}`,
    [
      call.transactionId,
      call.roundId,
      call.op,
      call.amountMinor ?? null,
      call.betTransactionId ?? null,
      call.endRound ?? false,
      new Date(nowMs),
    ],
  );
};

/** insertCall for many calls in one statement, in the order given (their seq follows it). */
export const insertCalls = async (tx: Queryable, calls: readonly NewCall[], nowMs: number): Promise<void> => {
  if (calls.length === 0) return;
  await tx.query(
    `INSERT INTO platform_calls (transaction_id, round_id, op, amount_minor, bet_transaction_id, end_round, status,
       next_attempt_at, created_at, updated_at)
     SELECT t.id, t.round, t.op, t.amount, t.bet, t.end_round, 'PENDING', $7, $7, $7
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::boolean[])
       WITH ORDINALITY AS t (id, round, op, amount, bet, end_round, n)
     ORDER BY t.n`,
    [
      calls.map((c) => c.transactionId),
      calls.map((c) => c.roundId),
      calls.map((c) => c.op),
      calls.map((c) => (c.amountMinor === undefined ? null : c.amountMinor.toString())),
      calls.map((c) => c.betTransactionId ?? null),
      calls.map((c) => c.endRound ?? false),
      new Date(nowMs),
    ],
  );
};

/** The seamless protocol's request for a call (the operator and op are sent beside it). */
export const requestFor = (row: CallRow) => {
  const session = { sessionToken: row.platform_token, playerId: row.player_id, currency: row.currency };
  switch (row.op) {
    case 'debit':
      return {
        ...session,
        transactionId: row.transaction_id,
        roundId: row.round_id,
        gameCode: row.game_code,
        amount: toWire(row.amount_minor ?? 0n),
      };
    case 'credit':
      return {
        ...session,
        transactionId: row.transaction_id,
        betTransactionId: row.bet_transaction_id ?? '',
        roundId: row.round_id,
        amount: toWire(row.amount_minor ?? 0n),
        ...(row.end_round ? { endRound: true } : {}),
      };
    case 'rollback':
      return {
        ...session,
        transactionId: row.transaction_id,
        betTransactionId: row.bet_transaction_id ?? '',
        roundId: row.round_id,
      };
    case 'endRound':
      return { ...session, transactionId: row.transaction_id, roundId: row.round_id };
  }
};

/** A bet's rollback has its own transaction id, derived from the bet's, so a second rollback of it is the same call. */
export const rollbackIdFor = (betTransactionId: string): string => `${betTransactionId}:rb`;
