import { z } from 'zod';
import { RESOURCE_KINDS } from './constants';
import {
  REGISTER_PATTERN_IDS,
  REGISTER_PATTERNS,
  compileRegisterPattern,
  expandPatternWildcards,
  type RegisterPatternId,
} from './register-patterns';
import { LanguageCodeSchema } from './system';

/**
 * Staff API of the site configuration (issue 7, back office "Configuration"): the rows the player side reads through
 * the permission/configuration call, under `/wps/ops/config/*`, permission `config.manage`. Each area is read whole
 * (GET) and written whole (PUT, or PATCH for the whitelabel flags); the server checks the whole new state before it
 * writes anything, and answers the state it stored.
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

/** Web links only: http(s), no user name or password in them (they would be shown to every visitor). */
export const isConfigHttpUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

export const CONFIG_URL_MAX_LENGTH = 500;

export const ConfigHttpUrlSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(CONFIG_URL_MAX_LENGTH, `must be at most ${CONFIG_URL_MAX_LENGTH} characters`)
  .refine(isConfigHttpUrl, 'must be an http:// or https:// address');

/** Duplicates in a list by a key: an issue under `<list>.<index>.<key>` for each repeat after the first. */
const refineUnique =
  <T>(key: keyof T & string, message: string) =>
  (list: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    list.forEach((item, index) => {
      const value = item[key];
      if (seen.has(value)) ctx.addIssue({ code: 'custom', message, path: [index, key] });
      seen.add(value);
    });
  };

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
// Register settings: which fields the form shows, which it requires, their order, lengths, pattern and message

/** Longer patterns are refused: nobody types one by hand, and length is where slow expressions hide. */
export const REGISTER_PATTERN_MAX_LENGTH = 200;
/** The database and the web form never accept more than this for a field (merchant_register_fields). */
export const REGISTER_FIELD_MAX_LENGTH = 255;
/** Fields the registration form always shows and requires (identity registration.rules: username, password). */
export const ALWAYS_REQUIRED_REGISTER_FIELDS = ['username', 'password', 'confirmPassword'] as const;

const REGISTER_PATTERN_ID_VALUES = Object.values(REGISTER_PATTERN_IDS) as [RegisterPatternId, ...RegisterPatternId[]];
const CANONICAL_PATTERNS = new Set<string>(Object.values(REGISTER_PATTERNS));

type Quantifier = { max: number; length: number };

/** The quantifier at `at` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy), or null. */
const quantifierAt = (source: string, at: number): Quantifier | null => {
  const char = source[at];
  let max: number;
  let length: number;
  if (char === '*' || char === '+') [max, length] = [Infinity, 1];
  else if (char === '?') [max, length] = [1, 1];
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
    if (match === null) return null;
    const [whole, low = '0', comma, high] = match;
    max = comma === undefined ? Number(low) : high === undefined || high === '' ? Infinity : Number(high);
    length = whole.length;
  } else return null;
  return { max, length: source[at + length] === '?' ? length + 1 : length };
};

type Frame = { repeats: boolean; alternates: boolean };

/**
 * Finds what makes a backtracking engine slow: a repeated group whose body repeats or has alternatives (`(a+)+`,
 * `(\w+\s?)*`, `(a|a)*`: star height above one), which can take exponential time on a near-miss. Back-references
 * are refused too (matching them is NP-hard in general). A heuristic that errs on the safe side: some harmless
 * expressions are refused, and the message says how to write them instead.
 */
