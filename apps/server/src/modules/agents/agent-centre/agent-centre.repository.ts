import type { Queryable } from '../../../db/database';

/**
 * SQL of the agent centre's own tables (STYLE.md convention 3): merchant agent settings, per-agent limits,
 * invitation links with their registrations, and agents' remarks. Reads of other modules' data are in
 * team.repository.ts, through their published views.
 */

export type AgentSettings = {
  agentsMayLock: boolean;
  defaultMayCreateAgents: boolean;
  /** null: no limit. */
  defaultMaxAccounts: number | null;
};
export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  agentsMayLock: false,
  defaultMayCreateAgents: true,
  defaultMaxAccounts: null,
};

/** An agent's own limits (back office); null on an agent without its own row (the merchant defaults apply). */
export type AgentLimitRow = { mayCreateAgents: boolean; maxAccounts: number | null };

export type LinkRow = {
  id: bigint;
  agentId: bigint;
  code: string;
  userType: number;
  createdAt: Date;
  disabledAt: Date | null;
  registrations: number;
};

type LinkDbRow = {
  id: string | bigint;
  agent_id: string | bigint;
  code: string;
  user_type: number;
  created_at: Date | string;
  disabled_at: Date | string | null;
  registrations: string | number;
};

const LINK_COLUMNS = `l.id, l.agent_id, l.code, l.user_type, l.created_at, l.disabled_at,
  (SELECT count(*) FROM agent_link_registrations r WHERE r.merchant_id = l.merchant_id AND r.link_id = l.id)
    AS registrations`;

const linkOf = (row: LinkDbRow): LinkRow => ({
  id: BigInt(row.id),
  agentId: BigInt(row.agent_id),
  code: row.code,
  userType: Number(row.user_type),
  createdAt: new Date(row.created_at),
  disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at),
  registrations: Number(row.registrations),
});

