import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOTTERY_OPS_API, type OpsLottery } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { route } from '../../../lib/route';
import { recordAudit } from '../../operations/audit';
import type { StaffAuth } from '../../operations/staff';
import type { LotteryAdminClient } from './lottery-admin.client';

/**
 * The lottery back office (issue 23, ADR 0048; games.manage): each call goes to the RGS's lottery admin API as the
 * staff member; each change the RGS made is written to the platform's audit log (before and after where known).
 */
export const lotteryOpsRoutes = async (
  app: FastifyInstance,
  { client, staff, db }: { client: LotteryAdminClient; staff: StaffAuth; db: Queryable },
) => {
  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'games.manage');
  const games = async (merchant: Parameters<LotteryAdminClient['call']>[0], who: string) =>
    (await client.call(merchant, who, 'lotteries')) as OpsLottery[];
  const gameOf = async (merchant: Parameters<LotteryAdminClient['call']>[0], who: string, code: string) =>
    (await games(merchant, who)).find((g) => g.gameCode === code);

  route(app, 'GET', LOTTERY_OPS_API.games, {
    guard,
    handler: async ({ caller }) => ({ list: await games(caller.merchant, caller.staff) }),
  });

  route(app, 'PUT', LOTTERY_OPS_API.suspension, {
    guard,
    what: { params: 'lottery', body: 'suspension' },
    handler: async ({ caller, params: { gameCode }, body }) => {
      const before = await gameOf(caller.merchant, caller.staff, gameCode);
      await client.call(caller.merchant, caller.staff, 'suspend', { gameCode, ...body });
      const after = (await gameOf(caller.merchant, caller.staff, gameCode))!;
      await recordAudit(db, caller, {
        action: body.suspended ? 'lottery.suspend' : 'lottery.resume',
        targetType: 'lottery',
        targetId: gameCode,
        before: before === undefined ? null : { suspended: before.suspended, reason: before.suspendReason },
        after: { suspended: after.suspended, reason: after.suspendReason },
        reason: body.reason ?? null,
      });
      return after;
    },
  });

  route(app, 'GET', LOTTERY_OPS_API.odds, {
    guard,
    what: { params: 'lottery' },
    handler: async ({ caller, params: { gameCode } }) =>
      (await client.call(caller.merchant, caller.staff, 'odds', { gameCode })) as never,
  });

  route(app, 'POST', LOTTERY_OPS_API.odds, {
    guard,
    what: { params: 'lottery', body: 'odds table' },
    handler: async ({ caller, params: { gameCode }, body }) => {
      const published = (await client.call(caller.merchant, caller.staff, 'odds/publish', { gameCode, ...body })) as {
        gameCode: string;
        version: number;
      };
      await recordAudit(db, caller, {
        action: 'lottery.odds.publish',
        targetType: 'lottery',
        targetId: gameCode,
        before: { version: body.basedOnVersion },
        after: { version: published.version, odds: body.odds },
        reason: body.note ?? null,
      });
      return published;
    },
  });

  route(app, 'PUT', LOTTERY_OPS_API.caps, {
    guard,
    what: { params: 'lottery', body: 'caps' },
    handler: async ({ caller, params: { gameCode }, body }) => {
      const before = await gameOf(caller.merchant, caller.staff, gameCode);
      const after = (await client.call(caller.merchant, caller.staff, 'caps', { gameCode, ...body })) as {
        gameCode: string;
        maxWinPerBet: string;
        maxWinPerIssue: string;
      };
      await recordAudit(db, caller, {
        action: 'lottery.caps',
        targetType: 'lottery',
        targetId: gameCode,
        before:
          before === undefined ? null : { maxWinPerBet: before.maxWinPerBet, maxWinPerIssue: before.maxWinPerIssue },
        after: { maxWinPerBet: after.maxWinPerBet, maxWinPerIssue: after.maxWinPerIssue },
      });
      return after;
    },
  });

  route(app, 'GET', LOTTERY_OPS_API.issues, {
    guard,
    what: { params: 'lottery' },
    handler: async ({ caller, params: { gameCode }, query }) =>
      (await client.call(caller.merchant, caller.staff, 'issues', { gameCode, pageNo: query.pageNo })) as never,
  });

  route(app, 'POST', LOTTERY_OPS_API.cancelIssue, {
    guard,
    what: { params: 'issue', body: 'cancellation' },
    handler: async ({ caller, params: { gameCode, issueNo }, body }) => {
      const answer = (await client.call(caller.merchant, caller.staff, 'issues/cancel', {
        gameCode,
        issueNo,
        reason: body.reason,
      })) as { gameCode: string; issueNo: string; cancelled: boolean; alreadyCancelled: boolean };
      if (answer.cancelled) {
        await recordAudit(db, caller, {
          action: 'lottery.issue.cancel',
          targetType: 'lottery-issue',
          targetId: `${gameCode}/${issueNo}`,
          after: { state: 'CANCELLED' },
          reason: body.reason,
        });
      }
      return answer;
    },
  });

  route(app, 'GET', LOTTERY_OPS_API.pnl, {
    guard,
    what: { params: 'lottery' },
    handler: async ({ caller, params: { gameCode }, query }) =>
      (await client.call(caller.merchant, caller.staff, 'pnl', { gameCode, pageNo: query.pageNo })) as never,
  });
};
