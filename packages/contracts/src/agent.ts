import { z } from 'zod';
import { pagingFields, periodFields, refinePeriod, ResolvedPeriodSchema } from './agent-period';
import { GAME_TYPES } from './catalogue-constants';

/**
 * The agent centre (issue 18; spec §2 /agentHome page keys, §6 agents) and the member's personalProfit. Every agent
 * call answers for the caller's own subtree only (DESIGN §12): a username outside it is 404 DOWNLINE_NOT_FOUND, as if
 * it did not exist. Amounts are decimal strings in the merchant's currency; `profit` is the members' profit and loss
 * (payout − stake: negative when the members lost).
 */

const UsernameTextSchema = z.string().trim().min(1).max(64);
const optionalUsername = z.preprocess((value) => (value === '' ? undefined : value), UsernameTextSchema.optional());

export const DOWNLINE_TYPES = ['MEMBER', 'AGENT'] as const;
export const DownlineTypeSchema = z.enum(DOWNLINE_TYPES);
export type DownlineType = z.infer<typeof DownlineTypeSchema>;

/** CLOSED accounts (closed by staff) cannot be locked or unlocked by an agent. */
export const DownlineStatusSchema = z.enum(['ACTIVE', 'LOCKED', 'CLOSED']);
export type DownlineStatus = z.infer<typeof DownlineStatusSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// agentTeamOverview

/** A team's figures over some business days: the caller and its whole subtree (the team rollups' definition). */
export const TeamFiguresSchema = z.object({
  /** Members of the team who played at least one counting round. */
  activeMembers: z.number().int(),
  /** Members who joined the team (were created or registered) on these days. */
  newMembers: z.number().int(),
  /** Members whose first deposit ever fell on these days. */
  firstDeposits: z.number().int(),
  deposits: z.string(),
  withdrawals: z.string(),
  validBet: z.string(),
  profit: z.string(),
});
export type TeamFigures = z.infer<typeof TeamFiguresSchema>;

export const TeamSizeSchema = z.object({
  /** The caller's direct downline. */
  direct: z.number().int(),
  /** The whole subtree at any depth. */
  total: z.number().int(),
});
export type TeamSize = z.infer<typeof TeamSizeSchema>;

export const TeamDaySchema = TeamFiguresSchema.extend({ day: z.string() });
export type TeamDay = z.infer<typeof TeamDaySchema>;

export const TEAM_SERIES_DAYS = 30;

/** GET API.agent.overview: the four fixed periods, and the figures of the period the agent picks (default today). */
export const TeamOverviewQuerySchema = z.object({ ...periodFields }).superRefine(refinePeriod);
export type TeamOverviewQuery = z.input<typeof TeamOverviewQuerySchema>;

/** GET API.agent.overview. */
export const TeamOverviewSchema = z.object({
  /** Today's business day in the merchant's time zone. */
  today: z.string(),
  timeZone: z.string(),
  teamSize: TeamSizeSchema,
  periods: z.object({
    today: TeamFiguresSchema,
    yesterday: TeamFiguresSchema,
    thisWeek: TeamFiguresSchema,
    thisMonth: TeamFiguresSchema,
  }),
  /** The last TEAM_SERIES_DAYS business days, oldest first, today last; days without activity carry zeros. */
  series: z.array(TeamDaySchema),
  /** The period the query asked for (its business days) and the team's figures over it. */
  selected: z.object({ period: ResolvedPeriodSchema, figures: TeamFiguresSchema }),
});
export type TeamOverview = z.infer<typeof TeamOverviewSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// downlineManagmentView

/**
 * GET API.agent.downlines. Without `username`: the direct downline of `parent` (the caller when absent). With it:
 * everyone under `parent` at any depth whose username contains it. `parent` must be in the caller's subtree.
 */
export const DownlineListQuerySchema = z
  .object({
    ...periodFields,
    ...pagingFields,
    username: optionalUsername,
    parent: optionalUsername,
  })
  .superRefine(refinePeriod);
export type DownlineListQuery = z.input<typeof DownlineListQuerySchema>;

/** A downline's figures over the period: its own and its team's below it together. */
export const DownlineFiguresSchema = z.object({
  deposits: z.string(),
  withdrawals: z.string(),
  validBet: z.string(),
  profit: z.string(),
});
export type DownlineFigures = z.infer<typeof DownlineFiguresSchema>;

