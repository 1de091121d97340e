import {
  BETS_CUSTOM_DAYS_MAX,
  formatMoney,
  isTrialType,
  type BetRecordPage,
  type BetRecordQuerySchema,
  type BetRound,
  type BetRoundDetail,
} from '@platform/contracts';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { periodDays } from '../../../lib/record-period';
import type { Session } from '../../identity/identity';
import type { Merchant, MerchantLanguage } from '../../platform/merchant';
import type { BetsRepository, RoundRow } from './bets.repository';

/** Counting stops here (as the account record's RECORD_COUNT_CAP): pages past it are not served. */
export const BETS_COUNT_CAP = 5_000;

export type BetsServiceDeps = {
  repository: Pick<BetsRepository, 'localToday' | 'rounds' | 'totals' | 'round' | 'transactions'>;
  languages: (merchantId: number) => Promise<MerchantLanguage[]>;
  now: Clock;
};

type BetsMerchant = Pick<Merchant, 'id' | 'currencyScale' | 'defaultLanguage'>;
type BetsSession = Pick<Session, 'memberId' | 'type'>;
export type BetsQuery = z.output<typeof BetRecordQuerySchema>;

const signed = (minor: bigint, scale: number): string => `${minor > 0n ? '+' : ''}${formatMoney(minor, scale)}`;

/** The round's replay page: the vendor's template with `{round}` replaced by the round id, URL-encoded. */
export const replayUrlOf = (template: string | null, roundId: string): string | null =>
  template === null ? null : template.replaceAll('{round}', encodeURIComponent(roundId));

const toWire = (row: RoundRow, language: string, scale: number): BetRound => ({
  vendor: row.vendorCode,
  vendorName: row.vendorName ?? row.vendorCode,
  gameCode: row.gameCode,
  gameName: row.names?.[language] ?? row.names?.EN ?? row.gameCode,
  gameType: row.gameType ?? '',
  roundId: row.roundId,
  betTime: row.startedAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
  bet: formatMoney(row.betMinor, scale),
  win: formatMoney(row.winMinor, scale),
  validBet: formatMoney(row.validBetMinor, scale),
  // Rolled-back bets were refunded: what the member won or lost is the win against the bets that stood.
  profit: signed(row.winMinor - row.validBetMinor, scale),
  status: row.status,
  currency: row.currency,
  play: row.play,
});

/**
 * The betting record (spec personalHistoryCopy): the rounds of the session's member, never of a member named by input.
 * A trial member sees its play-money rounds; a member its real ones (the two never share totals).
 */
export const betsServiceFactory = ({ repository, languages, now }: BetsServiceDeps) => {
  /** The requested language when the merchant has it, else the merchant's default; names fall back to EN. */
  const languageOf = async (merchant: BetsMerchant, requested: string | undefined): Promise<string> => {
    const wanted = requested?.trim().toUpperCase();
    if (wanted === undefined || wanted === '') return merchant.defaultLanguage;
    const found = (await languages(merchant.id)).find((language) => language.code.toUpperCase() === wanted);
    return found?.code ?? merchant.defaultLanguage;
  };

  return {
    list: async (merchant: BetsMerchant, session: BetsSession, query: BetsQuery): Promise<BetRecordPage> => {
      const [{ timezone, today }, language] = await Promise.all([
        repository.localToday(merchant.id, new Date(now()).toISOString()),
        languageOf(merchant, query.language),
      ]);
      const { fromDay, toDay } = periodDays(query.period, today, query, BETS_CUSTOM_DAYS_MAX);
      const filter = {
        merchantId: merchant.id,
        memberId: session.memberId,
        play: isTrialType(session.type),
        fromDay,
        toDay,
        timezone,
        vendor: query.vendor ?? null,
        gameType: query.gameType ?? null,
        status: query.status ?? null,
      };
      const offset = (query.pageNo - 1) * query.pageSize;
      // Pages past the counting cap are not served: OFFSET would otherwise walk an unbounded part of the index.
      const [rows, totals] = await Promise.all([
        offset >= BETS_COUNT_CAP ? Promise.resolve([]) : repository.rounds(filter, offset, query.pageSize),
        repository.totals(filter),
      ]);
      const scale = merchant.currencyScale;
      return {
        list: rows.map((row) => toWire(row, language, scale)),
        totals: {
          rounds: totals.rounds,
          bet: formatMoney(totals.betMinor, scale),
          win: formatMoney(totals.winMinor, scale),
          validBet: formatMoney(totals.validBetMinor, scale),
          profit: signed(totals.winMinor - totals.validBetMinor, scale),
        },
        pageNo: query.pageNo,
        totalPages: Math.ceil(Math.min(totals.rounds, BETS_COUNT_CAP) / query.pageSize),
      };
    },

    /** One of the member's rounds; another member's round answers exactly as a round that does not exist. */
    detail: async (
      merchant: BetsMerchant,
      session: BetsSession,
      ref: { vendor: string; roundId: string; language?: string | undefined },
    ): Promise<BetRoundDetail> => {
      const [row, language] = await Promise.all([
        repository.round(merchant.id, session.memberId, ref.vendor, ref.roundId),
        languageOf(merchant, ref.language),
      ]);
      if (row === undefined) throw new AppError('NOT_FOUND', 404, 'Round not found');
      const transactions = await repository.transactions(merchant.id, session.memberId, ref.vendor, ref.roundId);
      const scale = merchant.currencyScale;
      return {
        ...toWire(row, language, scale),
        transactions: transactions.map((t) => ({
          transactionId: t.transactionId,
          kind: t.kind,
          amount: formatMoney(t.amountMinor, scale),
          time: t.createdAt.toISOString(),
          status: t.status,
        })),
        replayUrl: replayUrlOf(row.replayUrl, row.roundId),
      };
    },
  };
};

export type BetsService = ReturnType<typeof betsServiceFactory>;