export const agentCentreRepository = (db: Queryable) => ({
  settings: async (merchantId: number): Promise<AgentSettings> => {
    const { rows } = await db.query<{
      agents_may_lock: boolean;
      default_may_create_agents: boolean;
      default_max_accounts: number | null;
    }>(
      `SELECT agents_may_lock, default_may_create_agents, default_max_accounts
       FROM agent_settings WHERE merchant_id = $1`,
      [merchantId],
    );
    const row = rows[0];
    if (row === undefined) return DEFAULT_AGENT_SETTINGS;
    return {
      agentsMayLock: row.agents_may_lock,
      defaultMayCreateAgents: row.default_may_create_agents,
      defaultMaxAccounts: row.default_max_accounts === null ? null : Number(row.default_max_accounts),
    };
  },

  setSettings: async (merchantId: number, settings: AgentSettings, nowMs: number): Promise<void> => {
    await db.query(
      `INSERT INTO agent_settings (merchant_id, agents_may_lock, default_may_create_agents, default_max_accounts,
         updated_at)
       VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
       ON CONFLICT (merchant_id) DO UPDATE SET agents_may_lock = excluded.agents_may_lock,
         default_may_create_agents = excluded.default_may_create_agents,
         default_max_accounts = excluded.default_max_accounts, updated_at = excluded.updated_at`,
      [merchantId, settings.agentsMayLock, settings.defaultMayCreateAgents, settings.defaultMaxAccounts, nowMs],
    );
  },

  limits: async (merchantId: number, agentId: bigint): Promise<AgentLimitRow | null> => {
    const { rows } = await db.query<{ may_create_agents: boolean; max_accounts: number | null }>(
      'SELECT may_create_agents, max_accounts FROM agent_limits WHERE merchant_id = $1 AND agent_id = $2',
      [merchantId, agentId],
    );
    const row = rows[0];
    if (row === undefined) return null;
    return {
      mayCreateAgents: row.may_create_agents,
      maxAccounts: row.max_accounts === null ? null : Number(row.max_accounts),
    };
  },

  /** null removes the agent's own limits (the merchant defaults apply again). */
  setLimits: async (merchantId: number, agentId: bigint, limits: AgentLimitRow | null, nowMs: number) => {
    if (limits === null) {
      await db.query('DELETE FROM agent_limits WHERE merchant_id = $1 AND agent_id = $2', [merchantId, agentId]);
      return;
    }
    await db.query(
      `INSERT INTO agent_limits (merchant_id, agent_id, may_create_agents, max_accounts, updated_at)
       VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
       ON CONFLICT (merchant_id, agent_id) DO UPDATE SET may_create_agents = excluded.may_create_agents,
         max_accounts = excluded.max_accounts, updated_at = excluded.updated_at`,
      [merchantId, agentId, limits.mayCreateAgents, limits.maxAccounts, nowMs],
    );
  },

  /** Inserts a link; undefined when the code is taken (the caller draws another). */
  insertLink: async (
    merchantId: number,
    agentId: bigint,
    code: string,
    userType: number,
    nowMs: number,
  ): Promise<bigint | undefined> => {
    const { rows } = await db.query<{ id: string | bigint }>(
      `INSERT INTO agent_invite_links (merchant_id, agent_id, code, user_type, created_at)
       VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
       ON CONFLICT (merchant_id, code) DO NOTHING
       RETURNING id`,
      [merchantId, agentId, code, userType, nowMs],
    );
    const row = rows[0];
    return row === undefined ? undefined : BigInt(row.id);
  },

  /** The agent's links, newest first. */
  links: async (merchantId: number, agentId: bigint): Promise<LinkRow[]> => {
    const { rows } = await db.query<LinkDbRow>(
      `SELECT ${LINK_COLUMNS} FROM agent_invite_links l
       WHERE l.merchant_id = $1 AND l.agent_id = $2 ORDER BY l.id DESC LIMIT 500`,
      [merchantId, agentId],
    );
    return rows.map(linkOf);
  },

  /** One of the agent's own links; another agent's link is undefined, as a missing one is. */
  ownLink: async (merchantId: number, agentId: bigint, id: bigint): Promise<LinkRow | undefined> => {
    const { rows } = await db.query<LinkDbRow>(
      `SELECT ${LINK_COLUMNS} FROM agent_invite_links l WHERE l.merchant_id = $1 AND l.agent_id = $2 AND l.id = $3`,
      [merchantId, agentId, id],
    );
    return rows[0] === undefined ? undefined : linkOf(rows[0]);
  },

  linkByCode: async (merchantId: number, code: string): Promise<LinkRow | undefined> => {
    const { rows } = await db.query<LinkDbRow>(
      `SELECT ${LINK_COLUMNS} FROM agent_invite_links l WHERE l.merchant_id = $1 AND l.code = upper($2)`,
      [merchantId, code],
    );
    return rows[0] === undefined ? undefined : linkOf(rows[0]);
  },

  /** Disables the agent's own link (idempotent: a disabled link keeps its first time). */
  disableLink: async (merchantId: number, agentId: bigint, id: bigint, nowMs: number): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE agent_invite_links SET disabled_at = coalesce(disabled_at, to_timestamp($4 / 1000.0))
       WHERE merchant_id = $1 AND agent_id = $2 AND id = $3 RETURNING id`,
      [merchantId, agentId, id, nowMs],
    );
    return rows.length > 0;
  },

  recordRegistration: async (merchantId: number, linkId: bigint, memberId: bigint, nowMs: number) => {
    await db.query(
      `INSERT INTO agent_link_registrations (merchant_id, link_id, member_id, created_at)
       VALUES ($1, $2, $3, to_timestamp($4 / 1000.0)) ON CONFLICT DO NOTHING`,
      [merchantId, linkId, memberId, nowMs],
    );
  },

  remark: async (merchantId: number, agentId: bigint, memberId: bigint): Promise<string | null> => {
    const { rows } = await db.query<{ remark: string }>(
      'SELECT remark FROM agent_remarks WHERE merchant_id = $1 AND agent_id = $2 AND member_id = $3',
      [merchantId, agentId, memberId],
    );
    return rows[0]?.remark ?? null;
  },

  /** The agent's remark on a member; '' removes it. */
  setRemark: async (merchantId: number, agentId: bigint, memberId: bigint, remark: string, nowMs: number) => {
    if (remark === '') {
      await db.query('DELETE FROM agent_remarks WHERE merchant_id = $1 AND agent_id = $2 AND member_id = $3', [
        merchantId,
        agentId,
        memberId,
      ]);
      return;
    }
    await db.query(
      `INSERT INTO agent_remarks (merchant_id, agent_id, member_id, remark, updated_at)
       VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
       ON CONFLICT (merchant_id, agent_id, member_id) DO UPDATE SET remark = excluded.remark,
         updated_at = excluded.updated_at`,
      [merchantId, agentId, memberId, remark, nowMs],
    );
  },
});

export type AgentCentreRepository = ReturnType<typeof agentCentreRepository>;
