import {
  formatMoney,
  isTrialType,
  RECORD_CUSTOM_DAYS_MAX,
  type RecordPeriod,
  type RecordType,
  type TransactionPage,
} from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import { periodDays as recordPeriodDays } from '../../../lib/record-period';
import type { Session } from '../../identity/identity';
import type { TransferCode } from '../ledger';
import type { Merchant } from '../../platform/merchant';
import type { TransferRepository } from './transfer.repository';

/** The UI's type filter as ledger codes (null: every code). */
export const RECORD_TYPE_CODES: Record<RecordType, readonly TransferCode[] | null> = {
  ALL: null,
  DEPOSIT: ['DEPOSIT'],
  WITHDRAW: ['WITHDRAW_HOLD', 'WITHDRAW_PAID', 'WITHDRAW_RELEASE'],
  TRANSFER: ['TRANSFER_UPLINE', 'TRANSFER_DOWNLINE'],
  GAME: ['BET', 'WIN', 'REFUND', 'VENDOR_IN', 'VENDOR_OUT'],
  BONUS: ['BONUS', 'REBATE', 'SALARY', 'DIVIDEND'],
  ADJUSTMENT: ['CORRECTION'],
  PLAY: ['PLAY_FUND'],
};

/** Counting stops here: a member with a longer history in one period sees this many rows' worth of pages. */
export const RECORD_COUNT_CAP = 5_000;

/** [fromDay, toDay) in the merchant's calendar for a period; a custom period is checked (real dates, ≤ 90 days). */
export const periodDays = (
  period: RecordPeriod,
  today: string,
  custom: { startDate?: string | undefined; endDate?: string | undefined },
): { fromDay: string; toDay: string } => recordPeriodDays(period, today, custom, RECORD_CUSTOM_DAYS_MAX);

export type RecordsServiceDeps = {
  repository: Pick<TransferRepository, 'localToday' | 'findAccountId' | 'records' | 'countRecords'>;
  now: Clock;
};

export type RecordsQuery = {
  type: RecordType;
  period: RecordPeriod;
  startDate?: string | undefined;
  endDate?: string | undefined;
  pageNo: number;
  pageSize: number;
};

/**
 * The account record (spec transactionHistory): the rows of the member's own spendable account (CASH; a trial
 * member's PLAY) from the session, never from input, so a member only ever reads its own rows.
 */
export const recordsServiceFactory = ({ repository, now }: RecordsServiceDeps) => ({
  list: async (
    merchant: Pick<Merchant, 'id' | 'currencyScale' | 'currencyCode' | 'playCurrency'>,
    session: Pick<Session, 'memberId' | 'type'>,
    query: RecordsQuery,
  ): Promise<TransactionPage> => {
    const { timezone, today } = await repository.localToday(merchant.id, new Date(now()).toISOString());
    const { fromDay, toDay } = periodDays(query.period, today, query);
    const play = isTrialType(session.type);
    const accountId = await repository.findAccountId(
      merchant.id,
      session.memberId,
      play ? 'PLAY' : 'CASH',
      play ? merchant.playCurrency : merchant.currencyCode,
    );
    const offset = (query.pageNo - 1) * query.pageSize;
    if (accountId === undefined) return { list: [], pageNo: query.pageNo, totalPages: 0 };
    // Pages past the counting cap are not served: OFFSET would otherwise walk an unbounded part of the index.
    if (offset >= RECORD_COUNT_CAP) {
      return { list: [], pageNo: query.pageNo, totalPages: Math.ceil(RECORD_COUNT_CAP / query.pageSize) };
    }
    const filter = {
      merchantId: merchant.id,
      accountId,
      fromDay,
      toDay,
      timezone,
      codes: RECORD_TYPE_CODES[query.type],
    };
    const [rows, count] = await Promise.all([
      repository.records({ ...filter, offset, limit: query.pageSize }),
      repository.countRecords(filter, RECORD_COUNT_CAP),
    ]);
    const scale = merchant.currencyScale;
    return {
      list: rows.map((row) => ({
        id: row.id.toString(),
        time: row.createdAt.toISOString(),
        code: row.code,
        amount: `${row.signedMinor > 0n ? '+' : ''}${formatMoney(row.signedMinor, scale)}`,
        balanceAfter: formatMoney(row.balanceAfterMinor, scale),
        reference: row.reference,
      })),
      pageNo: query.pageNo,
      totalPages: Math.ceil(count / query.pageSize),
    };
  },
});

export type RecordsService = ReturnType<typeof recordsServiceFactory>;
