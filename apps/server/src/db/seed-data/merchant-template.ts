import type { CdnKind, MenuPlacement, RegionAction, RegisterFieldRow } from '../../modules/platform/merchant';

/** Everything that configures one merchant, as rows to insert (see seed.ts insertMerchant). */
export type MerchantTemplate = {
  code: string;
  name: string;
  hosts: string[];
  maintenance: { enabled: boolean; message: string | null };
  defaultLanguage: string;
  languages: { code: string; locale: string; label: string }[];
  currency: { code: string; symbol: string; scale: number };
  defaultTheme: 'dark' | 'light';
  logoUrl: string;
  licenseImageUrl: string | null;
  gtagId: string | null;
  mainDomain: string;
  lotteryType: string;
  esportGame: string;
  cockfightGame: string;
  whitelabel: { modId: string; parentModId: string | null; enabled: boolean }[];
  registerFields: RegisterFieldRow[];
  customerService: { csType: string; path: string }[];
  resources: { kind: string; labelNameEn: string; url: string }[];
  domainRoutes: { type: string; url: string }[];
  cdns: { kind: CdnKind; url: string }[];
  regionRules: { action: RegionAction; cidr: string }[];
  menu: { menuId: string; nameKey: string; route: string; placement: MenuPlacement }[];
  footerVendors: { code: string; name: string; imageUrl: string }[];
  /** Country codes offered, in display order; each must exist in `countries`. */
  countries: string[];
  helpSections: { lang: string; anchor: string; title: string; html: string }[];
};
