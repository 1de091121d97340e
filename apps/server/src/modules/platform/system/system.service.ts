import { randomBytes } from 'node:crypto';
import {
  API,
  RESOURCE_KINDS,
  WHITELABEL_MODULES,
  obfuscateCsPath,
  randomCsKey,
  type CountryCode,
  type CustomerServiceEntry,
  type HelpCentre,
  type PermissionConfig,
  type PublicKeyInfo,
  type RegisterSettings,
  type ResourceKind,
  type Resources,
  type SystemStatus,
  type WhitelabelNode,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import {
  isMaintenanceActive,
  isModuleEnabled,
  maintenanceMessageFor,
  type Merchant,
  type MerchantService,
  type ResourceRow,
} from '../merchant';

export type SystemServiceDeps = {
  merchants: Omit<MerchantService, 'resolveByHost' | 'ownsHost'>;
  /** The help centre's sections (the content module owns them). */
  helpSections: (merchantId: number, lang: string, device: 'WEB') => Promise<HelpCentre['sections']>;
  /** The key clients seal "E" payloads with (configuration `security`). */
  publicKey: () => PublicKeyInfo;
  /** Source of the per-response customer-service key; injectable so tests can pin it. */
  randomBytes?: (n: number) => Uint8Array;
  /** Planned maintenance starts and ends by this clock. */
  now?: () => number;
};

/** Maintenance as a visitor sees it now: on (and inside its window), with the message in their language. */
export type MaintenanceView = { enabled: boolean; message: string | null };

const isResourceKind = (kind: string): kind is ResourceKind => (RESOURCE_KINDS as readonly string[]).includes(kind);

/** Groups resource rows by kind; kinds the contract does not know are left out rather than breaking it. */
const groupResources = (rows: readonly ResourceRow[]): Resources => {
  const grouped: Resources = {};
  for (const row of rows) {
    if (!isResourceKind(row.kind)) continue;
    (grouped[row.kind] ??= []).push({ labelNameEn: row.labelNameEn, url: row.url });
  }
  return grouped;
};

/** Spec §4: maintenance (1) wins over region restriction (2); the region page shows the caller's IP. */
export const systemStatusOf = (maintenance: MaintenanceView, regionRestricted: boolean, ip: string): SystemStatus => {
  if (maintenance.enabled) return { status: 1, message: maintenance.message, ip };
  if (regionRestricted) return { status: 2, message: null, ip };
  return { status: 0, message: null, ip };
};

export const flagUrlOf = (countryCode: string): string => API.system.flag.replace(':countryCode', countryCode);

export const systemServiceFactory = ({
  merchants,
  helpSections,
  publicKey,
  randomBytes: random = randomBytes,
  now = Date.now,
}: SystemServiceDeps) => {
  /** Rows are read only while maintenance is on: the common case costs no query. */
  const maintenanceOf = async (merchant: Merchant, acceptLanguage: string | undefined): Promise<MaintenanceView> => {
    if (!isMaintenanceActive(merchant, now())) return { enabled: false, message: null };
    const [messages, languages] = await Promise.all([
      merchants.maintenanceMessages(merchant.id),
      merchants.languages(merchant.id),
    ]);
    return { enabled: true, message: maintenanceMessageFor(merchant, messages, languages, acceptLanguage) };
  };

  const status = async (merchant: Merchant, ip: string, acceptLanguage?: string): Promise<SystemStatus> => {
    const [maintenance, restricted] = await Promise.all([
      maintenanceOf(merchant, acceptLanguage),
      merchants.regionRestricted(merchant.id, ip),
    ]);
    return systemStatusOf(maintenance, restricted, ip);
  };

  const registerSettingsFrom = async (merchant: Merchant, tree: WhitelabelNode[]): Promise<RegisterSettings> => ({
    usernameRegistration: isModuleEnabled(tree, WHITELABEL_MODULES.USERNAME_REGISTRATION),
    mobileRegistration: isModuleEnabled(tree, WHITELABEL_MODULES.MOBILE_REGISTRATION),
    mobilePasswordRequired: isModuleEnabled(tree, WHITELABEL_MODULES.MOBILE_PASSWORD_REGISTRATION),
    smsVerification: isModuleEnabled(tree, WHITELABEL_MODULES.REGISTRATION_SMS_VERIFICATION),
    fields: await merchants.registerFields(merchant.id),
  });

  /** A fresh key per response, so the obfuscated strings differ every time (spec §3). */
  const customerService = async (merchant: Merchant): Promise<CustomerServiceEntry[]> => {
    const key = randomCsKey(random);
    return (await merchants.customerService(merchant.id)).map((entry) => ({
      csType: entry.csType,
      path: obfuscateCsPath(entry.path, key),
    }));
  };

  const permission = async (merchant: Merchant, ip: string, acceptLanguage?: string): Promise<PermissionConfig> => {
    const [tree, restricted, cs, domainRoute, resources, cdns, languages, menu, vendors, maintenance] =
      await Promise.all([
        merchants.whitelabelTree(merchant.id),
        merchants.regionRestricted(merchant.id, ip),
        customerService(merchant),
        merchants.domainRoutes(merchant.id),
        merchants.resources(merchant.id),
        merchants.cdns(merchant.id),
        merchants.languages(merchant.id),
        merchants.menu(merchant.id),
        merchants.footerVendors(merchant.id),
        maintenanceOf(merchant, acceptLanguage),
      ]);
    return {
      status: systemStatusOf(maintenance, restricted, ip),
      customerService: cs,
      domainRoute,
      resources: groupResources(resources),
      whitelabel: tree,
      register: await registerSettingsFrom(merchant, tree),
      mainDomain: merchant.mainDomain,
      analytics: { gtagId: merchant.gtagId },
      imageCDNs: cdns.filter((cdn) => cdn.kind === 'IMAGE').map((cdn) => cdn.url),
      launchGameCDNs: cdns.filter((cdn) => cdn.kind === 'LAUNCH').map((cdn) => cdn.url),
      location: { ip },
      maintenance,
      regionRestriction: { restricted, ip },
      language: { default: merchant.defaultLanguage, supported: languages },
      currency: { code: merchant.currencyCode, symbol: merchant.currencySymbol, scale: merchant.currencyScale },
      brand: {
        merchantCode: merchant.code,
        name: merchant.name,
        platform: 'WEB',
        logoUrl: merchant.logoUrl,
        lotteryType: merchant.lotteryType,
        defaultLanguage: merchant.defaultLanguage,
        supportedLanguages: languages.map((language) => language.code),
        esportGame: merchant.esportGame,
        cockfightGame: merchant.cockfightGame,
        defaultTheme: merchant.defaultTheme,
        licenseImageUrl: merchant.licenseImageUrl,
        footerVendorLogos: vendors,
      },
      menu,
      security: publicKey(),
    };
  };

  const requireLanguage = async (merchant: Merchant, lang: string): Promise<void> => {
    if (!(await merchants.supportsLanguage(merchant.id, lang))) {
      throw new AppError('UNSUPPORTED_LANGUAGE', 400, `Language ${lang} is not supported by this site`);
    }
  };

  const help = async (merchant: Merchant, lang: string, device: 'WEB'): Promise<HelpCentre> => {
    await requireLanguage(merchant, lang);
    return { lang, device, sections: await helpSections(merchant.id, lang, device) };
  };

  const countryCodes = async (merchant: Merchant): Promise<CountryCode[]> =>
    (await merchants.countries(merchant.id)).map((country) => ({
      countryCode: country.countryCode,
      countryDialingCode: country.dialingCode,
      flagUrl: flagUrlOf(country.countryCode),
    }));

  return {
    status,
    permission,
    help,
    countryCodes,
    /** Spec §4: the server is told of a language change; with a session the routes store it for the member. */
    changeLanguage: async (merchant: Merchant, lang: string): Promise<{ lang: string }> => {
      await requireLanguage(merchant, lang);
      return { lang };
    },
    whitelabel: (merchant: Merchant) => merchants.whitelabelTree(merchant.id),
    registerSettings: async (merchant: Merchant) =>
      registerSettingsFrom(merchant, await merchants.whitelabelTree(merchant.id)),
    domainRoutes: (merchant: Merchant) => merchants.domainRoutes(merchant.id),
    menu: (merchant: Merchant) => merchants.menu(merchant.id),
    publicKey,
  };
};

export type SystemService = ReturnType<typeof systemServiceFactory>;
