import { z } from 'zod';
import { RESOURCE_KINDS } from './constants';
import { PublicKeyInfoSchema } from './sealed';

/** Language pack codes are merchant configuration, mapped to a BCP 47 locale (DESIGN.md §9). */
export const LanguageCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{2,3}(-[A-Z]{2})?$/, 'language code must be 2-3 capital letters, e.g. EN');

export const SystemStatusSchema = z.object({
  /** 0 normal, 1 maintenance, 2 region restricted (spec §4). */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  message: z.string().nullable(),
  ip: z.string(),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export type WhitelabelNode = { modId: string; enabled: 0 | 1; childrenNodes: WhitelabelNode[] };
export const WhitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.union([z.literal(0), z.literal(1)]),
    childrenNodes: z.array(WhitelabelNodeSchema),
  }),
);
export const WhitelabelSchema = z.array(WhitelabelNodeSchema);

export const RegisterFieldSchema = z.object({
  field: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  /** From the server; `*` means `.*` (spec §3). Null: no pattern beyond the lengths. */
  acceptedPattern: z.string().nullable(),
  /** Picks the translated pattern-error text (spec §5). */
  patternId: z.string().nullable(),
  minLength: z.number().int().nonnegative(),
  maxLength: z.number().int().positive(),
});
export type RegisterField = z.infer<typeof RegisterFieldSchema>;

export const RegisterSettingsSchema = z.object({
  /** USERNAMEREG3 */
  usernameRegistration: z.boolean(),
  /** MOBILENUMREG3 */
  mobileRegistration: z.boolean(),
  /** MOBILENUMPASSREG3 */
  mobilePasswordRequired: z.boolean(),
  /** REGMOBVERF3 */
  smsVerification: z.boolean(),
  fields: z.array(RegisterFieldSchema),
});
export type RegisterSettings = z.infer<typeof RegisterSettingsSchema>;

export const CustomerServiceEntrySchema = z.object({
  csType: z.string(),
  /** Obfuscated; decode with decodeCsPath (last 8 characters are the key). */
  path: z.string(),
});
export type CustomerServiceEntry = z.infer<typeof CustomerServiceEntrySchema>;

export const ResourceEntrySchema = z.object({ labelNameEn: z.string(), url: z.string() });
export type ResourceEntry = z.infer<typeof ResourceEntrySchema>;
export const ResourceKindSchema = z.enum(RESOURCE_KINDS);
export const ResourcesSchema = z.partialRecord(ResourceKindSchema, z.array(ResourceEntrySchema));
export type Resources = z.infer<typeof ResourcesSchema>;

export const DomainRouteSchema = z.object({
  /** MAIN, AGENT, APP, ... */
  type: z.string(),
  url: z.string(),
});
export type DomainRoute = z.infer<typeof DomainRouteSchema>;

export const LanguageOptionSchema = z.object({
  code: LanguageCodeSchema,
  /** BCP 47 locale, e.g. en-US, fil-PH. */
  locale: z.string(),
  label: z.string(),
});
export type LanguageOption = z.infer<typeof LanguageOptionSchema>;

export const VendorLogoSchema = z.object({ code: z.string(), name: z.string(), imageUrl: z.string() });

export const BrandConfigSchema = z.object({
  merchantCode: z.string(),
  name: z.string(),
  platform: z.literal('WEB'),
  logoUrl: z.string(),
  lotteryType: z.string(),
  defaultLanguage: LanguageCodeSchema,
  supportedLanguages: z.array(LanguageCodeSchema),
  esportGame: z.string(),
  cockfightGame: z.string(),
  defaultTheme: z.enum(['dark', 'light']),
  licenseImageUrl: z.string().nullable(),
  footerVendorLogos: z.array(VendorLogoSchema),
});
export type BrandConfig = z.infer<typeof BrandConfigSchema>;

export const MenuEntrySchema = z.object({
  menuId: z.string(),
  /** i18n key of the label. */
  nameKey: z.string(),
  route: z.string(),
  /** header, footer-product, footer-help */
  placement: z.enum(['header', 'footer-product', 'footer-help']),
});
export type MenuEntry = z.infer<typeof MenuEntrySchema>;

/** The permission/configuration response (spec §3 "Configuration response", §9 brand config). */
export const PermissionConfigSchema = z.object({
  status: SystemStatusSchema,
  customerService: z.array(CustomerServiceEntrySchema),
  domainRoute: z.array(DomainRouteSchema),
  resources: ResourcesSchema,
  whitelabel: WhitelabelSchema,
  register: RegisterSettingsSchema,
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  /** The client picks one at random per launch (spec §3). */
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string() }),
  maintenance: z.object({ enabled: z.boolean(), message: z.string().nullable() }),
  regionRestriction: z.object({ restricted: z.boolean(), ip: z.string() }),
  language: z.object({ default: LanguageCodeSchema, supported: z.array(LanguageOptionSchema) }),
  currency: z.object({ code: z.string(), symbol: z.string(), scale: z.number().int().min(0).max(8) }),
  brand: BrandConfigSchema,
  menu: z.array(MenuEntrySchema),
  /** The key to seal "E" payloads with (sealed.ts); refetch on PAYLOAD_KEY_UNKNOWN. */
  security: PublicKeyInfoSchema,
});
export type PermissionConfig = z.infer<typeof PermissionConfigSchema>;

export const CountryCodeSchema = z.object({
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  countryDialingCode: z.string().regex(/^\+\d{1,4}$/),
  /** Flag image by country code. */
  flagUrl: z.string(),
});
export type CountryCode = z.infer<typeof CountryCodeSchema>;

export const HelpQuerySchema = z.object({
  lang: LanguageCodeSchema,
  device: z.literal('WEB'),
});
export const HelpSectionSchema = z.object({
  /** Anchor id on /help; the terms section is `term` (spec §2). */
  anchor: z.string().regex(/^[a-z][a-z0-9-]*$/),
  title: z.string(),
  /** Operator-authored HTML; the client sanitizes it (DOMPurify) before rendering. */
  html: z.string(),
});
export const HelpCentreSchema = z.object({
  lang: LanguageCodeSchema,
  device: z.literal('WEB'),
  sections: z.array(HelpSectionSchema),
});
export type HelpCentre = z.infer<typeof HelpCentreSchema>;

export const LanguageChangeSchema = z.object({ lang: LanguageCodeSchema });
