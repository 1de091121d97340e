import type { PlayContribution } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

/**
 * What the agent centre needs of other modules, as platform-modules.ts hands it over (their index.ts functions):
 * the team rollups (agents/agent-team), play statistics (games/play-stats) and identity's account actions.
 */

/** The fields of agent-team's TeamFigures the pages show. */
export type TeamFigureValues = {
  activeMembers: number;
  newMembers: number;
  firstDeposits: number;
  depositMinor: bigint;
  withdrawMinor: bigint;
  validBetMinor: bigint;
  profitMinor: bigint;
};

export type TeamStats = {
  teamSummary: (merchantId: number, agentId: bigint, fromDay: string, toDay: string) => Promise<TeamFigureValues>;
  teamByDay: (
    merchantId: number,
    agentId: bigint,
    fromDay: string,
    toDay: string,
  ) => Promise<(TeamFigureValues & { day: string })[]>;
  downlineFigures: (
    merchantId: number,
    agentId: bigint,
    memberIds: bigint[],
    fromDay: string,
    toDay: string,
  ) => Promise<Map<string, TeamFigureValues>>;
  teamSize: (merchantId: number, agentId: bigint) => Promise<{ direct: number; total: number }>;
};

export type PlayStats = {
  /** A member's profit and loss by game type with totals (play-stats memberProfit). */
  memberProfit: (
    merchantId: number,
    memberId: bigint,
    fromDay: string,
    toDay: string,
  ) => Promise<{ byGameType: (PlayContribution & { gameType: string })[]; total: PlayContribution }>;
  /** Each member's own figures, keyed by the member id's decimal string (absent: no play). */
  memberFigures: (
    merchantId: number,
    memberIds: bigint[],
    fromDay: string,
    toDay: string,
  ) => Promise<Map<string, PlayContribution>>;
};

export type MemberStatusActions = {
  /** The member's status, its row locked until `tx` ends. */
  lockStatus: (tx: Queryable, merchantId: number, memberId: bigint) => Promise<{ status: string } | undefined>;
  setStatus: (
    tx: Queryable,
    merchantId: number,
    memberId: bigint,
    status: 'ACTIVE' | 'LOCKED',
    nowMs: number,
  ) => Promise<unknown>;
  /** Ends the member's sessions (a lock logs it out everywhere). */
  revokeSessions: (tx: Queryable, merchantId: number, memberId: bigint) => Promise<number>;
};

export type DownlineAccountCreator = {
  create: (
    merchantId: number,
    account: { parentId: bigint; username: string; password: string; type: 'MEMBER' | 'AGENT' },
    /** Runs in the account's transaction before the insert. */
    admit?: (tx: Queryable) => Promise<void>,
  ) => Promise<bigint>;
};
