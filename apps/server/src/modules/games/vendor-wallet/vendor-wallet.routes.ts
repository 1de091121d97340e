import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  formatMoney,
  MAIN_WALLET,
  VendorCodeSchema,
  VendorTransferOrderSchema,
  type TransferDirection,
  type VendorTransferOrder,
  type VendorTransferRequest,
  OPS_API,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { failure } from '../../../lib/respond';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { StaffAuth } from '../../operations/staff';
import { parseAmount } from '../../money/wallet';
import type { VendorTransferRow } from './vendor-transfer.repository';
import type { VendorTransferService } from './vendor-transfer.service';

/** Each transfer may call a vendor and wait for it: a member gets 20 a minute. */
export const VENDOR_TRANSFER_RULE: RateRule = { name: 'vendor-transfer', limit: 20, periodMs: 60_000 };

export type VendorWalletRoutesOptions = {
  service: VendorTransferService;
  auth: Auth;
  merchantOf: MerchantResolver;
  staff: StaffAuth;
  limiter: RateLimiter;
};

export const toOrderWire = (order: VendorTransferRow, merchant: Merchant): VendorTransferOrder => ({
  orderNo: order.orderNo,
  vendor: order.vendorCode,
  direction: order.direction,
  amount: formatMoney(order.amountMinor, merchant.currencyScale),
  status: order.status,
  createdAt: order.createdAt.toISOString(),
  settledAt: order.settledAt?.toISOString() ?? null,
});

/** `vendor` + `direction`, or the spec's from/to wallets: one side is MAIN, the other a vendor code. */
const routeOf = (body: VendorTransferRequest): { vendorCode: string; direction: TransferDirection } => {
  if (body.vendor !== undefined && body.direction !== undefined) {
    return { vendorCode: body.vendor, direction: body.direction };
  }
  const from = (body.from ?? '').toUpperCase();
  const to = (body.to ?? '').toUpperCase();
  const [vendor, direction] =
    from === MAIN_WALLET ? [to, 'IN' as const] : to === MAIN_WALLET ? [from, 'OUT' as const] : [null, null];
  const code = VendorCodeSchema.safeParse(vendor);
  if (direction === null || !code.success || code.data === MAIN_WALLET) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      'Invalid transfer: one side must be the main wallet, the other a game',
    );
  }
  return { vendorCode: code.data, direction };
};

/** Spec §7 wallet transfer (T), the member's vendor wallets (T), and the staff list of transfer orders. */
export const vendorWalletRoutes = async (app: FastifyInstance, options: VendorWalletRoutesOptions) => {
  const { service, auth, merchantOf, staff, limiter } = options;

  const memberAndMerchant = async (request: FastifyRequest) => ({
    session: await auth.requireMember(request),
    merchant: await merchantOf(request),
  });

  route(app, 'POST', API.wallet.vendorTransfer, {
    guard: async (request) => {
      const caller = await memberAndMerchant(request);
      service.requireTransferWallet(caller.merchant);
      return caller;
    },
    what: { body: 'wallet transfer' },
    handler: async ({ caller: { session, merchant }, body, reply }) => {
      const target = routeOf(body);
      const amountMinor = parseAmount(body.amount, merchant);
      // A retry of a request already made gets its order's answer before the limit is asked.
      if (!(await service.hasOrder(merchant, session.memberId, body.requestId))) {
        await enforceLimits(limiter, merchant.id, [[VENDOR_TRANSFER_RULE, session.memberId.toString()]]);
      }
      const outcome = await service.transfer(merchant, session.memberId, {
        ...target,
        amountMinor,
        requestId: body.requestId,
      });
      const order = VendorTransferOrderSchema.parse(toOrderWire(outcome.order, merchant));
      switch (outcome.kind) {
        case 'SUCCESS':
          return order;
        case 'PENDING':
          // Not a failure and not a success yet: 202, with the order, until reconciliation settles it.
          return reply
            .code(202)
            .send(
              failure(
                'TRANSFER_PENDING',
                'The game provider has not confirmed the transfer yet; it will settle',
                order,
              ),
            );
        case 'FAILED':
          if (outcome.reason === 'INSUFFICIENT_FUNDS') {
            throw new AppError('INSUFFICIENT_FUNDS', 422, 'Insufficient funds', { value: order });
          }
          throw new AppError('VENDOR_UNAVAILABLE', 502, 'The game provider refused the transfer; nothing was moved', {
            value: order,
          });
      }
    },
  });

  route(app, 'GET', API.wallet.vendorWallets, {
    guard: memberAndMerchant,
    handler: async ({ caller: { session, merchant }, reply }) => {
      const wallets = await service.wallets(merchant, session.memberId);
      void reply.header('cache-control', 'no-store');
      return {
        main: formatMoney(wallets.mainMinor, merchant.currencyScale),
        currencySymbol: merchant.currencySymbol || '$',
        vendors: wallets.vendors.map((v) => ({
          vendor: v.vendorCode,
          name: v.name,
          balance: formatMoney(v.balanceMinor, merchant.currencyScale),
          pending: v.pending,
        })),
      };
    },
  });

  route(app, 'GET', OPS_API.vendorTransfers, {
    guard: (request) => staff.requireStaff(request, 'cashier.view'),
    handler: async ({ caller: { merchant }, query }) => {
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows = await service.list(merchant.id, query.status, offset, query.pageSize + 1);
      return {
        list: rows.slice(0, query.pageSize).map((row) => ({
          ...toOrderWire(row, merchant),
          username: row.username,
          attempts: row.attempts,
          lastError: row.lastError,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        hasMore: rows.length > query.pageSize,
      };
    },
  });
};
