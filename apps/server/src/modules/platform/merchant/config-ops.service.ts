import type {
  FieldError,
  OpsCustomerService,
  OpsCustomerServiceUpdate,
  OpsLanguages,
  OpsLanguagesUpdate,
  OpsMaintenance,
  OpsMaintenanceUpdate,
  OpsRegionRules,
  OpsRegionRulesUpdate,
  OpsRegisterSettings,
  OpsRegisterSettingsUpdate,
  OpsResources,
  OpsResourcesUpdate,
  OpsWhitelabel,
  OpsWhitelabelUpdate,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { configRepository, type ConfigRepository, type WhitelabelFlagRow } from './config-ops.repository';
import { cidrProblem, fieldsError, offAncestor, opsWhitelabelTree, sameSetErrors } from './config-ops.rules';
import { isMaintenanceActive } from './maintenance';
import type { Merchant } from './merchant.types';
import { buildWhitelabelTree } from './whitelabel-tree';

/** The configuration areas of the back office; each write is audited as `config.<area>.update`. */
export type ConfigArea =
  'whitelabel' | 'register' | 'languages' | 'resources' | 'customer-service' | 'maintenance' | 'region-rules';

/**
 * The staff member changing the configuration, as the staff module's caller carries it. Declared here, structurally,
 * like the audit module's actor: the merchant module sits below staff and audit (both name a Merchant), so it takes
 * their guard and audit writer from platform-modules.ts instead of importing them.
 */
export type ConfigCaller = { merchant: Merchant; staff: string; staffId: string; role: string; ip: string };

/** The one staff check the configuration routes need (the staff module's StaffAuth has it). */
export type ConfigGuard = { requireStaff(request: FastifyRequest, permission: 'config.manage'): Promise<ConfigCaller> };

/** Writes one audit entry in the transaction of the change (the audit module's recordAudit). */
export type ConfigAuditWriter = (
  tx: Queryable,
  caller: ConfigCaller,
  entry: { action: string; targetType: string; targetId: string; before: unknown; after: unknown },
) => Promise<void>;

export type ConfigOpsServiceDeps = {
  db: Database;
  now: Clock;
  recordAudit: ConfigAuditWriter;
  /** Called after every committed change (the cached public answers built from the merchant's configuration). */
  onChange: (merchantId: number, area: ConfigArea) => void;
};

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

const whitelabelOf = (rows: readonly WhitelabelFlagRow[]): OpsWhitelabel => ({
  modules: opsWhitelabelTree(buildWhitelabelTree(rows), rows),
});

/**
 * Staff reads and writes of the site configuration (issue 7). A write locks the merchant row, checks the whole new
 * state against the stored rows, and only then writes, with its audit entry (before and after) in the same
 * transaction: bad input gets one message per field and changes nothing.
 */
export const configOpsServiceFactory = ({ db, now, recordAudit, onChange }: ConfigOpsServiceDeps) => {
  const read = configRepository(db);

  /** Runs `apply` under the merchant's lock; audits and announces only a change that changed something. */
  const write = async <T>(
    caller: ConfigCaller,
    area: ConfigArea,
    apply: (repo: ConfigRepository) => Promise<{ before: T; after: T }>,
  ): Promise<T> => {
    const { before, after } = await db.transaction(async (tx) => {
      const repo = configRepository(tx);
      await repo.lockMerchant(caller.merchant.id);
      const change = await apply(repo);
      if (JSON.stringify(change.before) !== JSON.stringify(change.after)) {
        await recordAudit(tx, caller, {
          action: `config.${area}.update`,
          targetType: 'config',
          targetId: area,
          before: change.before,
          after: change.after,
        });
      }
      return change;
    });
    if (JSON.stringify(before) !== JSON.stringify(after)) onChange(caller.merchant.id, area);
    return after;
  };

  const languagesOf = async (repo: ConfigRepository, merchantId: number): Promise<OpsLanguages> => ({
    defaultLanguage: await repo.defaultLanguage(merchantId),
    languages: await repo.languages(merchantId),
  });

  const maintenanceOf = async (repo: ConfigRepository, merchant: Merchant): Promise<OpsMaintenance> => {
    // One after the other: inside a transaction the queries share one connection.
    const row = await repo.maintenance(merchant.id);
    const messages = await repo.maintenanceMessages(merchant.id);
    const languages = await repo.languages(merchant.id);
    const on = new Set(languages.filter((language) => language.enabled).map((language) => language.code));
    const startsAt = row?.startsAt ?? null;
    const endsAt = row?.endsAt ?? null;
    return {
      enabled: row?.enabled ?? false,
      active: isMaintenanceActive(
        {
          ...merchant,
          maintenanceEnabled: row?.enabled ?? false,
          maintenanceStartsAt: startsAt,
          maintenanceEndsAt: endsAt,
        },
        now(),
      ),
      messages: Object.fromEntries(messages.filter((m) => on.has(m.lang)).map((m) => [m.lang, m.message])),
      startsAt: iso(startsAt),
      endsAt: iso(endsAt),
    };
  };

  return {
    whitelabel: async (merchant: Merchant): Promise<OpsWhitelabel> =>
      whitelabelOf(await read.whitelabelFlags(merchant.id)),

    /** A module cannot be switched on under a parent that is off (after the change); see OpsWhitelabelUpdateSchema. */
    updateWhitelabel: async (caller: ConfigCaller, body: OpsWhitelabelUpdate): Promise<OpsWhitelabel> => {
      let rows: WhitelabelFlagRow[] = [];
      await write(caller, 'whitelabel', async (repo) => {
        rows = await repo.whitelabelFlags(caller.merchant.id);
        const parents = new Map(rows.map((row) => [row.modId, row.parentModId]));
        const before = new Map(rows.map((row) => [row.modId, row.enabled]));
        const after = new Map(before);
        const errors: FieldError[] = [];
        body.changes.forEach((change, index) => {
          if (!before.has(change.modId)) {
            errors.push({ path: `changes.${index}.modId`, message: 'is not a module of this site' });
          } else after.set(change.modId, change.enabled);
        });
        body.changes.forEach((change, index) => {
          if (!change.enabled || before.get(change.modId) !== false) return;
          const off = offAncestor(change.modId, parents, after);
          if (off !== null) {
            errors.push({ path: `changes.${index}.enabled`, message: `cannot be switched on while ${off} is off` });
          }
        });
        if (errors.length > 0) throw fieldsError('whitelabel change', errors);
        const changed = [...after].filter(([modId, enabled]) => before.get(modId) !== enabled);
        for (const [modId, enabled] of changed) await repo.setWhitelabelFlag(caller.merchant.id, modId, enabled);
        rows = rows.map((row) => ({ ...row, enabled: after.get(row.modId) ?? row.enabled }));
        return {
          before: Object.fromEntries(changed.map(([modId]) => [modId, before.get(modId)])),
          after: Object.fromEntries(changed),
        };
      });
      return whitelabelOf(rows);
    },

    register: async (merchant: Merchant): Promise<OpsRegisterSettings> => ({
      fields: await read.registerFields(merchant.id),
    }),

    updateRegister: (caller: ConfigCaller, body: OpsRegisterSettingsUpdate): Promise<OpsRegisterSettings> =>
      write(caller, 'register', async (repo) => {
        const stored = await repo.registerFields(caller.merchant.id);
        const errors = sameSetErrors(
          'fields',
          'field',
          body.fields.map((field) => field.field),
          stored.map((field) => field.field),
          'is not a field of this site',
        );
        if (errors.length > 0) throw fieldsError('register settings', errors);
        for (const [index, field] of body.fields.entries()) {
          await repo.updateRegisterField(caller.merchant.id, index, field);
        }
        return { before: { fields: stored }, after: { fields: await repo.registerFields(caller.merchant.id) } };
      }),

    languages: (merchant: Merchant): Promise<OpsLanguages> => languagesOf(read, merchant.id),

    updateLanguages: (caller: ConfigCaller, body: OpsLanguagesUpdate): Promise<OpsLanguages> =>
      write(caller, 'languages', async (repo) => {
        const before = await languagesOf(repo, caller.merchant.id);
        const errors = sameSetErrors(
          'languages',
          'code',
          body.languages.map((language) => language.code),
          before.languages.map((language) => language.code),
          'is not a language of this site',
        );
        if (errors.length > 0) throw fieldsError('languages', errors);
        for (const [index, language] of body.languages.entries()) {
          await repo.updateLanguage(caller.merchant.id, index, language.code, language.enabled);
        }
        await repo.setDefaultLanguage(caller.merchant.id, body.defaultLanguage);
        return { before, after: await languagesOf(repo, caller.merchant.id) };
      }),

    resources: async (merchant: Merchant): Promise<OpsResources> => ({ resources: await read.resources(merchant.id) }),

    updateResources: (caller: ConfigCaller, body: OpsResourcesUpdate): Promise<OpsResources> =>
      write(caller, 'resources', async (repo) => {
        const before = { resources: await repo.resources(caller.merchant.id) };
        await repo.replaceResources(caller.merchant.id, body.resources);
        return { before, after: { resources: await repo.resources(caller.merchant.id) } };
      }),

    customerService: async (merchant: Merchant): Promise<OpsCustomerService> => ({
      entries: await read.customerService(merchant.id),
    }),

    updateCustomerService: (caller: ConfigCaller, body: OpsCustomerServiceUpdate): Promise<OpsCustomerService> =>
      write(caller, 'customer-service', async (repo) => {
        const before = { entries: await repo.customerService(caller.merchant.id) };
        await repo.replaceCustomerService(caller.merchant.id, body.entries);
        return { before, after: { entries: await repo.customerService(caller.merchant.id) } };
      }),

    maintenance: (merchant: Merchant): Promise<OpsMaintenance> => maintenanceOf(read, merchant),

    /**
     * Messages go to the languages that are on (merchant_maintenance_messages); the default language's message is
     * also the general one (merchants.maintenance_message) a visitor gets when their language has none.
     */
    updateMaintenance: (caller: ConfigCaller, body: OpsMaintenanceUpdate): Promise<OpsMaintenance> =>
      write(caller, 'maintenance', async (repo) => {
        const merchantId = caller.merchant.id;
        const before = await maintenanceOf(repo, caller.merchant);
        const languages = (await repo.languages(merchantId)).filter((language) => language.enabled);
        const codes = new Set(languages.map((language) => language.code));
        const errors: FieldError[] = Object.keys(body.messages)
          .filter((lang) => !codes.has(lang))
          .map((lang) => ({ path: `messages.${lang}`, message: 'is not a language of this site' }));
        if (body.enabled && body.endsAt !== null && Date.parse(body.endsAt) <= now()) {
          errors.push({ path: 'endsAt', message: 'is already past' });
        }
        if (errors.length > 0) throw fieldsError('maintenance', errors);
        const messages = new Map(Object.entries(body.messages));
        const defaultLanguage = (await repo.maintenance(merchantId))?.defaultLanguage ?? '';
        await repo.updateMaintenance(merchantId, {
          enabled: body.enabled,
          message: (messages.get(defaultLanguage) ?? '') === '' ? null : (messages.get(defaultLanguage) ?? null),
          startsAt: body.startsAt === null ? null : new Date(body.startsAt),
          endsAt: body.endsAt === null ? null : new Date(body.endsAt),
        });
        await repo.replaceMaintenanceMessages(merchantId, [...codes], messages);
        return { before, after: await maintenanceOf(repo, caller.merchant) };
      }),

    regionRules: async (merchant: Merchant): Promise<OpsRegionRules> => ({
      rules: await read.regionRules(merchant.id),
    }),

    updateRegionRules: (caller: ConfigCaller, body: OpsRegionRulesUpdate): Promise<OpsRegionRules> =>
      write(caller, 'region-rules', async (repo) => {
        const errors = body.rules.flatMap((rule, index): FieldError[] => {
          const problem = cidrProblem(rule.cidr);
          return problem === null ? [] : [{ path: `rules.${index}.cidr`, message: problem }];
        });
        if (errors.length > 0) throw fieldsError('region rules', errors);
        const before = { rules: await repo.regionRules(caller.merchant.id) };
        await repo.replaceRegionRules(caller.merchant.id, body.rules);
        return { before, after: { rules: await repo.regionRules(caller.merchant.id) } };
      }),
  };
};

export type ConfigOpsService = ReturnType<typeof configOpsServiceFactory>;
