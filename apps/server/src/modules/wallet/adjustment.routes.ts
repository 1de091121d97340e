import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API, AmountTextSchema, formatMoney } from '@platform/contracts';
import { AppError } from '../../lib/app-error';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { MemberRow } from '../identity/member.repository';
import type { StaffAuth } from '../staff';
import { parseAmount } from './amount';
import type { WalletService } from './wallet.service';

export const AdjustmentRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  /** CREDIT adds to the member's cash, DEBIT takes from it (never below zero). */
  direction: z.enum(['CREDIT', 'DEBIT']),
  amount: AmountTextSchema,
  reason: z.string().trim().min(3).max(200),
  /** The caller's idempotency key: a retry with the same id applies once. */
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-'),
});

export const AdjustmentResultSchema = z.object({
  transferId: z.string(),
  username: z.string(),
  direction: z.enum(['CREDIT', 'DEBIT']),
  amount: z.string(),
  balanceAfter: z.string(),
  replayed: z.boolean(),
});

export type AdjustmentRoutesOptions = {
  wallet: WalletService;
  staff: StaffAuth;
  findMember: (merchantId: number, username: string) => Promise<MemberRow | undefined>;
};

/**
 * Staff manual adjustment (issue 4): a CORRECTION transfer between the merchant's CASHIER and the member's cash, with
 * the reason in its reference and the acting staff member in the log (the back office's audit log takes it over). The back office (issue 7) adds the second approval above a
 * threshold on top of this call.
 */
export const adjustmentRoutes = async (
  app: FastifyInstance,
  { wallet, staff, findMember }: AdjustmentRoutesOptions,
) => {
  app.post(API.ops.adjustments, async (request) => {
    const caller = await staff.requireStaff(request);
    const body = parseInput(AdjustmentRequestSchema, request.body, 'adjustment');
    const { merchant } = caller;
    const amountMinor = parseAmount(body.amount, merchant);
    const member = await findMember(merchant.id, body.username);
    if (member === undefined || member.userType === 4) {
      throw new AppError('ACCOUNT_NOT_FOUND', 404, 'No such member');
    }
    const [cash, cashier] = await Promise.all([
      wallet.memberAccount(merchant, member.id, 'CASH'),
      wallet.systemAccount(merchant, 'CASHIER'),
    ]);
    const credit = body.direction === 'CREDIT';
    const result = await wallet.post(
      {
        merchantId: merchant.id,
        source: 'ops.adjustment',
        idempotencyKey: body.requestId,
        // The member sees the reference in the account record: the reason only, never who on the staff made it.
        reference: body.reason,
        legs: [
          {
            debitAccountId: credit ? cashier : cash,
            creditAccountId: credit ? cash : cashier,
            amountMinor,
            code: 'CORRECTION',
          },
        ],
      },
      [member.id],
    );
    const transfer = result.transfers[0];
    if (transfer === undefined) throw new Error('adjustment without a transfer');
    const after = credit ? transfer.creditBalanceAfterMinor : transfer.debitBalanceAfterMinor;
    request.log.info({ staff: caller.staff, member: member.id.toString(), direction: body.direction }, 'adjustment');
    return success(AdjustmentResultSchema, {
      transferId: transfer.id.toString(),
      username: member.username,
      direction: body.direction,
      amount: formatMoney(amountMinor, merchant.currencyScale),
      balanceAfter: formatMoney(after, merchant.currencyScale),
      replayed: result.replayed,
    });
  });
};
