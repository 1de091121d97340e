import {
  HELP_SECTIONS_PER_LANGUAGE_MAX,
  TERMS_ANCHOR,
  type OpsHelpSection,
  type OpsHelpSectionCreate,
  type OpsHelpSectionList,
  type OpsHelpSectionUpdate,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { recordAudit } from '../../operations/audit';
import type { Merchant, MerchantLanguage } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import { merchantLanguage } from './content-ops.service';
import { fieldErrors } from '../../../lib/ops-fields';
import { sanitizeHelpHtml } from './help-html';
import { helpRepository, type HelpSectionRow } from './help.repository';

export type HelpOpsServiceDeps = {
  db: Database;
  languages: (merchantId: number) => Promise<MerchantLanguage[]>;
};

const toSection = (row: HelpSectionRow): OpsHelpSection => ({
  lang: row.lang,
  anchor: row.anchor,
  title: row.title,
  html: row.html,
  sort: row.sort,
});

const targetOf = (section: { lang: string; anchor: string }) => `${section.lang}/${section.anchor}`;
const notFound = () => new AppError('NOT_FOUND', 404, 'No such help section');

/**
 * Staff writes of the help centre, the terms included (issue 7). The HTML is stored sanitized to the allowlist the
 * player side renders (help-html.ts), and the answer carries it as stored, so the editor shows what was kept; each change writes its audit entry (help.create,
 * help.update, help.delete) in the transaction of the change. Nothing is cached to drop after a change: the public
 * answer (GET /wps/system/help) reads the rows on every call (merchant service), so players see an edit at once.
 */
export const helpOpsServiceFactory = ({ db, languages }: HelpOpsServiceDeps) => {
  /** The HTML as it is stored: sanitized (help-html.ts); markup with nothing left to show is refused. */
  const cleanHtml = <T extends string | undefined>(html: T): T => {
    if (html === undefined) return html;
    const clean = sanitizeHelpHtml(html);
    if (clean === '') {
      throw fieldErrors('help section', [
        { path: 'html', message: 'has nothing left to show once unsafe markup is removed' },
      ]);
    }
    return clean as T;
  };

  /** The merchant's spelling of the language; its sections exist only for its own languages (a foreign key). */
  const languageOf = async (merchant: Merchant, lang: string, path: string) =>
    (await merchantLanguage(languages, merchant, lang, 'help section', path)) ?? lang;

  return {
    list: async (merchant: Merchant, lang: string | undefined): Promise<OpsHelpSectionList> => ({
      list: (await helpRepository(db).list(merchant.id, lang)).map(toSection),
    }),

    create: async (caller: StaffCaller, input: OpsHelpSectionCreate): Promise<OpsHelpSection> => {
      const { merchant } = caller;
      const lang = await languageOf(merchant, input.lang, 'lang');
      const html = cleanHtml(input.html);
      return db.transaction(async (tx) => {
        const repository = helpRepository(tx);
        // Checked in the transaction that inserts, so two staff members cannot both take the last place.
        if ((await repository.countIn(merchant.id, lang)) >= HELP_SECTIONS_PER_LANGUAGE_MAX) {
          throw fieldErrors('help section', [
            { path: 'lang', message: `already has ${HELP_SECTIONS_PER_LANGUAGE_MAX} sections` },
          ]);
        }
        const row = await repository.insert(merchant.id, { ...input, lang, html });
        if (row === undefined) {
          throw fieldErrors('help section', [{ path: 'anchor', message: `${lang} already has a section with it` }]);
        }
        const after = toSection(row);
        await recordAudit(tx, caller, {
          action: 'help.create',
          targetType: 'help_section',
          targetId: targetOf(after),
          after,
        });
        return after;
      });
    },

    update: async (
      caller: StaffCaller,
      key: { lang: string; anchor: string },
      patch: OpsHelpSectionUpdate,
    ): Promise<OpsHelpSection> => {
      const { merchant } = caller;
      const html = cleanHtml(patch.html);
      return db.transaction(async (tx) => {
        const repository = helpRepository(tx);
        const stored = await repository.forUpdate(merchant.id, key.lang, key.anchor);
        if (stored === undefined) throw notFound();
        const merged: HelpSectionRow = {
          ...stored,
          title: patch.title ?? stored.title,
          html: html ?? stored.html,
          sort: patch.sort ?? stored.sort,
        };
        const row = await repository.update(merchant.id, merged);
        if (row === undefined) throw notFound();
        const [before, after] = [toSection(stored), toSection(row)];
        await recordAudit(tx, caller, {
          ...{ action: 'help.update', targetType: 'help_section', targetId: targetOf(after) },
          ...{ before, after },
        });
        return after;
      });
    },

    delete: async (caller: StaffCaller, key: { lang: string; anchor: string }): Promise<void> => {
      const { merchant } = caller;
      // Spec §2: the login popup and registration link to /help#term; a language without its terms breaks them.
      if (key.anchor === TERMS_ANCHOR) {
        throw new AppError('BAD_REQUEST', 400, 'The terms cannot be deleted: edit them instead');
      }
      await db.transaction(async (tx) => {
        const repository = helpRepository(tx);
        const stored = await repository.forUpdate(merchant.id, key.lang, key.anchor);
        if (stored === undefined || !(await repository.delete(merchant.id, key.lang, key.anchor))) {
          throw notFound();
        }
        const before = toSection(stored);
        await recordAudit(tx, caller, {
          action: 'help.delete',
          targetType: 'help_section',
          targetId: targetOf(before),
          before,
        });
      });
    },
  };
};

export type HelpOpsService = ReturnType<typeof helpOpsServiceFactory>;
