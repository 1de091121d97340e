import type { Database, Transaction } from './database';
import { COUNTRIES } from './seed-data/countries';
import { DEMO_DEPOSIT_CHANNELS } from './seed-data/deposit-channels';
import { demoMerchantTemplate } from './seed-data/demo-merchant';
import type { MerchantTemplate } from './seed-data/merchant-template';

export type { MerchantTemplate } from './seed-data/merchant-template';
export { demoMerchantTemplate } from './seed-data/demo-merchant';
export { seedDemoCatalogue, DEMO_CATALOGUE } from './seed-data/demo-catalogue';

/** Multi-row INSERT with parameters. Table and column names are constants of this file, never input. */
const insertRows = async (tx: Transaction, table: string, columns: string[], rows: unknown[][]): Promise<void> => {
  if (rows.length === 0) return;
  const placeholders = rows.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
  await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${placeholders.join(', ')}`, rows.flat());
};

export const seedCountries = (tx: Transaction): Promise<unknown> =>
  tx.query(
    `INSERT INTO countries (country_code, dialing_code)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (country_code) DO NOTHING`,
    [COUNTRIES.map((c) => c.code), COUNTRIES.map((c) => c.dialing)],
  );

const insertMerchantRow = async (tx: Transaction, t: MerchantTemplate): Promise<number> => {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO merchants (code, name, maintenance_enabled, maintenance_message, default_language,
       currency_code, currency_symbol, currency_scale, default_theme, logo_url, license_image_url, gtag_id,
       main_domain, lottery_type, esport_game, cockfight_game)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [
      t.code,
      t.name,
      t.maintenance.enabled,
      t.maintenance.message,
      t.defaultLanguage,
      t.currency.code,
      t.currency.symbol,
      t.currency.scale,
      t.defaultTheme,
      t.logoUrl,
      t.licenseImageUrl,
      t.gtagId,
      t.mainDomain,
      t.lotteryType,
      t.esportGame,
      t.cockfightGame,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`merchant ${t.code} was not inserted`);
  return id;
};

/** Parents before children, so the self-referencing foreign key holds row by row. */
const insertWhitelabel = async (tx: Transaction, id: number, t: MerchantTemplate): Promise<void> => {
  const sorted = t.whitelabel.map((m, sort) => [id, m.modId, m.parentModId, m.enabled, sort] as const);
  const roots = sorted.filter((row) => row[2] === null);
  const children = sorted.filter((row) => row[2] !== null);
  const columns = ['merchant_id', 'mod_id', 'parent_mod_id', 'enabled', 'sort'];
  await insertRows(
    tx,
    'merchant_whitelabel_modules',
    columns,
    roots.map((row) => [...row]),
  );
  await insertRows(
    tx,
    'merchant_whitelabel_modules',
    columns,
    children.map((row) => [...row]),
  );
};

/** Inserts a merchant and all its configuration rows; returns its id. Countries must already exist. */
export const insertMerchant = async (tx: Transaction, t: MerchantTemplate): Promise<number> => {
  const id = await insertMerchantRow(tx, t);
  const sorted = <T>(items: T[], toRow: (item: T) => unknown[]) =>
    items.map((item, sort) => [id, ...toRow(item), sort]);
  await insertRows(
    tx,
    'merchant_domains',
    ['merchant_id', 'host'],
    t.hosts.map((host) => [id, host.toLowerCase()]),
  );
  await insertRows(
    tx,
    'merchant_languages',
    ['merchant_id', 'code', 'locale', 'label', 'sort'],
    sorted(t.languages, (l) => [l.code, l.locale, l.label]),
  );
  await insertWhitelabel(tx, id, t);
  // Withdrawal rules (0006): the defaults, which the operator changes later.
  await tx.query('INSERT INTO withdraw_settings (merchant_id) VALUES ($1) ON CONFLICT (merchant_id) DO NOTHING', [id]);
  await insertRows(
    tx,
    'merchant_register_fields',
    [
      'merchant_id',
      'field',
      'enabled',
      'required',
      'accepted_pattern',
      'pattern_id',
      'min_length',
      'max_length',
      'sort',
    ],
    sorted(t.registerFields, (f) => [
      f.field,
      f.enabled,
      f.required,
      f.acceptedPattern,
      f.patternId,
      f.minLength,
      f.maxLength,
    ]),
  );
  await insertRows(
    tx,
    'merchant_customer_service',
    ['merchant_id', 'cs_type', 'path', 'sort'],
    sorted(t.customerService, (c) => [c.csType, c.path]),
  );
  await insertRows(
    tx,
    'merchant_resources',
    ['merchant_id', 'kind', 'label_name_en', 'url', 'sort'],
    sorted(t.resources, (r) => [r.kind, r.labelNameEn, r.url]),
  );
  await insertRows(
    tx,
    'merchant_domain_routes',
    ['merchant_id', 'type', 'url', 'sort'],
    sorted(t.domainRoutes, (r) => [r.type, r.url]),
  );
  await insertRows(
    tx,
    'merchant_cdns',
    ['merchant_id', 'kind', 'url', 'sort'],
    sorted(t.cdns, (c) => [c.kind, c.url]),
  );
  await insertRows(
    tx,
    'merchant_region_rules',
    ['merchant_id', 'action', 'cidr'],
    t.regionRules.map((r) => [id, r.action, r.cidr]),
  );
  await insertRows(
    tx,
    'merchant_menu',
    ['merchant_id', 'menu_id', 'name_key', 'route', 'placement', 'sort'],
    sorted(t.menu, (m) => [m.menuId, m.nameKey, m.route, m.placement]),
  );
  await insertRows(
    tx,
    'merchant_footer_vendors',
    ['merchant_id', 'code', 'name', 'image_url', 'sort'],
    sorted(t.footerVendors, (v) => [v.code, v.name, v.imageUrl]),
  );
  await insertRows(
    tx,
    'merchant_countries',
    ['merchant_id', 'country_code', 'sort'],
    sorted(t.countries, (c) => [c]),
  );
  await insertRows(
    tx,
    'merchant_help_sections',
    ['merchant_id', 'lang', 'device', 'anchor', 'title', 'html', 'sort'],
    sorted(t.helpSections, (s) => [s.lang, 'WEB', s.anchor, s.title, s.html]),
  );
  return id;
};

/**
 * First-boot demo data (DESIGN.md §3). Idempotent: it does nothing once the `demo` merchant exists, so an
 * operator's edits to it survive restarts. The advisory lock keeps two processes booting at once from
 * both seeding. Returns whether it seeded.
 */
export const seedDemo = (db: Database): Promise<boolean> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed:' || current_schema()))");
    const template = demoMerchantTemplate();
    const existing = await tx.query('SELECT 1 FROM merchants WHERE code = $1', [template.code]);
    if (existing.rows.length > 0) return false;
    await seedCountries(tx);
    await insertMerchant(tx, template);
    return true;
  });

/**
 * The demo merchant's deposit channels (issue 4), added on every boot where missing (ON CONFLICT on the channel code),
 * so a database seeded before deposits existed gets them too and an operator's edits survive. Returns how many it added.
 */
export const seedDemoDepositChannels = async (db: Database, merchantCode = 'demo'): Promise<number> => {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [merchantCode]);
  const merchantId = rows[0]?.id;
  if (merchantId === undefined) return 0;
  let added = 0;
  for (const [sort, c] of DEMO_DEPOSIT_CHANNELS.entries()) {
    const inserted = await db.query(
      `INSERT INTO deposit_channels (merchant_id, code, kind, gateway_code, display_name, min_amount_minor,
         max_amount_minor, sort, bank_name, bank_account_name, bank_account_number, expiry_minutes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (merchant_id, code) DO NOTHING RETURNING 1`,
      [
        merchantId,
        c.code,
        c.kind,
        c.gatewayCode,
        c.displayName,
        c.minAmountMinor,
        c.maxAmountMinor,
        sort,
        c.bank?.bankName ?? null,
        c.bank?.accountName ?? null,
        c.bank?.accountNumber ?? null,
        c.expiryMinutes,
      ],
    );
    added += inserted.rows.length;
  }
  return added;
};
