import type { FastifyInstance } from 'fastify';
import { API, formatMoney, type BonusGrant } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { GrantRow } from './bonus-wallet.repository';
import type { BonusWalletService } from './bonus-wallet.service';

export type BonusWalletRoutesOptions = {
  service: Pick<BonusWalletService, 'ofMember'>;
  auth: Pick<Auth, 'requireMember'>;
  merchantOf: MerchantResolver;
};

const HISTORY_SIZE = 20;

/** A grant on the wire, in the merchant's currency scale. */
export const grantWire = (grant: GrantRow, scale: number): BonusGrant => {
  const money = (minor: bigint) => formatMoney(minor, scale);
  return {
    id: grant.id.toString(),
    status: grant.status,
    amount: money(grant.amountMinor),
    balance: money(grant.balanceMinor),
    turnoverRequired: money(grant.turnoverRequiredMinor),
    turnoverDone: money(grant.turnoverDoneMinor),
    weights: grant.weights,
    defaultWeight: grant.defaultWeight,
    maxBet: grant.maxBetMinor === null ? null : money(grant.maxBetMinor),
    maxConversion: grant.maxConversionMinor === null ? null : money(grant.maxConversionMinor),
    onWithdraw: grant.onWithdraw,
    expiresAt: grant.expiresAt.toISOString(),
    createdAt: grant.createdAt.toISOString(),
    closedAt: grant.closedAt?.toISOString() ?? null,
    converted: money(grant.convertedMinor),
    forfeited: money(grant.forfeitedMinor),
  };
};

/** The member centre's bonusDetails (spec §2): the caller's own grants only, never cached by the browser. */
export const bonusWalletRoutes = async (app: FastifyInstance, options: BonusWalletRoutesOptions) => {
  const { service, auth, merchantOf } = options;
  route(app, 'GET', API.bonus.details, {
    guard: auth.requireMember,
    handler: async ({ caller, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      const merchant = await merchantOf(request);
      const grants = await service.ofMember(merchant.id, caller.memberId, HISTORY_SIZE);
      const active = grants.find((g) => g.status === 'ACTIVE') ?? null;
      return {
        active: active === null ? null : grantWire(active, merchant.currencyScale),
        history: grants.map((g) => grantWire(g, merchant.currencyScale)),
      };
    },
  });
};