export const DownlineRowSchema = z.object({
  username: z.string(),
  nickname: z.string().nullable(),
  type: DownlineTypeSchema,
  /** Depth under the caller: 1 is the caller's direct downline. */
  level: z.number().int(),
  /** How many direct downlines this one has. */
  directCount: z.number().int(),
  /** Main wallet cash. */
  balance: z.string(),
  /** ISO 8601; null: never logged in. */
  lastLogin: z.string().nullable(),
  /** ISO 8601. */
  joinedAt: z.string(),
  status: DownlineStatusSchema,
  remark: z.string().nullable(),
  figures: DownlineFiguresSchema,
});
export type DownlineRow = z.infer<typeof DownlineRowSchema>;

export const BreadcrumbEntrySchema = z.object({ username: z.string(), level: z.number().int() });

export const DownlinePageSchema = z.object({
  period: ResolvedPeriodSchema,
  /** From the caller (level 0) down to `parent`; one entry (the caller) at the top. */
  breadcrumb: z.array(BreadcrumbEntrySchema),
  list: z.array(DownlineRowSchema),
  /** Over every row the filters select, not only this page. */
  totals: DownlineFiguresSchema.extend({ count: z.number().int(), balance: z.string() }),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  /** Whether the merchant lets agents lock and unlock their downline (the page shows the action only then). */
  canLock: z.boolean(),
});
export type DownlinePage = z.infer<typeof DownlinePageSchema>;

export const DownlineParamsSchema = z.object({ username: UsernameTextSchema });

export const REMARK_MAX = 200;
/** PUT API.agent.downlineRemark: empty clears it. */
export const RemarkRequestSchema = z.object({ remark: z.string().trim().max(REMARK_MAX) });
export type RemarkRequest = z.infer<typeof RemarkRequestSchema>;

/** PUT API.agent.downlineLock: 403 LOCK_NOT_ALLOWED unless the merchant allows agents to lock. */
export const LockRequestSchema = z.object({ locked: z.boolean() });
export type LockRequest = z.infer<typeof LockRequestSchema>;

export const DownlineStateSchema = z.object({
  username: z.string(),
  status: DownlineStatusSchema,
  remark: z.string().nullable(),
});
export type DownlineState = z.infer<typeof DownlineStateSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// registerCenter

/**
 * POST API.agent.downlines (E: sealed, carries the password): a new account directly under the caller. The username
 * and password follow the merchant's registration rules. 403 AGENT_LIMIT (value: AgentLimits) when the caller may not
 * create an agent or has used up its accounts; 409 USERNAME_TAKEN.
 */
export const CreateDownlineRequestSchema = z.object({
  username: UsernameTextSchema,
  password: z.string().trim().min(1).max(128),
  type: DownlineTypeSchema,
});
export type CreateDownlineRequest = z.infer<typeof CreateDownlineRequestSchema>;

export const CreatedDownlineSchema = z.object({ username: z.string(), type: DownlineTypeSchema });
export type CreatedDownline = z.infer<typeof CreatedDownlineSchema>;

/** GET API.agent.limits: what the caller may create (set per agent in the back office, else the merchant default). */
export const AgentLimitsSchema = z.object({
  mayCreateAgents: z.boolean(),
  /** Accounts the caller may create in all (by hand and through its links); null: no limit. */
  maxAccounts: z.number().int().nullable(),
  /** Accounts it has created so far (direct downline). */
  created: z.number().int(),
});
export type AgentLimits = z.infer<typeof AgentLimitsSchema>;

export const InviteLinkSchema = z.object({
  id: z.string(),
  /** The code the registration form carries as affiliateCode. */
  code: z.string(),
  type: DownlineTypeSchema,
  /** ISO 8601. */
  createdAt: z.string(),
  disabled: z.boolean(),
  registrations: z.number().int(),
});
export type InviteLink = z.infer<typeof InviteLinkSchema>;

/** GET API.agent.links: the caller's links, newest first. */
export const InviteLinkListSchema = z.object({ list: z.array(InviteLinkSchema) });
export type InviteLinkList = z.infer<typeof InviteLinkListSchema>;

/** POST API.agent.links: an AGENT link needs the right to create agents (403 AGENT_LIMIT). */
export const CreateInviteLinkRequestSchema = z.object({ type: DownlineTypeSchema });
export type CreateInviteLinkRequest = z.infer<typeof CreateInviteLinkRequestSchema>;

export const InviteLinkParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,18}$/, 'must be an id') });

// ---------------------------------------------------------------------------------------------------------------------
// personalHistoryCopy (team betting)

const optionalGameType = z.preprocess((value) => (value === '' ? undefined : value), z.enum(GAME_TYPES).optional());

/** GET API.agent.teamBets: settled real-money rounds of the caller's downline at any depth (not the caller's own). */
export const TeamBetsQuerySchema = z
  .object({ ...periodFields, ...pagingFields, username: optionalUsername, gameType: optionalGameType })
  .superRefine(refinePeriod);
export type TeamBetsQuery = z.input<typeof TeamBetsQuerySchema>;

