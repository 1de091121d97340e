import type { Database } from '../../../db/database';
import { auditLedger } from './ledger.audit';
import { ledgerJobs } from './ledger.jobs';
import { directPoster, groupCommitPoster, type GroupCommitOptions } from './ledger.poster';
import { ledgerServiceFactory } from './ledger.service';

export { auditLedger, type LedgerViolation } from './ledger.audit';
export type { AccountKey } from './ledger.repository';
export type { LedgerService, PostManyOutcome, ReverseInput, TransferPage } from './ledger.service';
export { MAX_GATHERED_POSTS } from './ledger.service';
export { directPoster, groupCommitPoster, type GroupCommitOptions, type Poster } from './ledger.poster';
export * from './ledger.types';
export { ledgerShardOf, pgHashtext } from './ledger.shards';

export type LedgerModuleDeps = {
  db: Database;
  /** Group commit (see ledger.poster.ts); false posts each transfer in its own statement. Default: on. */
  groupCommit?: GroupCommitOptions | false;
};

/**
 * Group commit is on by default because bench/ledger.mjs measured it faster on both engines (2 vCPU, 8 clients, bet+win:
 * PostgreSQL 2922 vs 1951 transfers/s, PGlite 512 vs 315). PGlite has one connection, so one batch in flight is all it
 * can use; on PostgreSQL two batches overlap one's commit with the other's work.
 */
const defaultGroupCommit = (db: Database): GroupCommitOptions => ({ maxInFlight: db.kind === 'pglite' ? 1 : 2 });

/** The double-entry ledger (DESIGN.md §5, issue 4). Other modules post through `service`. */
export const createLedgerModule = ({ db, groupCommit = defaultGroupCommit(db) }: LedgerModuleDeps) => {
  const poster = groupCommit === false ? directPoster(db) : groupCommitPoster(db, groupCommit);
  const service = ledgerServiceFactory({ db, poster });
  const audit = (merchantId?: number) => auditLedger(db, merchantId);
  return {
    service,
    audit,
    /** The hourly invariant audit, for the job registry; violations are logged as errors. */
    jobs: (log: Parameters<typeof ledgerJobs>[1]) => ledgerJobs(() => audit(), log),
  };
};

export type LedgerModule = ReturnType<typeof createLedgerModule>;
