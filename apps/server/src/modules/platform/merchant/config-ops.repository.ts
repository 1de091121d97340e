import type { Queryable } from '../../../db/database';
import type {
  CustomerServiceRow,
  MerchantLanguage,
  RegionRule,
  RegisterFieldRow,
  ResourceRow,
  WhitelabelModuleRow,
} from './merchant.types';

// The player side's rows (merchant.types.ts), as staff read and write them: with what only staff see.
export type WhitelabelFlagRow = WhitelabelModuleRow;
export type RegisterFieldConfigRow = RegisterFieldRow;
export type LanguageConfigRow = MerchantLanguage & { enabled: boolean };
export type ResourceConfigRow = ResourceRow;
export type CustomerServiceConfigRow = CustomerServiceRow;
export type RegionRuleConfigRow = RegionRule & { note: string | null };
export type MaintenanceRow = {
  enabled: boolean;
  message: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  defaultLanguage: string;
};

/** Gaps between sort values, so a row can later be slotted between two by hand without renumbering. */
const SORT_STEP = 10;
const sortOf = (index: number): number => (index + 1) * SORT_STEP;

/**
 * SQL of the configuration rows (STYLE.md convention 3): the back office's reads and writes of the tables the player
 * side reads through merchant.repository.ts; every statement is scoped by merchant_id. Takes the database or an open
 * transaction.
 */
