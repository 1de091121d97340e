import type { ContractStatus, ContractType, TierValue } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import type { ContractRow, EventRow, Policy } from './agent-contract.types';

/** SQL of policies, contracts and their events (migration 0033); members through identity's published views. */

type ContractDbRow = {
  id: string;
  type: ContractType;
  version: number;
  holder_id: string;
  holder: string;
  holder_nickname: string | null;
  offered_by_id: string | null;
  offered_by: string | null;
  status: ContractStatus;
  tiers: { minValidBetMinor: string; minActiveMembers: number; rateBps: number }[];
  dividend_period: ContractRow['period'];
  offered_at: Date;
  accepted_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
};

const CONTRACT_COLUMNS = `c.id::text, c.type, c.version, c.holder_id::text, h.username AS holder,
  h.nickname AS holder_nickname, c.offered_by_id::text, o.username AS offered_by, c.status, c.tiers, c.dividend_period,
  c.offered_at, c.accepted_at, c.ended_at, c.end_reason`;
const CONTRACT_FROM = `agent_contracts c
  JOIN member_directory h ON h.merchant_id = c.merchant_id AND h.id = c.holder_id
  LEFT JOIN member_directory o ON o.merchant_id = c.merchant_id AND o.id = c.offered_by_id`;

export const tiersToJson = (tiers: readonly TierValue[]) =>
  JSON.stringify(
    tiers.map((t) => ({
      minValidBetMinor: t.minValidBetMinor.toString(),
      minActiveMembers: t.minActiveMembers,
      rateBps: t.rateBps,
    })),
  );

export const tiersFromJson = (tiers: ContractDbRow['tiers']): TierValue[] =>
  tiers.map((t) => ({
    minValidBetMinor: BigInt(t.minValidBetMinor),
    minActiveMembers: Number(t.minActiveMembers),
    rateBps: Number(t.rateBps),
  }));

const toContract = (row: ContractDbRow): ContractRow => ({
  id: BigInt(row.id),
  type: row.type,
  version: Number(row.version),
  holderId: BigInt(row.holder_id),
  holder: row.holder,
  holderNickname: row.holder_nickname,
  offeredById: row.offered_by_id === null ? null : BigInt(row.offered_by_id),
  offeredBy: row.offered_by,
  status: row.status,
  tiers: tiersFromJson(row.tiers),
  period: row.dividend_period,
  offeredAt: new Date(row.offered_at),
  acceptedAt: row.accepted_at === null ? null : new Date(row.accepted_at),
  endedAt: row.ended_at === null ? null : new Date(row.ended_at),
  endReason: row.end_reason,
});

type PolicyDbRow = {
  type: ContractType;
  enabled: boolean;
  top_rate_bps: number;
  max_tiers: number;
  max_tier_valid_bet_minor: string;
  max_tier_active_members: number;
  min_active_members: number;
  downline_may_offer: boolean;
  dividend_period: Policy['period'];
  deductions: Policy['deductions'];
  carry_forward: Policy['carryForward'];
};

const toPolicy = (row: PolicyDbRow): Policy => ({
  type: row.type,
  enabled: row.enabled,
  topRateBps: Number(row.top_rate_bps),
  maxTiers: Number(row.max_tiers),
  maxTierValidBetMinor: BigInt(row.max_tier_valid_bet_minor),
  maxTierActiveMembers: Number(row.max_tier_active_members),
  minActiveMembers: Number(row.min_active_members),
  downlineMayOffer: row.downline_may_offer,
  period: row.dividend_period,
  deductions: row.deductions,
  carryForward: row.carry_forward,
});

export type ContractFilter = {
  merchantId: number;
  holderId?: bigint;
  offeredById?: bigint;
  /** Holder or offerer username contains this (back office). */
  username?: string;
  /** Holder's username is exactly this (an agent's filter within what it may see). */
  holderName?: string;
  type?: ContractType;
  status?: ContractStatus;
};

