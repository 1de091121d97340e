import type { Queryable } from '../../../db/database';

export type JobRunStatus = 'DONE' | 'FAILED';

/** SQL for job_runs, the registry's claims (migration 0022). */
export const jobsRepository = (db: Queryable) => ({
  /** Inserts the claim of (job, occurrence); true when this node got it, false when another node already had. */
  claim: async (job: string, occurrence: Date, node: string, startedAt: Date): Promise<boolean> => {
    const { rows } = await db.query(
      `INSERT INTO job_runs (job, occurrence, node, started_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (job, occurrence) DO NOTHING RETURNING 1`,
      [job, occurrence.toISOString(), node, startedAt.toISOString()],
    );
    return rows.length === 1;
  },

  finish: async (
    job: string,
    occurrence: Date,
    node: string,
    outcome: { status: JobRunStatus; finishedAt: Date; detail: unknown },
  ): Promise<void> => {
    await db.query(
      `UPDATE job_runs SET status = $4, finished_at = $5, detail = $6::jsonb
       WHERE job = $1 AND occurrence = $2 AND node = $3`,
      [
        job,
        occurrence.toISOString(),
        node,
        outcome.status,
        outcome.finishedAt.toISOString(),
        JSON.stringify(outcome.detail ?? null),
      ],
    );
  },

  /** Deletes claims started before `before`, at most `batch` of them. */
  purge: async (before: Date, batch: number): Promise<number> => {
    const { rows } = await db.query(
      `DELETE FROM job_runs WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM job_runs WHERE started_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
      [before.toISOString(), batch],
    );
    return rows.length;
  },
});

export type JobsRepository = ReturnType<typeof jobsRepository>;
