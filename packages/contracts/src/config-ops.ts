import { z } from 'zod';
import { CONFIG_URL_MAX_LENGTH, ConfigHttpUrlSchema, isConfigHttpUrl, refineUnique } from './config-fields';
import { RESOURCE_KINDS } from './constants';
import { LanguageCodeSchema } from './system';

export { CONFIG_URL_MAX_LENGTH, ConfigHttpUrlSchema, isConfigHttpUrl } from './config-fields';
export * from './config-register';

/**
 * Staff API of the site configuration (issue 7, back office "Configuration"): the rows the player side reads through
 * the permission/configuration call, under `/wps/ops/config/*`, permission `config.manage`. Each area is read whole
 * (GET) and written whole (PUT, or PATCH for the whitelabel flags); the server checks the whole new state before it
 * writes anything, and answers the state it stored.
 */

// ---------------------------------------------------------------------------------------------------------------
// Whitelabel flags (spec §3 site-setting tree)

/**
 * One module of the tree as staff see it: `enabled` is the stored flag, `effective` what the player side gets (a
 * module under a disabled parent is off, whatever its own flag says; merchant/whitelabel-tree.ts).
 */
export type OpsWhitelabelNode = {
  modId: string;
  enabled: boolean;
  effective: boolean;
  childrenNodes: OpsWhitelabelNode[];
};
export const OpsWhitelabelNodeSchema: z.ZodType<OpsWhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.boolean(),
    effective: z.boolean(),
    childrenNodes: z.array(OpsWhitelabelNodeSchema),
  }),
);
export const OpsWhitelabelSchema = z.object({ modules: z.array(OpsWhitelabelNodeSchema) });
export type OpsWhitelabel = z.infer<typeof OpsWhitelabelSchema>;

/**
 * PATCH /wps/ops/config/whitelabel: flags to set. A module cannot be switched on while its parent (after this change)
 * is off; a module that is already on keeps its flag when its parent goes off, so switching the parent back on
 * restores the branch as it was.
 */
export const OpsWhitelabelUpdateSchema = z
  .object({
    changes: z
      .array(
        z.object({
          modId: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9_]{1,32}$/, 'must be a module id such as SMSLOGIN3'),
          enabled: z.boolean(),
        }),
      )
      .min(1, 'nothing to change')
      .max(100)
      .superRefine(refineUnique('modId', 'is listed twice')),
  })
  .strict();
export type OpsWhitelabelUpdate = z.infer<typeof OpsWhitelabelUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Languages

export const OpsLanguageSchema = z.object({
  code: LanguageCodeSchema,
  locale: z.string(),
  label: z.string(),
  enabled: z.boolean(),
});
export type OpsLanguage = z.infer<typeof OpsLanguageSchema>;
export const OpsLanguagesSchema = z.object({
  defaultLanguage: LanguageCodeSchema,
  languages: z.array(OpsLanguageSchema),
});
export type OpsLanguages = z.infer<typeof OpsLanguagesSchema>;

/**
 * PUT /wps/ops/config/languages: every language of the merchant, in menu order, each on or off, and the default. The
 * default must stay on (so at least one does). Languages themselves (code, locale, label) come with the site's packs.
 */
export const OpsLanguagesUpdateSchema = z
  .object({
    defaultLanguage: LanguageCodeSchema,
    languages: z
      .array(z.object({ code: LanguageCodeSchema, enabled: z.boolean() }).strict())
      .min(1)
      .max(30)
      .superRefine(refineUnique('code', 'is listed twice')),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.languages.some((language) => language.enabled)) {
      ctx.addIssue({ code: 'custom', message: 'at least one language must stay enabled', path: ['languages'] });
    }
    const index = body.languages.findIndex((language) => language.code === body.defaultLanguage);
    if (index < 0) {
      ctx.addIssue({ code: 'custom', message: 'must be one of the languages', path: ['defaultLanguage'] });
    } else if (body.languages[index]?.enabled !== true) {
      ctx.addIssue({
        code: 'custom',
        message: 'the default language cannot be disabled',
        path: ['languages', index, 'enabled'],
      });
    }
  });
export type OpsLanguagesUpdate = z.infer<typeof OpsLanguagesUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Resources: social links, app downloads, licence (spec §3 resources)

export const OpsResourceSchema = z
  .object({
    kind: z.enum(RESOURCE_KINDS, 'must be one of the resource kinds'),
    labelNameEn: z.string().trim().min(1, 'must not be empty').max(60),
    url: ConfigHttpUrlSchema,
  })
  .strict();
export type OpsResource = z.infer<typeof OpsResourceSchema>;
/** PUT /wps/ops/config/resources: in display order (the player side groups them by kind). */
export const OpsResourcesUpdateSchema = z.object({ resources: z.array(OpsResourceSchema).max(100) }).strict();
export type OpsResourcesUpdate = z.infer<typeof OpsResourcesUpdateSchema>;
/** GET /wps/ops/config/resources. */
export const OpsResourcesSchema = z.object({
  resources: z.array(z.object({ kind: z.string(), labelNameEn: z.string(), url: z.string() })),
});
export type OpsResources = z.infer<typeof OpsResourcesSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Customer service (spec §3; cs-path.ts obfuscates each path per response, which hides it from scrapers only)

