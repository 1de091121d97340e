import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SealedService } from '../../identity/sealed';
import type { WalletService } from '../wallet';
import { recordsServiceFactory } from './records.service';
import { transferRepository } from './transfer.repository';
import { transferRoutes } from './transfer.routes';
import { transferServiceFactory, type TransferDirectory } from './transfer.service';

export type { RecordsQuery, RecordsService } from './records.service';

export type TransferModuleDeps = {
  db: Database;
  wallet: WalletService;
  directory: TransferDirectory;
  limiter: RateLimiter;
  now: Clock;
};

/**
 * Transfers up and down the agent tree and the account record (issue 4): money moves through the wallet's `post`,
 * records are read from the ledger's ledger_entries view, the member's own account only.
 */
export const createTransferModule = ({ db, wallet, directory, limiter, now }: TransferModuleDeps) => {
  const repository = transferRepository(db);
  const transfers = transferServiceFactory({ wallet, directory, repository, limiter });
  const records = recordsServiceFactory({ repository, now });
  return {
    transfers,
    records,
    routes:
      (options: { auth: Auth; merchantOf: MerchantResolver; sealed: Pick<SealedService, 'open'> }) =>
      async (app: FastifyInstance) => {
        await app.register(transferRoutes, { transfers, records, ...options });
      },
  };
};

export type TransferModule = ReturnType<typeof createTransferModule>;
