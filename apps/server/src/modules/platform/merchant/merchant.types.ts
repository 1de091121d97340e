/** A merchant (tenant) as the rest of the server sees it: one row of `merchants`. */
export type Merchant = {
  id: number;
  code: string;
  name: string;
  status: 'ACTIVE' | 'SUSPENDED';
  maintenanceEnabled: boolean;
  /** The message of a visitor whose language has none in merchant_maintenance_messages. */
  maintenanceMessage: string | null;
  /** Planned maintenance (migration 0017): while enabled, the page shows from the start (null: now) to the end. */
  maintenanceStartsAt: Date | null;
  maintenanceEndsAt: Date | null;
  defaultLanguage: string;
  currencyCode: string;
  currencySymbol: string;
  currencyScale: number;
  defaultTheme: 'dark' | 'light';
  logoUrl: string;
  licenseImageUrl: string | null;
  gtagId: string | null;
  mainDomain: string;
  lotteryType: string;
  esportGame: string;
  cockfightGame: string;
  /** Lifetime of SMS codes, answered as expiredMinutes (spec §3). */
  smsCodeExpiredMinutes: number;
  /** Password age after which login asks for a change, while PWDEXPIRY3 is on. */
  passwordMaxAgeDays: number;
  /** Spec §3 merchantWallet.isSingle: false adds a transfer wallet per vendor (GCS_walletTransfer). */
  walletIsSingle: boolean;
  /** Play money a trial member gets on free-play login, in minor units of playCurrency. */
  playMoneyMinor: bigint;
  playCurrency: string;
};

export type MerchantLanguage = { code: string; locale: string; label: string };
export type MaintenanceMessageRow = { lang: string; message: string };
export type WhitelabelModuleRow = { modId: string; parentModId: string | null; enabled: boolean };
export type RegisterFieldRow = {
  field: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string | null;
  patternId: string | null;
  minLength: number;
  maxLength: number;
};
export type CustomerServiceRow = { csType: string; path: string };
export type ResourceRow = { kind: string; labelNameEn: string; url: string };
export type DomainRouteRow = { type: string; url: string };
export type CdnKind = 'IMAGE' | 'LAUNCH';
export type CdnRow = { kind: CdnKind; url: string };
export type RegionAction = 'ALLOW' | 'DENY';
export type RegionRule = { action: RegionAction; cidr: string };
export type MenuPlacement = 'header' | 'footer-product' | 'footer-help';
export type MenuRow = { menuId: string; nameKey: string; route: string; placement: MenuPlacement };
export type FooterVendorRow = { code: string; name: string; imageUrl: string };
export type CountryRow = { countryCode: string; dialingCode: string };
