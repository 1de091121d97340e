import type { SeamlessBatchItem } from '@platform/contracts';
import { vendorOfGame } from '../lib/games';
import { requestFor, type CallRow } from './call-outbox';
import type { CallOutcome, SeamlessClient } from './seamless-client';

/** Items per batch call: half the protocol's limit keeps a call's transaction short (ADR 0047). */
export const BATCH_ITEMS = 500;
/** Batch calls in flight at once: each is one transaction on the platform, and two cores share the work. */
const BATCHES_IN_FLIGHT = 2;

/**
 * Sends the credits and endRounds among `rows` (one due call per round) in batch calls, per operator and vendor, and
 * hands every item's outcome to `handle` as a single call's would be. A batch without an answer hands each of its items
 * that unknown outcome (each is retried later with the same transaction id, by the sweep, in a batch again or alone:
 * the platform answers a retried item with its first answer). Returns the rows left to send one by one: rollbacks, and every row when the
 * platform refused the batch call itself (a platform without it answers 404; the state is kept in `support`).
 */
export const sendInBatches = async (
  seamless: SeamlessClient,
  rows: readonly CallRow[],
  handle: (row: CallRow, outcome: CallOutcome) => Promise<void>,
  support: { batch: boolean },
): Promise<CallRow[]> => {
  const send = seamless.batch;
  if (send === undefined || !support.batch) return [...rows];
  const alone: CallRow[] = [];
  const groups = new Map<string, CallRow[]>();
  for (const row of rows) {
    if (row.op !== 'credit' && row.op !== 'endRound') {
      alone.push(row);
      continue;
    }
    const key = `${row.operator}\n${vendorOfGame(row.game_code)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const chunks: CallRow[][] = [];
  for (const group of groups.values()) {
    for (let at = 0; at < group.length; at += BATCH_ITEMS) chunks.push(group.slice(at, at + BATCH_ITEMS));
  }
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      const chunk = chunks[next]!;
      next += 1;
      const first = chunk[0]!;
      const items = chunk.map((row) => ({ op: row.op, ...requestFor(row) }) as SeamlessBatchItem);
      const outcome = await send(first.operator, items, vendorOfGame(first.game_code));
      if (outcome.kind === 'ok') {
        for (const [index, row] of chunk.entries()) await handle(row, outcome.items[index]!);
      } else if (outcome.kind === 'refused') {
        // The batch call itself refused (a platform without it, or a request it will not take): one by one instead.
        if (outcome.httpStatus === 404) support.batch = false;
        alone.push(...chunk);
      } else {
        for (const row of chunk) await handle(row, outcome);
      }
    }
  };
  await Promise.all(Array.from({ length: BATCHES_IN_FLIGHT }, worker));
  return alone;
};