/** A same-origin path (`/help#contact`) or an http(s) address: the only links the web app opens (toSafeUrl). */
const SAME_ORIGIN_PATH = /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*$/;

export const OpsCustomerServiceEntrySchema = z
  .object({
    csType: z
      .string()
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{1,31}$/, 'must be capital letters, digits or _, e.g. LIVECHAT'),
    /** Stored plain; never anything secret (it reaches every visitor, only lightly obfuscated). */
    path: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(CONFIG_URL_MAX_LENGTH, `must be at most ${CONFIG_URL_MAX_LENGTH} characters`)
      .refine(
        (text) => SAME_ORIGIN_PATH.test(text) || isConfigHttpUrl(text),
        'must be an http(s) address or a path on this site such as /help',
      ),
  })
  .strict();
export type OpsCustomerServiceEntry = z.infer<typeof OpsCustomerServiceEntrySchema>;
/** PUT /wps/ops/config/customer-service, in order (the web app opens LIVECHAT, else the first that works). */
export const OpsCustomerServiceUpdateSchema = z
  .object({
    entries: z.array(OpsCustomerServiceEntrySchema).max(20).superRefine(refineUnique('csType', 'is listed twice')),
  })
  .strict();
export type OpsCustomerServiceUpdate = z.infer<typeof OpsCustomerServiceUpdateSchema>;
/** GET /wps/ops/config/customer-service: the paths plain (staff only; players get them obfuscated). */
export const OpsCustomerServiceSchema = z.object({
  entries: z.array(z.object({ csType: z.string(), path: z.string() })),
});
export type OpsCustomerService = z.infer<typeof OpsCustomerServiceSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Maintenance (spec §4 status 1: the web app shows the maintenance page instead of the site)

export const MAINTENANCE_MESSAGE_MAX_LENGTH = 500;
const InstantSchema = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

/**
 * PUT /wps/ops/config/maintenance. `messages` by language code (an empty text: none for that language; a visitor then
 * gets the default language's, else the page's generic text). With a schedule the page shows only from `startsAt`
 * to `endsAt` while `enabled` is on; without one, as long as it is on.
 */
export const OpsMaintenanceUpdateSchema = z
  .object({
    enabled: z.boolean(),
    messages: z.record(
      LanguageCodeSchema,
      z
        .string()
        .trim()
        .max(MAINTENANCE_MESSAGE_MAX_LENGTH, `must be at most ${MAINTENANCE_MESSAGE_MAX_LENGTH} characters`),
    ),
    startsAt: InstantSchema.nullable(),
    endsAt: InstantSchema.nullable(),
  })
  .strict()
  .refine(
    (body) => body.startsAt === null || body.endsAt === null || Date.parse(body.endsAt) > Date.parse(body.startsAt),
    {
      message: 'must be after the start',
      path: ['endsAt'],
    },
  );
export type OpsMaintenanceUpdate = z.infer<typeof OpsMaintenanceUpdateSchema>;

export const OpsMaintenanceSchema = z.object({
  enabled: z.boolean(),
  /** Whether players see the maintenance page now (on, and inside the schedule if there is one). */
  active: z.boolean(),
  messages: z.record(z.string(), z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type OpsMaintenance = z.infer<typeof OpsMaintenanceSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Region rules (merchant_region_rules: IP ranges, not countries)

const isIpOrCidr = (text: string): boolean =>
  [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()].some((schema) => schema.safeParse(text).success);

export const OpsRegionRuleSchema = z
  .object({
    /** DENY blocks a range; once any ALLOW rule exists, only the ALLOW ranges get in (DENY still wins). */
    action: z.enum(['ALLOW', 'DENY'], 'must be ALLOW or DENY'),
    /** An address (one host) or a network in CIDR notation, IPv4 or IPv6. */
    cidr: z.string().trim().max(64).refine(isIpOrCidr, 'must be an IP address or a network such as 203.0.113.0/24'),
    note: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z.string().trim().max(200).nullable(),
    ),
  })
  .strict();
export type OpsRegionRule = z.infer<typeof OpsRegionRuleSchema>;
/** PUT /wps/ops/config/region-rules: the whole list. */
export const OpsRegionRulesUpdateSchema = z.object({ rules: z.array(OpsRegionRuleSchema).max(200) }).strict();
export type OpsRegionRulesUpdate = z.infer<typeof OpsRegionRulesUpdateSchema>;
/** GET /wps/ops/config/region-rules. */
export const OpsRegionRulesSchema = z.object({
  rules: z.array(z.object({ action: z.enum(['ALLOW', 'DENY']), cidr: z.string(), note: z.string().nullable() })),
});
export type OpsRegionRules = z.infer<typeof OpsRegionRulesSchema>;
