import {
  promotionTypeProblem,
  type AnnouncementAudience,
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
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { toIso, type Clock } from '../../../lib/clock';
import { recordAudit } from '../../operations/audit';
import type { Merchant, MerchantLanguage } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import {
  contentRepository,
  type BannerRow,
  type NewBanner,
  type NewNotice,
  type NoticeRow,
} from './content.repository';
import { fieldErrors } from '../../../lib/ops-fields';

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
  audience: row.audience,
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

const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** A language code the merchant has, spelled as the merchant spells it; null stays null (every language). */
export const merchantLanguage = async (
  languages: (merchantId: number) => Promise<MerchantLanguage[]>,
  merchant: Merchant,
  language: string | null | undefined,
  what: string,
  path = 'language',
) => {
  if (language === null || language === undefined) return language;
  const found = (await languages(merchant.id)).find((l) => l.code.toUpperCase() === language.toUpperCase());
  if (found === undefined) throw fieldErrors(what, [{ path, message: `${language} is not a language of this site` }]);
  return found.code;
};

/**
 * Staff writes of banners and notices (issue 5; the back office of issue 7). Every check runs before the write, and
 * an update checks the merged row in the transaction that writes it, so bad input writes nothing. Each change writes
 * its audit entry (banner.create, notice.update, ...) in the transaction of the change.
 */
export const contentOpsServiceFactory = ({ db, now, languages, onChange }: ContentOpsServiceDeps) => {
  const repository = contentRepository(db);

  const checkLanguage = (merchant: Merchant, language: string | null | undefined, what: string) =>
    merchantLanguage(languages, merchant, language, what);

  const checkBanner = (banner: NewBanner) => {
    if (scheduleOutOfOrder(banner.startsAt, banner.endsAt))
      throw fieldErrors('banner', [{ path: 'endsAt', message: 'must be after startsAt' }]);
  };
  const checkNotice = (notice: NewNotice) => {
    if (scheduleOutOfOrder(notice.startsAt, notice.endsAt))
      throw fieldErrors('notice', [{ path: 'endsAt', message: 'must be after startsAt' }]);
    const problem = promotionTypeProblem(notice.type, notice.promotionType);
    if (problem !== null) throw fieldErrors('notice', [{ path: 'promotionType', message: problem }]);
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

    createBanner: async (caller: StaffCaller, input: OpsBannerCreate): Promise<OpsBanner> => {
      const { merchant } = caller;
      const banner: NewBanner = {
        ...input,
        language: (await checkLanguage(merchant, input.language, 'banner')) ?? null,
      };
      checkBanner(banner);
      const created = await db.transaction(async (tx) => {
        const after = toOpsBanner(await contentRepository(tx).insertBanner(merchant.id, banner));
        await recordAudit(tx, caller, { action: 'banner.create', targetType: 'banner', targetId: after.id, after });
        return after;
      });
      return changed(merchant, created);
    },

    updateBanner: async (caller: StaffCaller, id: bigint, patch: OpsBannerUpdate): Promise<OpsBanner> => {
      const { merchant } = caller;
      const language = await checkLanguage(merchant, patch.language, 'banner');
      const updated = await db.transaction(async (tx) => {
        const inTx = contentRepository(tx);
        const stored = await inTx.bannerForUpdate(merchant.id, id);
        if (stored === undefined) throw new AppError('NOT_FOUND', 404, 'No such banner');
        const banner = merge(bannerOf(stored), { ...patch, language });
        checkBanner(banner);
        const row = await inTx.updateBanner(merchant.id, id, banner);
        if (row === undefined) throw new AppError('NOT_FOUND', 404, 'No such banner');
        const [before, after] = [toOpsBanner(stored), toOpsBanner(row)];
        await recordAudit(tx, caller, {
          action: 'banner.update',
          targetType: 'banner',
          targetId: after.id,
          before,
          after,
        });
        return after;
      });
      return changed(merchant, updated);
    },

    deleteBanner: async (caller: StaffCaller, id: bigint): Promise<void> => {
      const { merchant } = caller;
      await db.transaction(async (tx) => {
        const row = await contentRepository(tx).deleteBanner(merchant.id, id);
        if (row === undefined) throw new AppError('NOT_FOUND', 404, 'No such banner');
        const before = toOpsBanner(row);
        await recordAudit(tx, caller, { action: 'banner.delete', targetType: 'banner', targetId: before.id, before });
      });
      changed(merchant, null);
    },

    notices: async (
      merchant: Merchant,
      filter: { type?: NoticeType; execution?: NoticeExecution; audience?: AnnouncementAudience },
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

    createNotice: async (caller: StaffCaller, input: OpsNoticeCreate): Promise<OpsNotice> => {
      const { merchant } = caller;
      const notice: NewNotice = {
        ...input,
        language: (await checkLanguage(merchant, input.language, 'notice')) ?? null,
        startsAt: input.startsAt ?? toIso(now()),
      };
      checkNotice(notice);
      const created = await db.transaction(async (tx) => {
        const after = toOpsNotice(await contentRepository(tx).insertNotice(merchant.id, notice));
        await recordAudit(tx, caller, { action: 'notice.create', targetType: 'notice', targetId: after.id, after });
        return after;
      });
      return changed(merchant, created);
    },

    updateNotice: async (caller: StaffCaller, id: bigint, patch: OpsNoticeUpdate): Promise<OpsNotice> => {
      const { merchant } = caller;
      const language = await checkLanguage(merchant, patch.language, 'notice');
      const updated = await db.transaction(async (tx) => {
        const inTx = contentRepository(tx);
        const stored = await inTx.noticeForUpdate(merchant.id, id);
        if (stored === undefined) throw new AppError('NOT_FOUND', 404, 'No such notice');
        const notice = merge(noticeOf(stored), { ...patch, language });
        checkNotice(notice);
        const row = await inTx.updateNotice(merchant.id, id, notice);
        if (row === undefined) throw new AppError('NOT_FOUND', 404, 'No such notice');
        const [before, after] = [toOpsNotice(stored), toOpsNotice(row)];
        await recordAudit(tx, caller, {
          action: 'notice.update',
          targetType: 'notice',
          targetId: after.id,
          before,
          after,
        });
        return after;
      });
      return changed(merchant, updated);
    },

    deleteNotice: async (caller: StaffCaller, id: bigint): Promise<void> => {
      const { merchant } = caller;
      await db.transaction(async (tx) => {
        const row = await contentRepository(tx).deleteNotice(merchant.id, id);
        if (row === undefined) throw new AppError('NOT_FOUND', 404, 'No such notice');
        const before = toOpsNotice(row);
        await recordAudit(tx, caller, { action: 'notice.delete', targetType: 'notice', targetId: before.id, before });
      });
      changed(merchant, null);
    },
  };
};

export type ContentOpsService = ReturnType<typeof contentOpsServiceFactory>;
