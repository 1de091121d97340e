import { formatMoney, MoneyError, parseMoney, type OpsMemberContext } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import { memberContextRepository, type MemberContextRow } from './member-context.repository';

export { MEMBER_CONTEXT_MAX } from './member-context.repository';

const toContext = (row: MemberContextRow, scale: number): OpsMemberContext => ({
  id: row.id.toString(),
  username: row.username,
  userType: row.userType,
  status: row.status,
  registeredAt: new Date(row.registeredAt).toISOString(),
  balance: formatMoney(row.cashMinor, scale),
  frozen: formatMoney(row.frozenMinor, scale),
  depositTotal: formatMoney(row.depositTotalMinor, scale),
  withdrawalTotal: formatMoney(row.withdrawalTotalMinor, scale),
  depositsToday: row.depositsToday,
  withdrawalsToday: row.withdrawalsToday,
});

/** Reads the member context of a queue page: one query for all its members, keyed by member id. */
export type MemberContexts = (
  merchant: Merchant,
  memberIds: readonly bigint[],
) => Promise<ReadonlyMap<bigint, OpsMemberContext>>;

/**
 * The cashier's view of a member beside a queued order (issue 7): balance, lifetime deposits and withdrawals, today's
 * orders. It reads the deposit, withdrawal, ledger and member views of their owners, which is why it lives in its own module
 * and the queues receive it as a function.
 */
export const createMemberContexts =
  (deps: { db: Queryable; now: Clock }): MemberContexts =>
  async (merchant, memberIds) => {
    const distinct = [...new Set(memberIds)];
    const rows = await memberContextRepository(deps.db).read(
      merchant.id,
      merchant.currencyCode,
      distinct,
      new Date(deps.now()).toISOString(),
    );
    return new Map(rows.map((row) => [BigInt(row.id), toContext(row, merchant.currencyScale)]));
  };

/**
 * An amount of a queue filter in minor units; more decimals than the currency has is a field error (the form shows it
 * under the field) rather than a silently rounded filter.
 */
export const filterAmountMinor = (
  text: string | undefined,
  merchant: Pick<Merchant, 'currencyScale'>,
  field: string,
): bigint | undefined => {
  if (text === undefined) return undefined;
  try {
    return parseMoney(text, merchant.currencyScale);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    const message =
      error.reason === 'TOO_MANY_DECIMALS'
        ? `must have at most ${merchant.currencyScale} decimals`
        : 'is not an amount';
    throw new AppError('VALIDATION_FAILED', 400, `Invalid filter: ${field}: ${message}`, {
      value: { fields: [{ path: field, message }] },
    });
  }
};
