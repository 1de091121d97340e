import type { FastifyInstance } from 'fastify';
import {
  API,
  TransactionPageSchema,
  TransactionsQuerySchema,
  TransferDownlineRequestSchema,
  TransferResultSchema,
  TransferUplineRequestSchema,
  UplineInfoSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { Auth, MerchantResolver } from '../identity';
import type { SealedService } from '../sealed';
import type { RecordsService } from './records.service';
import type { TransferService } from './transfer.service';

export type TransferRoutesOptions = {
  transfers: TransferService;
  records: RecordsService;
  sealed: Pick<SealedService, 'open'>;
  auth: Auth;
  merchantOf: MerchantResolver;
};

/** Transfers up and down the agent tree (E: they carry the payment password) and the account record (T). */
export const transferRoutes = async (app: FastifyInstance, options: TransferRoutesOptions) => {
  const { transfers, records, sealed, auth, merchantOf } = options;

  app.get(API.wallet.transferUpline, async (request) =>
    success(UplineInfoSchema, await transfers.upline(await auth.requireMember(request))),
  );

  app.post(API.wallet.transferUpline, async (request) => {
    const session = await auth.requireMember(request);
    const body = await sealed.open(session.merchantId, request.body, TransferUplineRequestSchema, 'transfer');
    const result = await transfers.toUpline(await merchantOf(request), session, body);
    request.log.info({ member: session.memberId.toString(), replayed: result.replayed }, 'transfer to upline');
    return success(TransferResultSchema, result);
  });

  app.post(API.agent.transferDownline, async (request) => {
    const session = await auth.requireAgent(request);
    const body = await sealed.open(session.merchantId, request.body, TransferDownlineRequestSchema, 'transfer');
    const result = await transfers.toDownline(await merchantOf(request), session, body);
    request.log.info({ agent: session.memberId.toString(), replayed: result.replayed }, 'transfer to downline');
    return success(TransferResultSchema, result);
  });

  app.get(API.wallet.transactions, async (request, reply) => {
    const session = await auth.requireSession(request);
    const query = parseInput(TransactionsQuerySchema, request.query, 'account record query');
    void reply.header('cache-control', 'no-store');
    return success(TransactionPageSchema, await records.list(await merchantOf(request), session, query));
  });
};