export const TeamBetSchema = z.object({
  username: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  roundId: z.string(),
  /** ISO 8601. */
  settledAt: z.string(),
  bet: z.string(),
  validBet: z.string(),
  payout: z.string(),
  profit: z.string(),
});
export type TeamBet = z.infer<typeof TeamBetSchema>;

/**
 * Play figures: `bet` is what was staked (a round's bets, rolled-back ones excluded in the rollups), `validBet` the
 * stake that counts (DESIGN §11), `payout` what was won, `profit` the member's payout − stake (negative: it lost).
 */
export const PlayTotalsSchema = z.object({
  rounds: z.number().int(),
  bet: z.string(),
  validBet: z.string(),
  payout: z.string(),
  profit: z.string(),
});
export type PlayTotals = z.infer<typeof PlayTotalsSchema>;

export const TeamBetPageSchema = z.object({
  period: ResolvedPeriodSchema,
  list: z.array(TeamBetSchema),
  totals: PlayTotalsSchema,
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type TeamBetPage = z.infer<typeof TeamBetPageSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// palStatementsAgentCopy (profit and loss per downline)

/** GET API.agent.teamProfit: each downline (any depth) who played in the period, with its own figures. */
export const TeamProfitQuerySchema = z
  .object({ ...periodFields, ...pagingFields, username: optionalUsername })
  .superRefine(refinePeriod);
export type TeamProfitQuery = z.input<typeof TeamProfitQuerySchema>;

export const TeamProfitRowSchema = PlayTotalsSchema.extend({
  username: z.string(),
  type: DownlineTypeSchema,
  level: z.number().int(),
});
export type TeamProfitRow = z.infer<typeof TeamProfitRowSchema>;

export const TeamProfitPageSchema = z.object({
  period: ResolvedPeriodSchema,
  list: z.array(TeamProfitRowSchema),
  totals: PlayTotalsSchema,
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type TeamProfitPage = z.infer<typeof TeamProfitPageSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// agentDownlineTransactionDetailsCopy (team transactions)

export const TEAM_TRANSACTION_TYPES = ['ALL', 'DEPOSIT', 'WITHDRAW', 'TRANSFER', 'BONUS'] as const;
export const TeamTransactionTypeSchema = z.enum(TEAM_TRANSACTION_TYPES);
export type TeamTransactionType = z.infer<typeof TeamTransactionTypeSchema>;

/** GET API.agent.teamTransactions: the team's money movements from the ledger (not the caller's own). */
export const TeamTransactionsQuerySchema = z
  .object({
    ...periodFields,
    ...pagingFields,
    type: TeamTransactionTypeSchema.default('ALL'),
    username: optionalUsername,
  })
  .superRefine(refinePeriod);
export type TeamTransactionsQuery = z.input<typeof TeamTransactionsQuerySchema>;

export const TeamTransactionSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** ISO 8601. */
  time: z.string(),
  type: TeamTransactionTypeSchema.exclude(['ALL']),
  /** The ledger code (DEPOSIT, WITHDRAW, TRANSFER_DOWNLINE, ...): the UI translates it. */
  code: z.string(),
  /** Signed from the member's side: "+100.00" credited, "-25.00" debited. */
  amount: z.string(),
  balanceAfter: z.string(),
});
export type TeamTransaction = z.infer<typeof TeamTransactionSchema>;

export const TeamTransactionTotalsSchema = z.object({
  count: z.number().int(),
  deposits: z.string(),
  withdrawals: z.string(),
  /** Net transfers into the team's members (signed). */
  transfers: z.string(),
  bonuses: z.string(),
});
export type TeamTransactionTotals = z.infer<typeof TeamTransactionTotalsSchema>;

export const TeamTransactionPageSchema = z.object({
  period: ResolvedPeriodSchema,
  list: z.array(TeamTransactionSchema),
  totals: TeamTransactionTotalsSchema,
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type TeamTransactionPage = z.infer<typeof TeamTransactionPageSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// personalProfit (member centre; real accounts only, trial refused)

export const PersonalProfitQuerySchema = z.object({ ...periodFields }).superRefine(refinePeriod);
export type PersonalProfitQuery = z.input<typeof PersonalProfitQuerySchema>;

export const GameTypeProfitSchema = PlayTotalsSchema.extend({ gameType: z.string() });
export type GameTypeProfit = z.infer<typeof GameTypeProfitSchema>;

export const PersonalProfitSchema = z.object({
  period: ResolvedPeriodSchema,
  /** One row per game type played in the period. */
  list: z.array(GameTypeProfitSchema),
  totals: PlayTotalsSchema,
});
export type PersonalProfit = z.infer<typeof PersonalProfitSchema>;
