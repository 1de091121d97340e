import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../../lib/event-bus';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { LedgerService } from '../ledger';
import { balanceRoutes } from './balance.routes';
import { walletServiceFactory } from './wallet.service';

export { parseAmount, parseFieldAmount } from './amount';
export type { MemberPurpose, WalletService } from './wallet.service';

export type WalletModuleDeps = { ledger: LedgerService; bus: EventBus };

/**
 * The member's money (issue 4): accounts and balance over the ledger. Deposits, withdrawals, transfers, manual
 * adjustments and the transfer wallet are their own modules and move money through `service.post`.
 */
export const createWalletModule = ({ ledger, bus }: WalletModuleDeps) => {
  const service = walletServiceFactory({ ledger, bus });
  return {
    service,
    routes: (options: { auth: Auth; merchantOf: MerchantResolver }) => async (app: FastifyInstance) => {
      await app.register(balanceRoutes, { wallet: service, auth: options.auth, merchantOf: options.merchantOf });
    },
  };
};

export type WalletModule = ReturnType<typeof createWalletModule>;
