import type { Database } from '../../../db/database';
import { decodeSqlError } from '../../../lib/sql-errors';
import { isSingleLeg, ledgerRepository, type PostOutcome, type PostRequest } from './ledger.repository';

/** Hands one post to the database and returns its own outcome, whatever else runs with it. */
export type Poster = { submit(post: PostRequest): Promise<PostOutcome> };

export type GroupCommitOptions = {
  /** Posts per statement at most (a batch locks all its rows at once, so keep it small). */
  maxBatch?: number;
  /** Batches in flight at once, each on its own connection; posts that arrive meanwhile wait and go together. */
  maxInFlight?: number;
};

/**
 * Failures a post retries alone: both mean "someone else got there first", never "invalid".
 * - unique_violation: two posts with one key raced past the idempotency check; the retry sees the winner's rows and
 *   answers REPLAYED or IDEMPOTENCY_CONFLICT like any later retry.
 * - deadlock_detected / serialization_failure: rows are locked in key order, so this should not happen; if it does,
 *   the statement was rolled back whole and running it again is safe.
 */
const retryable = (error: unknown): boolean => {
  const { kind } = decodeSqlError(error);
  return kind === 'unique' || kind === 'rolled-back';
};
const MAX_ATTEMPTS = 3;

/**
 * A batch in one statement: the lean single-leg path when every post of it has one leg and no reversal (nearly all:
 * bets, wins, deposits, holds), else the general ledger_post (ADR 0010).
 */
const postBatch = (db: Database, posts: readonly PostRequest[]): Promise<PostOutcome[]> =>
  posts.every(isSingleLeg) ? ledgerRepository.postSingleLeg(db, posts) : ledgerRepository.post(db, posts);

/** One post, one statement; retried alone when it lost a race (see retryable). */
const postAlone = async (db: Database, post: PostRequest): Promise<PostOutcome> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [outcome] = await postBatch(db, [post]);
      if (outcome === undefined) throw new Error('ledger_post returned no outcome');
      return outcome;
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !retryable(error)) throw error;
    }
  }
};

/**
 * Posts already gathered by the caller (a settlement paying many agents): one statement, one transaction, each post's
 * own outcome, as a group-commit batch. A batch that lost a key race (unique_violation) or was rolled back is run again
 * whole: nothing of it committed, and the retry replays what the winner posted.
 */
export const postGathered = async (db: Database, posts: readonly PostRequest[]): Promise<PostOutcome[]> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const outcomes = posts.every(isSingleLeg)
        ? await ledgerRepository.postSingleLeg(db, posts, true)
        : await ledgerRepository.post(db, posts);
      if (outcomes.length !== posts.length) throw new Error('ledger_post returned fewer outcomes than posts');
      return outcomes;
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !retryable(error)) throw error;
    }
  }
};

/** No grouping: every post is its own statement (and its own commit). */
export const directPoster = (db: Database): Poster => ({ submit: (post) => postAlone(db, post) });

/**
 * Group commit (issue 4): posts that arrive while earlier batches are in flight are sent together as one statement,
 * so N posts share one round trip, one transaction and one WAL flush. Guarantees are those of a single post:
 * - each post is all or nothing, and refusals (funds, key conflict) are per-post results inside the batch, so one
 *   caller's failure never fails another;
 * - rows are locked in key order across the whole batch, so batches cannot deadlock each other;
 * - nobody is answered before the batch has committed; if the batch statement fails as a whole (a key raced with
 *   another batch), nothing of it was committed and each of its posts is run again alone, so each caller still gets
 *   its own answer.
 * It adds no timer: a post that finds a free slot goes at once; waiting happens only behind work already in flight.
 */
export const groupCommitPoster = (db: Database, options: GroupCommitOptions = {}): Poster => {
  const maxBatch = options.maxBatch ?? 32;
  const maxInFlight = options.maxInFlight ?? 2;
  type Pending = { post: PostRequest; resolve: (outcome: PostOutcome) => void; reject: (error: unknown) => void };
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;

  const flush = async (batch: Pending[]): Promise<void> => {
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await postAlone(db, only.post).then(only.resolve, only.reject);
      return;
    }
    let outcomes: PostOutcome[];
    try {
      outcomes = await postBatch(
        db,
        batch.map((pending) => pending.post),
      );
    } catch {
      // Rolled back whole: run each post alone, so each caller gets its own outcome or error.
      await Promise.all(batch.map((pending) => postAlone(db, pending.post).then(pending.resolve, pending.reject)));
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) pending.reject(new Error('ledger_post returned fewer outcomes than posts'));
      else pending.resolve(outcome);
    });
  };

  const pump = (): void => {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      inFlight += 1;
      void flush(queue.splice(0, maxBatch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    submit: (post) =>
      new Promise<PostOutcome>((resolve, reject) => {
        queue.push({ post, resolve, reject });
        // Posts submitted in the same turn of the event loop go out together.
        if (!scheduled && inFlight < maxInFlight) {
          scheduled = true;
          setImmediate(pump);
        }
      }),
  };
};
