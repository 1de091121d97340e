import {
  formatMoney,
  isTrialType,
  RECORD_CUSTOM_DAYS_MAX,
  type RecordPeriod,
  type RecordType,
  type TransactionPage,
} from '@platform/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Session } from '../identity';
import type { TransferCode } from '../ledger';
import type { Merchant } from '../merchant';
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

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number | null => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  // Date.parse accepts 2026-02-31 as March 3rd; a real date prints back as itself.
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms / DAY_MS;
};
const dayText = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** [fromDay, toDay) in the merchant's calendar for a period; a custom period is checked (real dates, ≤ 90 days). */
export const periodDays = (
  period: RecordPeriod,
  today: string,
  custom: { startDate?: string | undefined; endDate?: string | undefined },
): { fromDay: string; toDay: string } => {
  const t = dayNumber(today);
  if (t === null) throw new Error(`bad local date ${today}`);
  switch (period) {
    case 'TODAY':
      return { fromDay: dayText(t), toDay: dayText(t + 1) };
    case 'YESTERDAY':
      return { fromDay: dayText(t - 1), toDay: dayText(t) };
    case 'LAST_7_DAYS':
      return { fromDay: dayText(t - 6), toDay: dayText(t + 1) };
    case 'LAST_30_DAYS':
      return { fromDay: dayText(t - 29), toDay: dayText(t + 1) };
    case 'CUSTOM': {
      const start = dayNumber(custom.startDate ?? '');
      const end = dayNumber(custom.endDate ?? '');
      if (start === null || end === null || end < start) {
        throw new AppError('VALIDATION_FAILED', 400, 'Invalid period: the start must be a date on or before the end');
      }
      if (end - start + 1 > RECORD_CUSTOM_DAYS_MAX) {
        throw new AppError('VALIDATION_FAILED', 400, `Invalid period: at most ${RECORD_CUSTOM_DAYS_MAX} days`);
      }
      return { fromDay: dayText(start), toDay: dayText(end + 1) };
    }
  }
};

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
