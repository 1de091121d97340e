import {
  formatMoney,
  isAgentType,
  isTrialType,
  resolvePeriod,
  type AgentTreeNode,
  type AgentTreePage,
  type AgentTreeQuery,
  type MemberKind,
  type MemberMoveRequest,
  type MemberMoveResult,
  type OpsAgentLimits,
  type OpsAgentSettings,
  type OpsAgentLimitsUpdate,
  type OpsAgentReport,
  type OpsAgentReportQuery,
  type TeamFigures,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { MemberStaff, TreeNodeRow } from '../../identity/identity';
import { recordAudit } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import type { AgentLimitRow, TeamFigureValues } from '../agent-centre';

/** What the back office's agent screens use of other modules (their index.ts), as platform-modules.ts hands them. */
export type AgentOpsDeps = {
  db: Database;
  now: Clock;
  /** Identity: the tree's reads and the move (members.parent_id is identity's). */
  members: Pick<MemberStaff, 'treeLevel' | 'countTreeLevel' | 'treeNode' | 'treeUplines' | 'moveMember'>;
  /** The team rollups (agents/agent-team). */
  team: {
    teamSummary: (merchantId: number, agentId: bigint, fromDay: string, toDay: string) => Promise<TeamFigureValues>;
    downlineFigures: (
      merchantId: number,
      agentId: bigint,
      memberIds: bigint[],
      fromDay: string,
      toDay: string,
    ) => Promise<Map<string, TeamFigureValues>>;
    teamSize: (merchantId: number, agentId: bigint) => Promise<{ direct: number; total: number }>;
  };
  /** The agent centre's limits (agents/agent-centre). */
  limits: {
    limitsOf: (merchantId: number, agentId: bigint) => Promise<AgentLimitRow>;
    setLimits: (merchantId: number, agentId: bigint, limits: AgentLimitRow | null) => Promise<unknown>;
    settings: (merchantId: number) => Promise<OpsAgentSettings>;
    setSettings: (merchantId: number, settings: OpsAgentSettings) => Promise<unknown>;
  };
};

const kindOf = (userType: number): MemberKind =>
  isTrialType(userType) ? 'TRIAL' : isAgentType(userType) ? 'AGENT' : 'MEMBER';

const toNode = (row: TreeNodeRow): AgentTreeNode => ({
  id: row.id.toString(),
  username: row.username,
  kind: kindOf(row.userType),
  userType: row.userType,
  status: row.status,
  direct: row.direct,
  total: row.total,
  createdAt: (row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt)).toISOString(),
});

const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

const agentNotFound = () => new AppError('NOT_FOUND', 404, 'No such agent');

/**
 * The back office's agent screens (issue 18): the tree, moves (audited, in the transaction of the move), per-agent
 * limits (audited) and per-agent reports from the team rollups. Everything is scoped to the caller's merchant: a
 * member of another merchant is answered like one that does not exist.
 */
