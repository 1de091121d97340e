-- The job registry's claims (DESIGN.md §8, modules/jobs): one row per (job, occurrence), inserted by the node that runs
-- it, so an occurrence runs once however many nodes share the database. Not tenant-owned: a job runs for every merchant.
CREATE TABLE job_runs (
  job text NOT NULL CHECK (job ~ '^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$'),
  occurrence timestamptz NOT NULL,
  node text NOT NULL CHECK (length(node) BETWEEN 1 AND 100),
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE', 'FAILED')),
  detail jsonb,
  PRIMARY KEY (job, occurrence)
);
-- Housekeeping deletes old claims by age.
CREATE INDEX job_runs_started_idx ON job_runs (started_at);