const slowPatternProblem = (source: string): string | null => {
  const stack: Frame[] = [{ repeats: false, alternates: false }];
  const top = (): Frame => stack[stack.length - 1] ?? { repeats: false, alternates: false };
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    let group: Frame | null = null;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'must not use back-references';
      // \p{…}, \P{…} and \u{…} carry braces that are not a quantifier.
      if ((next === 'p' || next === 'P' || next === 'u') && source[i + 2] === '{') {
        const end = source.indexOf('}', i + 2);
        i = end < 0 ? source.length : end + 1;
      } else i += 2;
    } else if (char === '[') {
      i += 1;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i += 1;
    } else if (char === '(') {
      const prefix = /^\(\?(?:[:=!]|<[=!]|<[A-Za-z_][A-Za-z0-9_]*>)?/.exec(source.slice(i));
      i += prefix?.[0].length ?? 1;
      stack.push({ repeats: false, alternates: false });
      continue;
    } else if (char === ')') {
      group = stack.length > 1 ? (stack.pop() ?? null) : null;
      i += 1;
    } else if (char === '|') {
      top().alternates = true;
      i += 1;
      continue;
    } else i += 1;
    const quantifier = quantifierAt(source, i);
    const repeated = quantifier !== null && quantifier.max > 1;
    if (quantifier !== null) i += quantifier.length;
    if (group !== null && repeated && (group.repeats || group.alternates)) {
      return 'must not repeat a group that itself repeats or has alternatives, e.g. (a+)+ or (a|b)* (it can take very long to check); use a character class such as [ab]+ or one of the standard patterns';
    }
    if (group !== null) {
      top().repeats ||= group.repeats;
      top().alternates ||= group.alternates;
    }
    if (repeated) top().repeats = true;
  }
  return null;
};

/**
 * Why a merchant's `acceptedPattern` cannot be stored, or null when it can: too long, not a valid expression (as the
 * client and the server compile it: wildcards expanded, anchored, Unicode), or prone to catastrophic backtracking.
 * The standard patterns of the message families (REGISTER_PATTERNS) are always accepted.
 */
export const registerPatternProblem = (pattern: string): string | null => {
  if (CANONICAL_PATTERNS.has(pattern)) return null;
  if (pattern.length > REGISTER_PATTERN_MAX_LENGTH) {
    return `must be at most ${REGISTER_PATTERN_MAX_LENGTH} characters`;
  }
  if (compileRegisterPattern(pattern) === null) return 'is not a valid regular expression';
  return slowPatternProblem(expandPatternWildcards(pattern));
};

export const OpsRegisterFieldSchema = z
  .object({
    field: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, 'must be a field name such as email'),
    /** Shown on the form. */
    enabled: z.boolean(),
    required: z.boolean(),
    /** null: lengths only. `*` stands for `.*` (spec §3). */
    acceptedPattern: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z.string().nullable(),
    ),
    /** Picks the translated message the form shows when the pattern fails (spec §5). */
    patternId: z.enum(REGISTER_PATTERN_ID_VALUES, 'must be one of the message families').nullable(),
    minLength: z.number().int().min(0).max(REGISTER_FIELD_MAX_LENGTH),
    maxLength: z.number().int().min(1).max(REGISTER_FIELD_MAX_LENGTH),
  })
  .strict()
  .superRefine((field, ctx) => {
    if (field.required && !field.enabled) {
      ctx.addIssue({ code: 'custom', message: 'a hidden field cannot be required', path: ['required'] });
    }
    if (field.minLength > field.maxLength) {
      ctx.addIssue({ code: 'custom', message: 'must not be below the minimum length', path: ['maxLength'] });
    }
    if ((ALWAYS_REQUIRED_REGISTER_FIELDS as readonly string[]).includes(field.field) && !field.required) {
      ctx.addIssue({ code: 'custom', message: 'this field is always shown and required', path: ['required'] });
    }
    if (field.acceptedPattern !== null) {
      const problem = registerPatternProblem(field.acceptedPattern);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: ['acceptedPattern'] });
    }
  });
export type OpsRegisterField = z.infer<typeof OpsRegisterFieldSchema>;

/** PUT /wps/ops/config/register: every field of the merchant, in form order (fields are not added or removed). */
export const OpsRegisterSettingsUpdateSchema = z
  .object({
    fields: z.array(OpsRegisterFieldSchema).min(1).max(50).superRefine(refineUnique('field', 'is listed twice')),
  })
  .strict();
export type OpsRegisterSettingsUpdate = z.infer<typeof OpsRegisterSettingsUpdateSchema>;

/** GET /wps/ops/config/register: the stored rows as they are, in form order. */
export const OpsRegisterSettingsSchema = z.object({
  fields: z.array(
    z.object({
      field: z.string(),
      enabled: z.boolean(),
      required: z.boolean(),
      acceptedPattern: z.string().nullable(),
      patternId: z.string().nullable(),
      minLength: z.number().int(),
      maxLength: z.number().int(),
    }),
  ),
});
export type OpsRegisterSettings = z.infer<typeof OpsRegisterSettingsSchema>;

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
