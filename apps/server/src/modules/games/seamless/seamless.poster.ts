import { refusalError } from '../../../lib/sql-errors';
import type { CallOutcome, CallRefusal, SeamlessCallInput } from './seamless.repository';

/**
 * Hands one call to the database and answers its own outcome (or throws its own refusal), whatever runs with it.
 * `lane` groups calls that may share a batch (see groupCommitSeamlessPoster); any number is accepted.
 */
export type SeamlessPoster<I = SeamlessCallInput> = { submit(input: I, lane: number): Promise<CallOutcome> };

/** The statements a poster runs: one call, or several in one statement (seamless.repository.ts). */
type CallStatements<I> = {
  call(input: I): Promise<CallOutcome>;
  callBatch(inputs: readonly I[]): Promise<(CallOutcome | CallRefusal)[]>;
};

export type SeamlessGroupCommitOptions = {
  /** Calls per statement at most: each is a subtransaction, and PostgreSQL keeps 64 per backend in memory. */
  maxBatch?: number;
  /** Batches in flight at once, one per lane, each on its own connection. */
  lanes?: number;
};

const isRefusal = (outcome: CallOutcome | CallRefusal): outcome is CallRefusal => 'refused' in outcome;

/** Every call its own statement and commit. */
export const directSeamlessPoster = <I>(repository: Pick<CallStatements<I>, 'call'>): SeamlessPoster<I> => ({
  submit: (input) => repository.call(input),
});

/**
 * Group commit for vendor calls (as the ledger's, ADR 0010): calls that arrive while a batch is in flight go together
 * as the next statement, so N calls share one round trip, one transaction and one WAL flush. Each call is still all or
 * nothing (a subtransaction; a refusal undoes only its call), nobody is answered before the batch committed, and when
 * a batch fails whole (a deadlock, anything unexpected) nothing of it was applied and each of its calls runs again
 * alone. No timer: a call that finds its lane idle goes at once.
 *
 * Lanes: a batch locks the house shard of each of its calls until it commits, so two batches in flight at once would
 * nearly always share a shard and run one after the other. The caller puts a call in the lane of its house shard
 * (shard modulo lanes), so batches of different lanes touch different shards and really run side by side.
 */
export const groupCommitSeamlessPoster = <I>(
  repository: CallStatements<I>,
  options: SeamlessGroupCommitOptions = {},
): SeamlessPoster<I> => {
  const maxBatch = options.maxBatch ?? 32;
  type Pending = {
    input: I;
    resolve: (outcome: CallOutcome) => void;
    reject: (error: unknown) => void;
  };
  type Lane = { queue: Pending[]; busy: boolean; scheduled: boolean };
  const lanes: Lane[] = Array.from({ length: Math.max(1, options.lanes ?? 1) }, () => ({
    queue: [],
    busy: false,
    scheduled: false,
  }));

  const alone = (pending: Pending) => repository.call(pending.input).then(pending.resolve, pending.reject);

  const flush = async (batch: Pending[]): Promise<void> => {
    if (batch.length === 1) {
      await alone(batch[0] as Pending);
      return;
    }
    let outcomes: (CallOutcome | CallRefusal)[];
    try {
      outcomes = await repository.callBatch(batch.map((pending) => pending.input));
    } catch {
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) pending.reject(new Error('seamless_calls answered fewer calls than it got'));
      else if (isRefusal(outcome)) pending.reject(refusalError(outcome.refused, outcome.detail));
      else pending.resolve(outcome);
    });
  };

  const pump = (lane: Lane): void => {
    lane.scheduled = false;
    if (lane.busy || lane.queue.length === 0) return;
    lane.busy = true;
    void flush(lane.queue.splice(0, maxBatch)).finally(() => {
      lane.busy = false;
      pump(lane);
    });
  };

  return {
    submit: (input, laneNo) =>
      new Promise<CallOutcome>((resolve, reject) => {
        const lane = lanes[Math.abs(laneNo) % lanes.length] as Lane;
        lane.queue.push({ input, resolve, reject });
        // Calls submitted in the same turn of the event loop go out together.
        if (!lane.scheduled && !lane.busy) {
          lane.scheduled = true;
          setImmediate(() => pump(lane));
        }
      }),
  };
};
