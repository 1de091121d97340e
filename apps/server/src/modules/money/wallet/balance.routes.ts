import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { WalletService } from './wallet.service';

export type BalanceRoutesOptions = {
  wallet: WalletService;
  auth: Auth;
  merchantOf: MerchantResolver;
};

/** Spec §7 balance (T) and merchant wallet (GET). */
export const balanceRoutes = async (app: FastifyInstance, { wallet, auth, merchantOf }: BalanceRoutesOptions) => {
  route(app, 'GET', API.wallet.balance, {
    guard: auth.requireSession,
    handler: async ({ caller: session, request, reply }) => {
      const merchant = await merchantOf(request);
      void reply.header('cache-control', 'no-store');
      return wallet.balance(merchant, { id: session.memberId, type: session.type });
    },
  });

  route(app, 'GET', API.wallet.merchantWallet, {
    guard: merchantOf,
    handler: async ({ caller: merchant }) => ({
      isSingle: merchant.walletIsSingle,
      currency: merchant.currencyCode,
      currencySymbol: merchant.currencySymbol || '$',
      scale: merchant.currencyScale,
    }),
  });
};
