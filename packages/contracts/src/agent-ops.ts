import { z } from 'zod';
import { TeamFiguresSchema, TeamSizeSchema } from './agent';
import { pagingFields, periodFields, refinePeriod, ResolvedPeriodSchema } from './agent-period';
import { MemberIdSchema, MemberKindSchema, MemberStatusSchema } from './member-ops';

/**
 * The back office's agent screens (issue 18; DESIGN §12): the agent tree with each node's team size, moving a member
 * and its subtree under another agent or to the top (a reason is required; audited; figures already rolled up stay
 * with the uplines of the day they happened, so a move changes future figures only), the limits on the accounts an
 * agent may create, and an agent's team report over a period with its direct downline's figures.
 */

const optionalId = z.preprocess((value) => (value === '' ? undefined : value), MemberIdSchema.optional());

/** GET OPS_API.agentTree: no parentId: the top-level agents (no upline); a parentId: that member's direct downline. */
export const AgentTreeQuerySchema = z.object({
  parentId: optionalId,
  /** Narrows the listed level to usernames containing this text (case-insensitive). */
  username: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).max(64).optional()),
  ...pagingFields,
});
export type AgentTreeQuery = z.infer<typeof AgentTreeQuerySchema>;

/** One member of the tree with the size of its team (members below it). */
export const AgentTreeNodeSchema = z.object({
  id: z.string(),
  username: z.string(),
  kind: MemberKindSchema,
  userType: z.number().int(),
  status: MemberStatusSchema,
  /** Members directly below it, and below it at any depth. */
  direct: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
});
export type AgentTreeNode = z.infer<typeof AgentTreeNodeSchema>;

export const AgentTreeCrumbSchema = z.object({ id: z.string(), username: z.string() });

export const AgentTreePageSchema = z.object({
  /** The node whose downline is listed (null: the top level), and its uplines from the top down to it. */
  parent: AgentTreeNodeSchema.nullable(),
  path: z.array(AgentTreeCrumbSchema),
  list: z.array(AgentTreeNodeSchema),
  pageNo: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AgentTreePage = z.infer<typeof AgentTreePageSchema>;

export const MOVE_REASON_MAX = 500;

/** POST OPS_API.memberUpline: parentId null moves the member to the top. */
export const MemberMoveRequestSchema = z
  .object({
    parentId: MemberIdSchema.nullable(),
    reason: z.string().trim().min(1, 'a reason is required').max(MOVE_REASON_MAX),
  })
  .strict();
export type MemberMoveRequest = z.infer<typeof MemberMoveRequestSchema>;

export const MemberMoveResultSchema = z.object({
  id: z.string(),
  username: z.string(),
  from: AgentTreeCrumbSchema.nullable(),
  to: AgentTreeCrumbSchema.nullable(),
  /** The member and its descendants, all moved with it. */
  moved: z.number().int(),
});
export type MemberMoveResult = z.infer<typeof MemberMoveResultSchema>;

/** GET OPS_API.agentLimits: the limits that apply (the agent's own, else the merchant's defaults). */
export const OpsAgentLimitsSchema = z.object({
  mayCreateAgents: z.boolean(),
  /** null: no limit. */
  maxAccounts: z.number().int().nullable(),
  /** Accounts in its direct downline now, however they were made. */
  created: z.number().int(),
});
export type OpsAgentLimits = z.infer<typeof OpsAgentLimitsSchema>;

export const AGENT_MAX_ACCOUNTS_LIMIT = 1_000_000;

/**
 * GET and PUT OPS_API.agentSettings: the merchant's rules for all its agents: whether agents may lock and unlock
 * members of their downline (spec §2 downlineManagmentView "where the merchant allows"), and the limits an agent
 * without limits of its own gets (maxAccounts null: no limit).
 */
export const OpsAgentSettingsSchema = z
  .object({
    agentsMayLock: z.boolean(),
    defaultMayCreateAgents: z.boolean(),
    defaultMaxAccounts: z.number().int().min(0).max(AGENT_MAX_ACCOUNTS_LIMIT).nullable(),
  })
  .strict();
export type OpsAgentSettings = z.infer<typeof OpsAgentSettingsSchema>;

/** PUT OPS_API.agentLimits: maxAccounts null is no limit. */
export const OpsAgentLimitsUpdateSchema = z
  .object({
    mayCreateAgents: z.boolean(),
    maxAccounts: z.number().int().min(0).max(AGENT_MAX_ACCOUNTS_LIMIT).nullable(),
  })
  .strict();
export type OpsAgentLimitsUpdate = z.infer<typeof OpsAgentLimitsUpdateSchema>;

/** GET OPS_API.agentReport: a period (today by default; custom up to three months) and a page of direct downline. */
export const OpsAgentReportQuerySchema = z.object({ ...periodFields, ...pagingFields }).superRefine(refinePeriod);
export type OpsAgentReportQuery = z.infer<typeof OpsAgentReportQuerySchema>;

export const OpsAgentReportRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  kind: MemberKindSchema,
  /** Its own team: the member and everyone below it. */
  teamSize: TeamSizeSchema,
  figures: TeamFiguresSchema,
});
export type OpsAgentReportRow = z.infer<typeof OpsAgentReportRowSchema>;

export const OpsAgentReportSchema = z.object({
  agent: z.object({ id: z.string(), username: z.string(), kind: MemberKindSchema }),
  period: ResolvedPeriodSchema,
  timeZone: z.string(),
  teamSize: TeamSizeSchema,
  /** The whole team (the agent and every descendant). */
  figures: TeamFiguresSchema,
  downlines: z.object({
    list: z.array(OpsAgentReportRowSchema),
    pageNo: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type OpsAgentReport = z.infer<typeof OpsAgentReportSchema>;
