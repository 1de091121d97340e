import type { FastifyInstance, FastifyReply } from 'fastify';
import { AGENT_CONTRACT_API, contractTypeOfSlug } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { Session } from '../../identity/identity';
import type { ContractsService } from './contracts.service';
import { contractsRepository } from './contracts.repository';
import type { Database } from '../../../db/database';
import { toContract, toEvent } from './mapping';
import { contractNotFound } from './contracts.service';
import type { AgentCaller, MemberService } from './member.service';

/** Offers, answers and terminations per agent: they lock the merchant's contracts for a moment each. */
export const CONTRACT_CHANGE_RULE: RateRule = { name: 'agent-contract-change', limit: 30, periodMs: 60_000 };
/** The detail calls read the team's figures of the window in progress. */
export const CONTRACT_DETAIL_RULE: RateRule = { name: 'agent-contract-detail', limit: 120, periodMs: 60_000 };

export type AgentContractRoutesOptions = {
  db: Database;
  contracts: ContractsService;
  member: MemberService;
  auth: Auth;
  merchantOf: MerchantResolver;
  limiter: RateLimiter;
};

const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

/**
 * The agent centre's contract calls (issue 19). The caller comes from its session; a contract is reachable only by
 * its holder or its offerer (anything else is 404 CONTRACT_NOT_FOUND), a username only within the caller's subtree.
 */
export const agentContractRoutes = async (app: FastifyInstance, options: AgentContractRoutesOptions) => {
  const { db, contracts, member, auth, merchantOf, limiter } = options;
  const callerOf = async (session: Session, request: Parameters<MerchantResolver>[0]): Promise<AgentCaller> => {
    const merchant = await merchantOf(request);
    return {
      merchantId: session.merchantId,
      memberId: session.memberId,
      userType: session.type,
      scale: merchant.currencyScale,
    };
  };
  const limit = (rule: RateRule, session: Session) =>
    enforceLimits(limiter, session.merchantId, [[rule, session.memberId.toString()]]);

  route(app, 'GET', AGENT_CONTRACT_API.consolidated, {
    guard: auth.requireMember,
    handler: async ({ caller, request, reply }) => {
      noStore(reply);
      return member.consolidated(await callerOf(caller, request));
    },
  });

  route(app, 'POST', AGENT_CONTRACT_API.detail, {
    guard: auth.requireAgent,
    absentBody: {},
    handler: async ({ caller, params, body, request, reply }) => {
      noStore(reply);
      await limit(CONTRACT_DETAIL_RULE, caller);
      return member.details(await callerOf(caller, request), contractTypeOfSlug(params.type), body.username);
    },
  });

  route(app, 'GET', AGENT_CONTRACT_API.contracts, {
    guard: auth.requireAgent,
    what: { query: 'contract query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      const { scale } = await callerOf(caller, request);
      const mine = query.role === 'MINE';
      const { rows, count } = await contractsRepository.list(
        db,
        {
          merchantId: caller.merchantId,
          ...(mine ? { holderId: caller.memberId } : { offeredById: caller.memberId, holderName: query.username }),
          type: query.type,
          status: query.status,
        },
        (query.pageNo - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        list: rows.map((row) => toContract(row, scale)),
        pageNo: query.pageNo,
        totalPages: Math.ceil(count / query.pageSize),
      };
    },
  });

  route(app, 'POST', AGENT_CONTRACT_API.offers, {
    guard: auth.requireAgent,
    what: { body: 'offer' },
    handler: async ({ caller, body, request }) => {
      await limit(CONTRACT_CHANGE_RULE, caller);
      const merchant = await merchantOf(request);
      const row = await contracts.offer(merchant, { kind: 'agent', id: caller.memberId }, body);
      request.log.info({ agent: caller.memberId.toString(), contract: row.id.toString() }, 'contract offered');
      return toContract(row, merchant.currencyScale);
    },
  });

  route(app, 'GET', AGENT_CONTRACT_API.settlements, {
    guard: auth.requireAgent,
    what: { query: 'settlement query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      return member.settlements(await callerOf(caller, request), query);
    },
  });

  route(app, 'GET', AGENT_CONTRACT_API.revenue, {
    guard: auth.requireAgent,
    what: { query: 'revenue query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      return member.revenue(await callerOf(caller, request), query);
    },
  });

  route(app, 'GET', AGENT_CONTRACT_API.contract, {
    guard: auth.requireAgent,
    what: { params: 'contract id' },
    handler: async ({ caller, params, request, reply }) => {
      noStore(reply);
      const { scale } = await callerOf(caller, request);
      const row = await contractsRepository.byId(db, caller.merchantId, BigInt(params.id));
      if (row === undefined || (row.holderId !== caller.memberId && row.offeredById !== caller.memberId)) {
        throw contractNotFound();
      }
      const events = await contractsRepository.events(db, caller.merchantId, row.id);
      return { contract: toContract(row, scale), events: events.map(toEvent) };
    },
  });

  route(app, 'POST', AGENT_CONTRACT_API.accept, {
    guard: auth.requireAgent,
    absentBody: {},
    what: { params: 'contract id' },
    handler: async ({ caller, params, body, request }) => {
      await limit(CONTRACT_CHANGE_RULE, caller);
      const { scale } = await callerOf(caller, request);
      const result = await contracts.accept(caller.merchantId, caller.memberId, BigInt(params.id), body.note ?? null);
      return {
        contract: toContract(result.contract, scale),
        replaced: result.replaced?.toString() ?? null,
        ended: result.ended.map((c) => ({ id: c.id.toString(), holder: c.holder, type: c.type })),
      };
    },
  });

  route(app, 'POST', AGENT_CONTRACT_API.reject, {
    guard: auth.requireAgent,
    absentBody: {},
    what: { params: 'contract id' },
    handler: async ({ caller, params, body, request }) => {
      await limit(CONTRACT_CHANGE_RULE, caller);
      const { scale } = await callerOf(caller, request);
      const row = await contracts.reject(caller.merchantId, caller.memberId, BigInt(params.id), body.note ?? null);
      return toContract(row, scale);
    },
  });

  route(app, 'POST', AGENT_CONTRACT_API.terminate, {
    guard: auth.requireAgent,
    absentBody: {},
    what: { params: 'contract id' },
    handler: async ({ caller, params, body, request }) => {
      await limit(CONTRACT_CHANGE_RULE, caller);
      const { scale } = await callerOf(caller, request);
      const party = { kind: 'agent' as const, id: caller.memberId };
      const row = await contracts.terminate(caller.merchantId, party, BigInt(params.id), body.note ?? null);
      return toContract(row, scale);
    },
  });
};
