import {
  promotionTypeProblem,
  scheduleOutOfOrder,
  type BannerGroup,
  type NoticeExecution,
  type NoticeType,
  type OpsBanner,
  type OpsBannerCreate,
  type OpsBannerPage,
  type OpsBannerUpdate,
  type OpsNotice,
  type OpsNoticeCreate,
  type OpsNoticePage,
  type OpsNoticeUpdate,
} from '@platform/contracts';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { toIso, type Clock } from '../../lib/clock';
import type { Merchant, MerchantLanguage } from '../merchant';
import {
  contentRepository,
  type BannerRow,
  type NewBanner,
  type NewNotice,
  type NoticeRow,
} from './content.repository';

export type ContentOpsServiceDeps = {
  db: Database;
  now: Clock;
  languages: (merchantId: number) => Promise<MerchantLanguage[]>;
  /** Called after every committed change: the cached public answers of the merchant's content are stale. */
  onChange: (merchantId: number) => void;
};

type Paging = { pageNo: number; pageSize: number };

const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

const toOpsBanner = (row: BannerRow): OpsBanner => ({
  id: row.id.toString(),
  groupName: row.groupName,
  language: row.language,
  title: row.title,
  imageUrl: row.imageUrl,
  url: row.url,
  sort: row.sort,
  startsAt: isoOrNull(row.startsAt),
  endsAt: isoOrNull(row.endsAt),
  enabled: row.enabled,
});

const toOpsNotice = (row: NoticeRow): OpsNotice => ({
  id: row.id.toString(),
  type: row.type,
  execution: row.execution,
  language: row.language,
  title: row.title,
  content: row.content,
  promotionType: row.promotionType,
  sort: row.sort,
  startsAt: iso(row.startsAt),
  endsAt: isoOrNull(row.endsAt),
  enabled: row.enabled,
});

const bannerOf = (row: BannerRow): NewBanner => {
  const { id: _id, ...rest } = toOpsBanner(row);
  return rest;
};
const noticeOf = (row: NoticeRow): NewNotice => {
  const { id: _id, ...rest } = toOpsNotice(row);
  return rest;
};

/** The fields the caller sent, over the stored row (zod leaves absent keys out; undefined never overwrites). */
const merge = <T extends object>(stored: T, patch: Partial<T>): T => {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
};

const invalid = (what: string, problem: string) =>
  new AppError('VALIDATION_FAILED', 400, `Invalid ${what}: ${problem}`);
const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/**
 * Staff writes of banners and notices (issue 5; the back office of issue 7). Every check runs before the write, and
 * an update checks the merged row in the transaction that writes it, so bad input writes nothing.
 */
export const contentOpsServiceFactory = ({ db, now, languages, onChange }: ContentOpsServiceDeps) => {
  const repository = contentRepository(db);

  /** A language code the merchant has, spelled as the merchant spells it; null stays null (every language). */
  const checkLanguage = async (merchant: Merchant, language: string | null | undefined) => {
    if (language === null || language === undefined) return language;
    const found = (await languages(merchant.id)).find((l) => l.code.toUpperCase() === language.toUpperCase());
    if (found === undefined) {
      throw new AppError('UNSUPPORTED_LANGUAGE', 400, `Language ${language} is not supported by this site`);
    }
    return found.code;
  };

  const checkBanner = (banner: NewBanner) => {
    if (scheduleOutOfOrder(banner.startsAt, banner.endsAt)) throw invalid('banner', 'endsAt: must be after startsAt');
  };
  const checkNotice = (notice: NewNotice) => {
    if (scheduleOutOfOrder(notice.startsAt, notice.endsAt)) throw invalid('notice', 'endsAt: must be after startsAt');
    const problem = promotionTypeProblem(notice.type, notice.promotionType);
    if (problem !== null) throw invalid('notice', `promotionType: ${problem}`);
  };

  const changed = <T>(merchant: Merchant, result: T): T => {
    onChange(merchant.id);
    return result;
  };

  return {
    banners: async (merchant: Merchant, group: BannerGroup | undefined, paging: Paging): Promise<OpsBannerPage> => {
      const { rows, total } = await repository.bannerPage(merchant.id, group, paging);
      return {
        list: rows.map(toOpsBanner),
        pageNo: paging.pageNo,
        total,
        totalPages: totalPages(total, paging.pageSize),
      };
    },

    createBanner: async (merchant: Merchant, input: OpsBannerCreate): Promise<OpsBanner> => {
      const banner: NewBanner = { ...input, language: (await checkLanguage(merchant, input.language)) ?? null };
      checkBanner(banner);
      return changed(merchant, toOpsBanner(await repository.insertBanner(merchant.id, banner)));
    },

    updateBanner: async (merchant: Merchant, id: bigint, patch: OpsBannerUpdate): Promise<OpsBanner> => {
      const language = await checkLanguage(merchant, patch.language);
      const row = await db.transaction(async (tx) => {
        const inTx = contentRepository(tx);
        const stored = await inTx.bannerForUpdate(merchant.id, id);
        if (stored === undefined) throw new AppError('NOT_FOUND', 404, 'No such banner');
        const banner = merge(bannerOf(stored), { ...patch, language });
        checkBanner(banner);
        return inTx.updateBanner(merchant.id, id, banner);
      });
      if (row === undefined) throw new AppError('NOT_FOUND', 404, 'No such banner');
      return changed(merchant, toOpsBanner(row));
    },

    deleteBanner: async (merchant: Merchant, id: bigint): Promise<void> => {
      if (!(await repository.deleteBanner(merchant.id, id))) throw new AppError('NOT_FOUND', 404, 'No such banner');
      changed(merchant, null);
    },

    notices: async (
      merchant: Merchant,
      filter: { type?: NoticeType; execution?: NoticeExecution },
      paging: Paging,
    ): Promise<OpsNoticePage> => {
      const { rows, total } = await repository.noticePage(merchant.id, filter, paging);
      return {
        list: rows.map(toOpsNotice),
        pageNo: paging.pageNo,
        total,
        totalPages: totalPages(total, paging.pageSize),
      };
    },

    createNotice: async (merchant: Merchant, input: OpsNoticeCreate): Promise<OpsNotice> => {
      const notice: NewNotice = {
        ...input,
        language: (await checkLanguage(merchant, input.language)) ?? null,
        startsAt: input.startsAt ?? toIso(now()),
      };
      checkNotice(notice);
      return changed(merchant, toOpsNotice(await repository.insertNotice(merchant.id, notice)));
    },

    updateNotice: async (merchant: Merchant, id: bigint, patch: OpsNoticeUpdate): Promise<OpsNotice> => {
      const language = await checkLanguage(merchant, patch.language);
      const row = await db.transaction(async (tx) => {
        const inTx = contentRepository(tx);
        const stored = await inTx.noticeForUpdate(merchant.id, id);
        if (stored === undefined) throw new AppError('NOT_FOUND', 404, 'No such notice');
        const notice = merge(noticeOf(stored), { ...patch, language });
        checkNotice(notice);
        return inTx.updateNotice(merchant.id, id, notice);
      });
      if (row === undefined) throw new AppError('NOT_FOUND', 404, 'No such notice');
      return changed(merchant, toOpsNotice(row));
    },

    deleteNotice: async (merchant: Merchant, id: bigint): Promise<void> => {
      if (!(await repository.deleteNotice(merchant.id, id))) throw new AppError('NOT_FOUND', 404, 'No such notice');
      changed(merchant, null);
    },
  };
};

export type ContentOpsService = ReturnType<typeof contentOpsServiceFactory>;