export const configRepository = (db: Queryable) => {
  const list = async <T>(sql: string, params: readonly unknown[]): Promise<T[]> =>
    (await db.query<T>(sql, params)).rows;
  return {
    /** Serializes configuration writes of one merchant, so "before" in the audit is what the change replaced. */
    lockMerchant: async (merchantId: number): Promise<void> => {
      await db.query('SELECT id FROM merchants WHERE id = $1 FOR UPDATE', [merchantId]);
    },

    whitelabelFlags: (merchantId: number) =>
      list<WhitelabelFlagRow>(
        `SELECT mod_id AS "modId", parent_mod_id AS "parentModId", enabled
         FROM merchant_whitelabel_modules WHERE merchant_id = $1 ORDER BY sort, mod_id`,
        [merchantId],
      ),
    setWhitelabelFlag: async (merchantId: number, modId: string, enabled: boolean): Promise<void> => {
      await db.query('UPDATE merchant_whitelabel_modules SET enabled = $3 WHERE merchant_id = $1 AND mod_id = $2', [
        merchantId,
        modId,
        enabled,
      ]);
    },

    registerFields: (merchantId: number) =>
      list<RegisterFieldConfigRow>(
        `SELECT field, enabled, required, accepted_pattern AS "acceptedPattern", pattern_id AS "patternId",
           min_length AS "minLength", max_length AS "maxLength"
         FROM merchant_register_fields WHERE merchant_id = $1 ORDER BY sort, field`,
        [merchantId],
      ),
    updateRegisterField: async (merchantId: number, index: number, row: RegisterFieldConfigRow): Promise<void> => {
      await db.query(
        `UPDATE merchant_register_fields SET enabled = $3, required = $4, accepted_pattern = $5, pattern_id = $6,
           min_length = $7, max_length = $8, sort = $9
         WHERE merchant_id = $1 AND field = $2`,
        [
          merchantId,
          row.field,
          row.enabled,
          row.required,
          row.acceptedPattern,
          row.patternId,
          row.minLength,
          row.maxLength,
          sortOf(index),
        ],
      );
    },

    /** Every language of the merchant, on or off, in menu order. */
    languages: (merchantId: number) =>
      list<LanguageConfigRow>(
        'SELECT code, locale, label, enabled FROM merchant_languages WHERE merchant_id = $1 ORDER BY sort, code',
        [merchantId],
      ),
    updateLanguage: async (merchantId: number, index: number, code: string, enabled: boolean): Promise<void> => {
      await db.query('UPDATE merchant_languages SET enabled = $3, sort = $4 WHERE merchant_id = $1 AND code = $2', [
        merchantId,
        code,
        enabled,
        sortOf(index),
      ]);
    },
    defaultLanguage: async (merchantId: number): Promise<string> =>
      (
        await list<{ defaultLanguage: string }>(
          'SELECT default_language AS "defaultLanguage" FROM merchants WHERE id = $1',
          [merchantId],
        )
      )[0]?.defaultLanguage ?? '',
    setDefaultLanguage: async (merchantId: number, code: string): Promise<void> => {
      await db.query('UPDATE merchants SET default_language = $2, updated_at = now() WHERE id = $1', [
        merchantId,
        code,
      ]);
    },

    resources: (merchantId: number) =>
      list<ResourceConfigRow>(
        `SELECT kind, label_name_en AS "labelNameEn", url FROM merchant_resources
         WHERE merchant_id = $1 ORDER BY sort, id`,
        [merchantId],
      ),
    replaceResources: async (merchantId: number, rows: readonly ResourceConfigRow[]): Promise<void> => {
      await db.query('DELETE FROM merchant_resources WHERE merchant_id = $1', [merchantId]);
      await db.query(
        `INSERT INTO merchant_resources (merchant_id, kind, label_name_en, url, sort)
         SELECT $1::int, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[])`,
        [
          merchantId,
          rows.map((row) => row.kind),
          rows.map((row) => row.labelNameEn),
          rows.map((row) => row.url),
          rows.map((_, index) => sortOf(index)),
        ],
      );
    },

    customerService: (merchantId: number) =>
      list<CustomerServiceConfigRow>(
        'SELECT cs_type AS "csType", path FROM merchant_customer_service WHERE merchant_id = $1 ORDER BY sort, cs_type',
        [merchantId],
      ),
    replaceCustomerService: async (merchantId: number, rows: readonly CustomerServiceConfigRow[]): Promise<void> => {
      await db.query('DELETE FROM merchant_customer_service WHERE merchant_id = $1', [merchantId]);
      await db.query(
        `INSERT INTO merchant_customer_service (merchant_id, cs_type, path, sort)
         SELECT $1::int, * FROM unnest($2::text[], $3::text[], $4::int[])`,
        [merchantId, rows.map((row) => row.csType), rows.map((row) => row.path), rows.map((_, index) => sortOf(index))],
      );
    },

    regionRules: (merchantId: number) =>
      list<RegionRuleConfigRow>(
        'SELECT action, cidr::text AS cidr, note FROM merchant_region_rules WHERE merchant_id = $1 ORDER BY id',
        [merchantId],
      ),
    /** Rules keep their order through the identity column (the player side reads them ORDER BY id). */
    replaceRegionRules: async (merchantId: number, rows: readonly RegionRuleConfigRow[]): Promise<void> => {
      await db.query('DELETE FROM merchant_region_rules WHERE merchant_id = $1', [merchantId]);
      await db.query(
        `INSERT INTO merchant_region_rules (merchant_id, action, cidr, note)
         SELECT $1::int, r.action, r.cidr::cidr, r.note
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS r(action, cidr, note, n) ORDER BY r.n`,
        [merchantId, rows.map((row) => row.action), rows.map((row) => row.cidr), rows.map((row) => row.note)],
      );
    },

    maintenance: async (merchantId: number): Promise<MaintenanceRow | undefined> =>
      (
        await list<MaintenanceRow>(
          `SELECT maintenance_enabled AS enabled, maintenance_message AS message,
             maintenance_starts_at AS "startsAt", maintenance_ends_at AS "endsAt",
             default_language AS "defaultLanguage"
           FROM merchants WHERE id = $1`,
          [merchantId],
        )
      )[0],
    /** Messages of every language, on or off (the back office shows those of the languages that are on). */
    maintenanceMessages: (merchantId: number) =>
      list<{ lang: string; message: string }>(
        'SELECT lang, message FROM merchant_maintenance_messages WHERE merchant_id = $1 ORDER BY lang',
        [merchantId],
      ),
    updateMaintenance: async (merchantId: number, row: Omit<MaintenanceRow, 'defaultLanguage'>): Promise<void> => {
      await db.query(
        `UPDATE merchants SET maintenance_enabled = $2, maintenance_message = $3, maintenance_starts_at = $4,
           maintenance_ends_at = $5, updated_at = now()
         WHERE id = $1`,
        [merchantId, row.enabled, row.message, row.startsAt, row.endsAt],
      );
    },
    /** Replaces the messages of `langs`: those with text are stored, the others removed. */
    replaceMaintenanceMessages: async (
      merchantId: number,
      langs: readonly string[],
      messages: ReadonlyMap<string, string>,
    ): Promise<void> => {
      await db.query('DELETE FROM merchant_maintenance_messages WHERE merchant_id = $1 AND lang = ANY($2::text[])', [
        merchantId,
        langs,
      ]);
      const kept = langs.filter((lang) => (messages.get(lang) ?? '') !== '');
      await db.query(
        `INSERT INTO merchant_maintenance_messages (merchant_id, lang, message)
         SELECT $1::int, * FROM unnest($2::text[], $3::text[])`,
        [merchantId, kept, kept.map((lang) => messages.get(lang) ?? '')],
      );
    },
  };
};

export type ConfigRepository = ReturnType<typeof configRepository>;
