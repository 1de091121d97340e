import type { FastifyInstance } from 'fastify';
import { API, BalanceSchema, MerchantWalletSchema } from '@platform/contracts';
import { success } from '../../lib/respond';
import type { Auth, MerchantResolver } from '../identity';
import type { WalletService } from './wallet.service';

export type BalanceRoutesOptions = {
  wallet: WalletService;
  auth: Auth;
  merchantOf: MerchantResolver;
};

/** Spec §7 balance (T) and merchant wallet (GET). */
export const balanceRoutes = async (app: FastifyInstance, { wallet, auth, merchantOf }: BalanceRoutesOptions) => {
  app.get(API.wallet.balance, async (request, reply) => {
    const session = await auth.requireSession(request);
    const merchant = await merchantOf(request);
    void reply.header('cache-control', 'no-store');
    return success(BalanceSchema, await wallet.balance(merchant, { id: session.memberId, type: session.type }));
  });

  app.get(API.wallet.merchantWallet, async (request) => {
    const merchant = await merchantOf(request);
    return success(MerchantWalletSchema, {
      isSingle: merchant.walletIsSingle,
      currency: merchant.currencyCode,
      currencySymbol: merchant.currencySymbol || '$',
      scale: merchant.currencyScale,
    });
  });
};
