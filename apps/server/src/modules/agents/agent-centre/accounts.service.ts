import { randomInt } from 'node:crypto';
import {
  isAgentType,
  USER_TYPE,
  type CreateDownlineRequest,
  type CreatedDownline,
  type DownlineState,
  type DownlineType,
  type InviteLink,
  type InviteLinkList,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Session } from '../../identity/identity';
import { agentCentreRepository, type AgentCentreRepository, type LinkRow } from './agent-centre.repository';
import { agentLimitsFactory, type AgentLimitsService } from './limits';
import type { DownlineAccountCreator, MemberStatusActions } from './ports';
import { downlineNotFound } from './team.service';
import { teamRepository, type TeamRepository } from './team.repository';

type Caller = Pick<Session, 'merchantId' | 'memberId'>;

const LINK_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LINK_CODE_LENGTH = 10;
const newLinkCode = (): string =>
  Array.from({ length: LINK_CODE_LENGTH }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join('');

const userTypeOf = (type: DownlineType): number => (type === 'AGENT' ? USER_TYPE.AGENT_1 : USER_TYPE.MEMBER);
const typeOf = (userType: number): DownlineType => (isAgentType(userType) ? 'AGENT' : 'MEMBER');

const linkOf = (row: LinkRow): InviteLink => ({
  id: row.id.toString(),
  code: row.code,
  type: typeOf(row.userType),
  createdAt: row.createdAt.toISOString(),
  disabled: row.disabledAt !== null,
  registrations: row.registrations,
});

export type AccountsServiceDeps = {
  db: Database;
  own: AgentCentreRepository;
  team: Pick<TeamRepository, 'inSubtree'>;
  limits: Pick<AgentLimitsService, 'withUse' | 'requireRoom'>;
  accounts: DownlineAccountCreator;
  statuses: MemberStatusActions;
  now: Clock;
};

/** registerCenter (accounts, links, limits) and the downline's remark and lock. */
export const accountsServiceFactory = ({ db, own, team, limits, accounts, statuses, now }: AccountsServiceDeps) => {
  const downline = async (caller: Caller, username: string) => {
    const member = await team.inSubtree(caller.merchantId, caller.memberId, username, 1);
    if (member === undefined) throw downlineNotFound();
    return member;
  };

  const stateOf = async (caller: Caller, member: { id: bigint; username: string }, status: string) => ({
    username: member.username,
    status: status as DownlineState['status'],
    remark: await own.remark(caller.merchantId, caller.memberId, member.id),
  });

  return {
    limits: (caller: Caller) => limits.withUse(caller.merchantId, caller.memberId),

    create: async (caller: Caller, body: CreateDownlineRequest): Promise<CreatedDownline> => {
      // A quick refusal before the password is hashed, then again under the agent's lock, in the insert's transaction.
      await limits.requireRoom(caller.merchantId, caller.memberId, body.type, true);
      await accounts.create(caller.merchantId, { ...body, parentId: caller.memberId }, async (tx) => {
        await tx.query(
          "SELECT pg_advisory_xact_lock(hashtextextended('agent-accounts:' || $1::text || ':' || $2::text, 0))",
          [caller.merchantId, caller.memberId],
        );
        const locked = agentCentreRepository(tx);
        await agentLimitsFactory(locked, teamRepository(tx)).requireRoom(
          caller.merchantId,
          caller.memberId,
          body.type,
          true,
        );
      });
      return { username: body.username, type: body.type };
    },

    links: async (caller: Caller): Promise<InviteLinkList> => ({
      list: (await own.links(caller.merchantId, caller.memberId)).map(linkOf),
    }),

    createLink: async (caller: Caller, type: DownlineType): Promise<InviteLink> => {
      await limits.requireRoom(caller.merchantId, caller.memberId, type, false);
      for (let attempt = 0; attempt < 5; attempt++) {
        const id = await own.insertLink(caller.merchantId, caller.memberId, newLinkCode(), userTypeOf(type), now());
        const row = id === undefined ? undefined : await own.ownLink(caller.merchantId, caller.memberId, id);
        if (row !== undefined) return linkOf(row);
      }
      throw new Error('no free invitation code after 5 attempts');
    },

    disableLink: async (caller: Caller, id: bigint): Promise<InviteLink> => {
      const disabled = await own.disableLink(caller.merchantId, caller.memberId, id, now());
      const row = disabled ? await own.ownLink(caller.merchantId, caller.memberId, id) : undefined;
      if (row === undefined) throw new AppError('LINK_NOT_FOUND', 404, 'There is no such invitation link of yours');
      return linkOf(row);
    },

    remark: async (caller: Caller, username: string, remark: string): Promise<DownlineState> => {
      const member = await downline(caller, username);
      await own.setRemark(caller.merchantId, caller.memberId, member.id, remark, now());
      return stateOf(caller, member, member.status);
    },

    lock: async (caller: Caller, username: string, locked: boolean): Promise<DownlineState> => {
      const member = await downline(caller, username);
      if (!(await own.settings(caller.merchantId)).agentsMayLock) {
        throw new AppError('LOCK_NOT_ALLOWED', 403, 'Agents may not lock accounts on this site');
      }
      const status = await db.transaction(async (tx) => {
        const current = await statuses.lockStatus(tx, caller.merchantId, member.id);
        if (current === undefined || current.status === 'CLOSED') {
          throw new AppError('MEMBER_STATE_INVALID', 409, 'A closed account cannot be locked or unlocked');
        }
        const next = locked ? 'LOCKED' : 'ACTIVE';
        if (current.status !== next) {
          await statuses.setStatus(tx, caller.merchantId, member.id, next, now());
          if (locked) await statuses.revokeSessions(tx, caller.merchantId, member.id);
        }
        return next;
      });
      return stateOf(caller, member, status);
    },
  };
};

export type AccountsService = ReturnType<typeof accountsServiceFactory>;
