import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { SealedService } from '../../identity/sealed';
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

  route(app, 'GET', API.wallet.transferUpline, {
    guard: auth.requireMember,
    handler: async ({ caller: session }) => transfers.upline(session),
  });

  route(app, 'POST', API.wallet.transferUpline, {
    guard: auth.requireMember,
    handler: async ({ caller: session, request, descriptor }) => {
      const body = await sealed.open(session.merchantId, request.body, descriptor.body, 'transfer');
      const result = await transfers.toUpline(await merchantOf(request), session, body);
      request.log.info({ member: session.memberId.toString(), replayed: result.replayed }, 'transfer to upline');
      return result;
    },
  });

  route(app, 'POST', API.agent.transferDownline, {
    guard: auth.requireAgent,
    handler: async ({ caller: session, request, descriptor }) => {
      const body = await sealed.open(session.merchantId, request.body, descriptor.body, 'transfer');
      const result = await transfers.toDownline(await merchantOf(request), session, body);
      request.log.info({ agent: session.memberId.toString(), replayed: result.replayed }, 'transfer to downline');
      return result;
    },
  });

  route(app, 'GET', API.wallet.transactions, {
    guard: auth.requireSession,
    what: { query: 'account record query' },
    handler: async ({ caller: session, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      return records.list(await merchantOf(request), session, query);
    },
  });
};