export const agentOpsServiceFactory = ({ db, now, members, team, limits }: AgentOpsDeps) => {
  /** The member as an agent of the caller's merchant, else 404. */
  const agentOf = async (caller: StaffCaller, agentId: bigint): Promise<TreeNodeRow> => {
    const node = await members.treeNode(caller.merchant.id, agentId);
    if (node === undefined || !isAgentType(node.userType)) throw agentNotFound();
    return node;
  };

  const figuresOf = (values: TeamFigureValues, scale: number): TeamFigures => ({
    activeMembers: values.activeMembers,
    newMembers: values.newMembers,
    firstDeposits: values.firstDeposits,
    deposits: formatMoney(values.depositMinor, scale),
    withdrawals: formatMoney(values.withdrawMinor, scale),
    validBet: formatMoney(values.validBetMinor, scale),
    profit: formatMoney(values.profitMinor, scale),
  });

  const today = async (merchantId: number): Promise<{ timezone: string; today: string }> => {
    const { rows } = await db.query<{ timezone: string; today: string }>(
      `SELECT timezone, to_char($2::timestamptz AT TIME ZONE timezone, 'YYYY-MM-DD') AS today
       FROM merchant_directory WHERE id = $1`,
      [merchantId, new Date(now()).toISOString()],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`merchant ${merchantId} not found`);
    return row;
  };

  return {
    tree: async (caller: StaffCaller, query: AgentTreeQuery): Promise<AgentTreePage> => {
      const merchantId = caller.merchant.id;
      const parentId = query.parentId === undefined ? null : BigInt(query.parentId);
      const parent = parentId === null ? null : await members.treeNode(merchantId, parentId);
      if (parent === undefined) throw new AppError('NOT_FOUND', 404, 'Member not found');
      const filter = { merchantId, parentId, usernameContains: query.username?.toLowerCase() };
      const [rows, total, path] = await Promise.all([
        members.treeLevel(filter, (query.pageNo - 1) * query.pageSize, query.pageSize),
        members.countTreeLevel(filter),
        parentId === null ? Promise.resolve([]) : members.treeUplines(merchantId, parentId),
      ]);
      return {
        parent: parent === null ? null : toNode(parent),
        path: [
          ...path.map((upline) => ({ id: upline.id.toString(), username: upline.username })),
          ...(parent === null ? [] : [{ id: parent.id.toString(), username: parent.username }]),
        ],
        list: rows.map(toNode),
        pageNo: query.pageNo,
        total,
        totalPages: totalPages(total, query.pageSize),
      };
    },

    move: async (caller: StaffCaller, memberId: bigint, request: MemberMoveRequest): Promise<MemberMoveResult> => {
      const parentId = request.parentId === null ? null : BigInt(request.parentId);
      return db.transaction(async (tx) => {
        const move = await members.moveMember(tx, caller.merchant.id, memberId, parentId, now());
        const crumb = (end: { id: bigint; username: string } | null) =>
          end === null ? null : { id: end.id.toString(), username: end.username };
        const result = {
          id: memberId.toString(),
          username: move.username,
          from: crumb(move.from),
          to: crumb(move.to),
          moved: move.moved,
        };
        await recordAudit(tx, caller, {
          action: 'member.move',
          targetType: 'member',
          targetId: memberId.toString(),
          before: { upline: result.from },
          after: { upline: result.to, moved: result.moved },
          reason: request.reason,
        });
        return result;
      });
    },

    limits: async (caller: StaffCaller, agentId: bigint): Promise<OpsAgentLimits> => {
      const agent = await agentOf(caller, agentId);
      const applied = await limits.limitsOf(caller.merchant.id, agentId);
      return { ...applied, created: agent.direct };
    },

    /**
     * Saves the agent's limits, then records the change. The limits are the agent centre's table, written on its own
     * connection, so the audit entry follows the write (a refused write records nothing).
     */
    setLimits: async (caller: StaffCaller, agentId: bigint, update: OpsAgentLimitsUpdate): Promise<OpsAgentLimits> => {
      const merchantId = caller.merchant.id;
      const agent = await agentOf(caller, agentId);
      const before = await limits.limitsOf(merchantId, agentId);
      await limits.setLimits(merchantId, agentId, update);
      const after = await limits.limitsOf(merchantId, agentId);
      await db.transaction((tx) =>
        recordAudit(tx, caller, {
          action: 'agent.limits',
          targetType: 'member',
          targetId: agentId.toString(),
          before,
          after,
        }),
      );
      return { ...after, created: agent.direct };
    },

    /** The merchant's rules for all its agents. */
    settings: (caller: StaffCaller): Promise<OpsAgentSettings> => limits.settings(caller.merchant.id),

    /** Saves the merchant's agent rules, then records the change (as setLimits does). */
    setSettings: async (caller: StaffCaller, update: OpsAgentSettings): Promise<OpsAgentSettings> => {
      const merchantId = caller.merchant.id;
      const before = await limits.settings(merchantId);
      await limits.setSettings(merchantId, update);
      const after = await limits.settings(merchantId);
      await db.transaction((tx) =>
        recordAudit(tx, caller, {
          action: 'agent.settings',
          targetType: 'merchant',
          targetId: String(merchantId),
          before,
          after,
        }),
      );
      return after;
    },

    report: async (caller: StaffCaller, agentId: bigint, query: OpsAgentReportQuery): Promise<OpsAgentReport> => {
      const { merchant } = caller;
      const agent = await agentOf(caller, agentId);
      const local = await today(merchant.id);
      if (query.period === 'CUSTOM' && (query.to ?? '') > local.today) {
        throw new AppError('PERIOD_INVALID', 400, 'A custom period cannot reach past today');
      }
      const days = resolvePeriod(query.period, local.today, { from: query.from, to: query.to });
      const filter = { merchantId: merchant.id, parentId: agentId };
      const [summary, size, rows, total] = await Promise.all([
        team.teamSummary(merchant.id, agentId, days.from, days.to),
        team.teamSize(merchant.id, agentId),
        members.treeLevel(filter, (query.pageNo - 1) * query.pageSize, query.pageSize),
        members.countTreeLevel(filter),
      ]);
      const figures = await team.downlineFigures(
        merchant.id,
        agentId,
        rows.map((row) => row.id),
        days.from,
        days.to,
      );
      const scale = merchant.currencyScale;
      const none: TeamFigureValues = {
        ...{ activeMembers: 0, newMembers: 0, firstDeposits: 0 },
        ...{ depositMinor: 0n, withdrawMinor: 0n, validBetMinor: 0n, profitMinor: 0n },
      };
      return {
        agent: { id: agent.id.toString(), username: agent.username, kind: kindOf(agent.userType) },
        period: { period: query.period, ...days },
        timeZone: local.timezone,
        teamSize: size,
        figures: figuresOf(summary, scale),
        downlines: {
          list: rows.map((row) => ({
            id: row.id.toString(),
            username: row.username,
            kind: kindOf(row.userType),
            teamSize: { direct: row.direct, total: row.total },
            figures: figuresOf(figures.get(row.id.toString()) ?? none, scale),
          })),
          pageNo: query.pageNo,
          total,
          totalPages: totalPages(total, query.pageSize),
        },
      };
    },
  };
};

export type AgentOpsService = ReturnType<typeof agentOpsServiceFactory>;