const filterSql = (filter: ContractFilter): { where: string; params: unknown[] } => {
  const params: unknown[] = [filter.merchantId];
  const where = ['c.merchant_id = $1'];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (filter.holderId !== undefined) add((n) => `c.holder_id = $${n}`, filter.holderId);
  if (filter.offeredById !== undefined) add((n) => `c.offered_by_id = $${n}`, filter.offeredById);
  if (filter.type !== undefined) add((n) => `c.type = $${n}`, filter.type);
  if (filter.status !== undefined) add((n) => `c.status = $${n}`, filter.status);
  if (filter.holderName !== undefined) add((n) => `lower(h.username) = lower($${n})`, filter.holderName);
  if (filter.username !== undefined) {
    const like = `%${filter.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((n) => `(h.username ILIKE $${n} OR o.username ILIKE $${n})`, like);
  }
  return { where: where.join(' AND '), params };
};

export type FoundMember = {
  id: bigint;
  username: string;
  userType: number;
  parentId: bigint | null;
  /** Depth below the asking agent; null when outside its subtree (or no agent asked). */
  depth: number | null;
};

export const contractsRepository = {
  /** A member by username, with its depth under `underId` (null: not below it, or no agent asked). */
  findMember: async (
    db: Queryable,
    merchantId: number,
    username: string,
    underId: bigint | null,
  ): Promise<FoundMember | undefined> => {
    const { rows } = await db.query<{
      id: string;
      username: string;
      user_type: number;
      parent_id: string | null;
      depth: number | null;
    }>(
      `SELECT d.id::text, d.username, d.user_type, d.parent_id::text, t.depth
       FROM member_directory d
       LEFT JOIN agent_tree t ON t.merchant_id = d.merchant_id AND t.ancestor_id = $3 AND t.descendant_id = d.id
       WHERE d.merchant_id = $1 AND lower(d.username) = lower($2)`,
      [merchantId, username, underId],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      id: BigInt(row.id),
      username: row.username,
      userType: Number(row.user_type),
      parentId: row.parent_id === null ? null : BigInt(row.parent_id),
      depth: row.depth === null ? null : Number(row.depth),
    };
  },

  usernameOf: async (db: Queryable, merchantId: number, id: bigint): Promise<string> => {
    const { rows } = await db.query<{ username: string }>(
      'SELECT username FROM member_directory WHERE merchant_id = $1 AND id = $2',
      [merchantId, id],
    );
    return rows[0]?.username ?? '';
  },

  /** The merchant's IANA time zone. */
  timezone: async (db: Queryable, merchantId: number): Promise<string> => {
    const { rows } = await db.query<{ timezone: string }>('SELECT timezone FROM merchant_directory WHERE id = $1', [
      merchantId,
    ]);
    return rows[0]?.timezone ?? 'UTC';
  },

  policies: async (db: Queryable, merchantId: number): Promise<Policy[]> => {
    const { rows } = await db.query<PolicyDbRow>(
      'SELECT * FROM agent_contract_policies WHERE merchant_id = $1 ORDER BY type',
      [merchantId],
    );
    return rows.map(toPolicy);
  },

  /** Merchants with the type switched on, with their policy and time zone. */
  enabledPolicies: async (db: Queryable, type: ContractType) => {
    const { rows } = await db.query<PolicyDbRow & { merchant_id: number; timezone: string }>(
      `SELECT p.*, m.timezone FROM agent_contract_policies p JOIN merchant_directory m ON m.id = p.merchant_id
       WHERE p.type = $1 AND p.enabled ORDER BY p.merchant_id`,
      [type],
    );
    return rows.map((row) => ({ merchantId: Number(row.merchant_id), timezone: row.timezone, policy: toPolicy(row) }));
  },

  setPolicy: async (db: Queryable, merchantId: number, policy: Policy, at: Date): Promise<void> => {
    await db.query(
      `INSERT INTO agent_contract_policies (merchant_id, type, enabled, top_rate_bps, max_tiers, max_tier_valid_bet_minor,
         max_tier_active_members, min_active_members, downline_may_offer, dividend_period, deductions, carry_forward,
         updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)
       ON CONFLICT (merchant_id, type) DO UPDATE SET enabled = excluded.enabled, top_rate_bps = excluded.top_rate_bps,
         max_tiers = excluded.max_tiers, max_tier_valid_bet_minor = excluded.max_tier_valid_bet_minor,
         max_tier_active_members = excluded.max_tier_active_members, min_active_members = excluded.min_active_members,
         downline_may_offer = excluded.downline_may_offer, dividend_period = excluded.dividend_period,
         deductions = excluded.deductions, carry_forward = excluded.carry_forward, updated_at = excluded.updated_at`,
      [
        ...[merchantId, policy.type, policy.enabled, policy.topRateBps, policy.maxTiers],
        ...[policy.maxTierValidBetMinor, policy.maxTierActiveMembers, policy.minActiveMembers, policy.downlineMayOffer],
        ...[policy.period, policy.deductions === null ? null : JSON.stringify(policy.deductions), policy.carryForward],
        at,
      ],
    );
  },

  /** Serialises every contract change of a merchant (offers, answers, cascades): they are rare and touch a subtree. */
  lockMerchant: async (tx: Queryable, merchantId: number): Promise<void> => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('agent-contracts'), $1)", [merchantId]);
  },

  byId: async (db: Queryable, merchantId: number, id: bigint): Promise<ContractRow | undefined> => {
    const { rows } = await db.query<ContractDbRow>(
      `SELECT ${CONTRACT_COLUMNS} FROM ${CONTRACT_FROM} WHERE c.merchant_id = $1 AND c.id = $2`,
      [merchantId, id],
    );
    return rows[0] === undefined ? undefined : toContract(rows[0]);
  },

  /** The holder's contract of the type in `status` (at most one ACTIVE and one OFFERED). */
  current: async (
    db: Queryable,
    merchantId: number,
    holderId: bigint,
    type: ContractType,
    status: 'ACTIVE' | 'OFFERED',
  ): Promise<ContractRow | undefined> => {
    const { rows } = await db.query<ContractDbRow>(
      `SELECT ${CONTRACT_COLUMNS} FROM ${CONTRACT_FROM}
       WHERE c.merchant_id = $1 AND c.holder_id = $2 AND c.type = $3 AND c.status = $4`,
      [merchantId, holderId, type, status],
    );
    return rows[0] === undefined ? undefined : toContract(rows[0]);
  },

  /** The holder's ACTIVE and OFFERED contracts of every type. */
  openOf: async (db: Queryable, merchantId: number, holderId: bigint): Promise<ContractRow[]> => {
    const { rows } = await db.query<ContractDbRow>(
      `SELECT ${CONTRACT_COLUMNS} FROM ${CONTRACT_FROM}
       WHERE c.merchant_id = $1 AND c.holder_id = $2 AND c.status IN ('ACTIVE', 'OFFERED')`,
      [merchantId, holderId],
    );
    return rows.map(toContract);
  },

  /** ACTIVE and OFFERED contracts of the type held strictly below `agentId`, locked. */
  openBelow: async (tx: Queryable, merchantId: number, agentId: bigint, type: ContractType) => {
    const { rows } = await tx.query<ContractDbRow>(
      `SELECT ${CONTRACT_COLUMNS} FROM ${CONTRACT_FROM}
       JOIN agent_tree t ON t.merchant_id = c.merchant_id AND t.ancestor_id = $2 AND t.descendant_id = c.holder_id
       WHERE c.merchant_id = $1 AND c.type = $3 AND c.status IN ('ACTIVE', 'OFFERED') AND t.depth >= 1
       ORDER BY c.id FOR UPDATE OF c`,
      [merchantId, agentId, type],
    );
    return rows.map(toContract);
  },

  insert: async (
    tx: Queryable,
    merchantId: number,
    contract: { type: ContractType; holderId: bigint; offeredById: bigint | null; tiers: readonly TierValue[] },
    period: string | null,
    at: Date,
  ): Promise<bigint> => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO agent_contracts (merchant_id, type, version, holder_id, offered_by_id, status, tiers, dividend_period,
         offered_at)
       SELECT $1, $2, coalesce(max(version), 0) + 1, $3, $4, 'OFFERED', $5::jsonb, $6, $7
       FROM agent_contracts WHERE merchant_id = $1 AND holder_id = $3 AND type = $2
       RETURNING id::text`,
      [merchantId, contract.type, contract.holderId, contract.offeredById, tiersToJson(contract.tiers), period, at],
    );
    return BigInt(rows[0]?.id ?? '0');
  },

  setStatus: async (
    tx: Queryable,
    merchantId: number,
    id: bigint,
    status: ContractStatus,
    at: Date,
    reason: string | null,
  ): Promise<void> => {
    await tx.query(
      `UPDATE agent_contracts SET status = $3,
         accepted_at = CASE WHEN $3 = 'ACTIVE' THEN $4 ELSE accepted_at END,
         ended_at = CASE WHEN $3 = 'ACTIVE' THEN NULL ELSE $4 END,
         end_reason = CASE WHEN $3 = 'ACTIVE' THEN NULL ELSE $5 END
       WHERE merchant_id = $1 AND id = $2`,
      [merchantId, id, status, at, reason],
    );
  },

  addEvent: async (
    tx: Queryable,
    merchantId: number,
    event: { contractId: bigint; kind: string; recipientId: bigint | null; actor: string; note: string | null },
    at: Date,
  ): Promise<void> => {
    await tx.query(
      `INSERT INTO agent_contract_events (merchant_id, contract_id, kind, recipient_id, actor, at, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [merchantId, event.contractId, event.kind, event.recipientId, event.actor, at, event.note],
    );
  },

  events: async (db: Queryable, merchantId: number, contractId: bigint): Promise<EventRow[]> => {
    const { rows } = await db.query<{
      id: string;
      contract_id: string;
      kind: string;
      recipient: string | null;
      actor: string;
      at: Date;
      note: string | null;
    }>(
      `SELECT e.id::text, e.contract_id::text, e.kind, r.username AS recipient, e.actor, e.at, e.note
       FROM agent_contract_events e
       LEFT JOIN member_directory r ON r.merchant_id = e.merchant_id AND r.id = e.recipient_id
       WHERE e.merchant_id = $1 AND e.contract_id = $2 ORDER BY e.id`,
      [merchantId, contractId],
    );
    return rows.map((row) => ({
      id: BigInt(row.id),
      contractId: BigInt(row.contract_id),
      kind: row.kind,
      recipient: row.recipient,
      actor: row.actor,
      at: new Date(row.at),
      note: row.note,
    }));
  },

  list: async (db: Queryable, filter: ContractFilter, offset: number, limit: number) => {
    const { where, params } = filterSql(filter);
    const [page, count] = await Promise.all([
      db.query<ContractDbRow>(
        `SELECT ${CONTRACT_COLUMNS} FROM ${CONTRACT_FROM} WHERE ${where} ORDER BY c.id DESC
         OFFSET ${offset} LIMIT ${limit}`,
        params,
      ),
      db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${CONTRACT_FROM} WHERE ${where}`, params),
    ]);
    return { rows: page.rows.map(toContract), count: Number(count.rows[0]?.n ?? 0) };
  },
};

export type ContractsRepository = typeof contractsRepository;
