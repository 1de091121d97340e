import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { SealedService } from '../../identity/sealed';
import type { AccountsService } from './accounts.service';
import type { ReportsService } from './reports.service';
import type { TeamService } from './team.service';

export type AgentCentreRoutesOptions = {
  team: TeamService;
  reports: ReportsService;
  accounts: AccountsService;
  auth: Auth;
  merchantOf: MerchantResolver;
  sealed: Pick<SealedService, 'open'>;
};

/**
 * The agent centre (issue 18): every call takes the agent from its session and answers for its own subtree only;
 * the member's personalProfit takes the member from its session. Figures are never cached by the browser.
 */
export const agentCentreRoutes = async (app: FastifyInstance, options: AgentCentreRoutesOptions) => {
  const { team, reports, accounts, auth, merchantOf, sealed } = options;
  const noStore = (reply: { header: (name: string, value: string) => unknown }) => {
    reply.header('cache-control', 'no-store');
  };

  route(app, 'GET', API.agent.overview, {
    guard: auth.requireAgent,
    what: { query: 'team query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      return team.overview(await merchantOf(request), caller, query);
    },
  });

  route(app, 'GET', API.agent.downlines, {
    guard: auth.requireAgent,
    what: { query: 'team query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      return team.downlines(await merchantOf(request), caller, query);
    },
  });

  route(app, 'POST', API.agent.downlines, {
    guard: auth.requireAgent,
    handler: async ({ caller, request, descriptor }) => {
      const body = await sealed.open(caller.merchantId, request.body, descriptor.body, 'account');
      const created = await accounts.create(caller, body);
      request.log.info({ agent: caller.memberId.toString(), type: created.type }, 'downline account created');
      return created;
    },
  });

  route(app, 'PUT', API.agent.downlineRemark, {
    guard: auth.requireAgent,
    handler: async ({ caller, params, body }) => accounts.remark(caller, params.username, body.remark),
  });

  route(app, 'PUT', API.agent.downlineLock, {
    guard: auth.requireAgent,
    handler: async ({ caller, params, body, request }) => {
      const state = await accounts.lock(caller, params.username, body.locked);
      request.log.info({ agent: caller.memberId.toString(), status: state.status }, 'downline status changed');
      return state;
    },
  });

  route(app, 'GET', API.agent.limits, {
    guard: auth.requireAgent,
    handler: async ({ caller }) => accounts.limits(caller),
  });

  route(app, 'GET', API.agent.links, {
    guard: auth.requireAgent,
    handler: async ({ caller, reply }) => {
      noStore(reply);
      return accounts.links(caller);
    },
  });

  route(app, 'POST', API.agent.links, {
    guard: auth.requireAgent,
    handler: async ({ caller, body }) => accounts.createLink(caller, body.type),
  });

  route(app, 'DELETE', API.agent.link, {
    guard: auth.requireAgent,
    what: { params: 'link id' },
    handler: async ({ caller, params }) => accounts.disableLink(caller, BigInt(params.id)),
  });

  route(app, 'GET', API.agent.teamBets, {
    guard: auth.requireAgent,
    what: { query: 'team betting query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      return reports.teamBets(await merchantOf(request), caller, query);
    },
  });

  route(app, 'GET', API.agent.teamProfit, {
    guard: auth.requireAgent,
    what: { query: 'profit and loss query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      return reports.teamProfit(await merchantOf(request), caller, query);
    },
  });

  route(app, 'GET', API.agent.teamTransactions, {
    guard: auth.requireAgent,
    what: { query: 'team transactions query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      return reports.teamTransactions(await merchantOf(request), caller, query);
    },
  });

  route(app, 'GET', API.member.profit, {
    guard: auth.requireMember,
    what: { query: 'profit and loss query' },
    handler: async ({ caller, query, request, reply }) => {
      noStore(reply);
      return reports.personalProfit(await merchantOf(request), caller, query);
    },
  });
};
