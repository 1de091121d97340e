import type { Queryable } from '../../../db/database';
import type {
  CdnRow,
  CountryRow,
  CustomerServiceRow,
  DomainRouteRow,
  FooterVendorRow,
  MaintenanceMessageRow,
  MenuRow,
  Merchant,
  MerchantLanguage,
  RegionRule,
  RegisterFieldRow,
  ResourceRow,
  WhitelabelModuleRow,
} from './merchant.types';

const MERCHANT_COLUMNS = `m.id, m.code, m.name, m.status,
  m.maintenance_enabled AS "maintenanceEnabled", m.maintenance_message AS "maintenanceMessage",
  m.maintenance_starts_at AS "maintenanceStartsAt", m.maintenance_ends_at AS "maintenanceEndsAt",
  m.default_language AS "defaultLanguage", m.currency_code AS "currencyCode",
  m.currency_symbol AS "currencySymbol", m.currency_scale AS "currencyScale",
  m.default_theme AS "defaultTheme", m.logo_url AS "logoUrl", m.license_image_url AS "licenseImageUrl",
  m.gtag_id AS "gtagId", m.main_domain AS "mainDomain", m.lottery_type AS "lotteryType",
  m.esport_game AS "esportGame", m.cockfight_game AS "cockfightGame",
  m.sms_code_expired_minutes AS "smsCodeExpiredMinutes", m.password_max_age_days AS "passwordMaxAgeDays",
  m.wallet_is_single AS "walletIsSingle", m.play_money_minor AS "playMoneyMinor", m.play_currency AS "playCurrency"`;

/** SQL only (STYLE.md convention 3). Every list is per merchant and bounded by what an operator configures. */
export const merchantRepository = (db: Queryable) => {
  const list = async <T>(sql: string, params: readonly unknown[]): Promise<T[]> =>
    (await db.query<T>(sql, params)).rows;
  return {
    findByHost: async (host: string): Promise<Merchant | undefined> =>
      (
        await list<Merchant>(
          `SELECT ${MERCHANT_COLUMNS} FROM merchant_domains d JOIN merchants m ON m.id = d.merchant_id WHERE d.host = $1`,
          [host],
        )
      )[0],
    findById: async (id: number): Promise<Merchant | undefined> =>
      (await list<Merchant>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.id = $1`, [id]))[0],
    findByCode: async (code: string): Promise<Merchant | undefined> =>
      (await list<Merchant>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.code = $1`, [code]))[0],
    languages: (merchantId: number) =>
      list<MerchantLanguage>(
        // A language the operator switched off is not offered (its rows stay: help sections hang off it).
        'SELECT code, locale, label FROM merchant_languages WHERE merchant_id = $1 AND enabled ORDER BY sort, code',
        [merchantId],
      ),
    /** The maintenance message per language (migration 0017); a language switched off has none. */
    maintenanceMessages: (merchantId: number) =>
      list<MaintenanceMessageRow>(
        `SELECT mm.lang, mm.message FROM merchant_maintenance_messages mm
         JOIN merchant_languages l ON l.merchant_id = mm.merchant_id AND l.code = mm.lang
         WHERE mm.merchant_id = $1 AND l.enabled ORDER BY l.sort, mm.lang`,
        [merchantId],
      ),
    whitelabelModules: (merchantId: number) =>
      list<WhitelabelModuleRow>(
        `SELECT mod_id AS "modId", parent_mod_id AS "parentModId", enabled
         FROM merchant_whitelabel_modules WHERE merchant_id = $1 ORDER BY sort, mod_id`,
        [merchantId],
      ),
    registerFields: (merchantId: number) =>
      list<RegisterFieldRow>(
        `SELECT field, enabled, required, accepted_pattern AS "acceptedPattern", pattern_id AS "patternId",
           min_length AS "minLength", max_length AS "maxLength"
         FROM merchant_register_fields WHERE merchant_id = $1 ORDER BY sort, field`,
        [merchantId],
      ),
    customerService: (merchantId: number) =>
      list<CustomerServiceRow>(
        'SELECT cs_type AS "csType", path FROM merchant_customer_service WHERE merchant_id = $1 ORDER BY sort, cs_type',
        [merchantId],
      ),
    resources: (merchantId: number) =>
      list<ResourceRow>(
        `SELECT kind, label_name_en AS "labelNameEn", url FROM merchant_resources
         WHERE merchant_id = $1 ORDER BY kind, sort, id`,
        [merchantId],
      ),
    domainRoutes: (merchantId: number) =>
      list<DomainRouteRow>('SELECT type, url FROM merchant_domain_routes WHERE merchant_id = $1 ORDER BY sort, id', [
        merchantId,
      ]),
    /** The hosts the merchant answers on (merchant_domains). */
    domains: async (merchantId: number): Promise<string[]> =>
      (
        await list<{ host: string }>(
          'SELECT host FROM merchant_domains WHERE merchant_id = $1 ORDER BY host LIMIT 100',
          [merchantId],
        )
      ).map((row) => row.host),
    cdns: (merchantId: number) =>
      list<CdnRow>('SELECT kind, url FROM merchant_cdns WHERE merchant_id = $1 ORDER BY kind, sort, url', [merchantId]),
    regionRules: (merchantId: number) =>
      list<RegionRule>(
        'SELECT action, cidr::text AS cidr FROM merchant_region_rules WHERE merchant_id = $1 ORDER BY id',
        [merchantId],
      ),
    menu: (merchantId: number) =>
      list<MenuRow>(
        `SELECT menu_id AS "menuId", name_key AS "nameKey", route, placement
         FROM merchant_menu WHERE merchant_id = $1 ORDER BY placement, sort, menu_id`,
        [merchantId],
      ),
    footerVendors: (merchantId: number) =>
      list<FooterVendorRow>(
        `SELECT code, name, image_url AS "imageUrl" FROM merchant_footer_vendors
         WHERE merchant_id = $1 ORDER BY sort, code`,
        [merchantId],
      ),
    countries: (merchantId: number) =>
      list<CountryRow>(
        `SELECT c.country_code AS "countryCode", c.dialing_code AS "dialingCode"
         FROM merchant_countries mc JOIN countries c ON c.country_code = mc.country_code
         WHERE mc.merchant_id = $1 ORDER BY mc.sort, c.country_code`,
        [merchantId],
      ),
  };
};

export type MerchantRepository = ReturnType<typeof merchantRepository>;
