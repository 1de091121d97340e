import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import type { RateLimiter } from '../../platform/rate-limit';
import { agentContractOpsRoutes } from './agent-contract-ops.routes';
import { agentContractJobs } from './agent-contract.jobs';
import { agentContractRoutes } from './agent-contract.routes';
import { contractsServiceFactory, type ContractOffered } from './contracts.service';
import { memberServiceFactory } from './member.service';
import { opsServiceFactory, type AdjustPort } from './ops.service';
import { settlementServiceFactory, type SettlementFaults, type SettlementPorts } from './settlement.service';

export { paymentKey } from './settlement.service';
export { contractPayments, PAYMENT_SOURCE } from './payments';
export type { Payment, PaymentOutcome, SettlementFaults, SettlementPorts } from './settlement.service';
export type { AdjustPort } from './ops.service';

export type AgentContractDeps = {
  db: Database;
  now: Clock;
  /** Told after an offer is committed (the platform sends the agent a system message). */
  onOffered?: (offer: ContractOffered) => void;
  /** agent-team's teamsPlay, and payments from the merchant's COMMISSIONS account (wallet and ledger). */
  ports: SettlementPorts;
  adjust: AdjustPort;
  /** Test seams only. */
  faults?: SettlementFaults;
};

/**
 * Agent contracts (issue 19; DESIGN.md §12, ADR 0030): the merchant's policy per type, contracts offered down the
 * tree and their transitions with the spec §4 cascade, and settlement per (agent, type, window) by jobs, each agent
 * paid its differential from the merchant's COMMISSIONS account. Team figures come from agents/agent-team (day
 * windows) and from its own 5-minute slots of play statistics' journal (hourly and real-time windows); the tree from
 * identity's agent_tree.
 */
export type { ContractOffered } from './contracts.service';

export const createAgentContractModule = (deps: AgentContractDeps) => {
  const { db, now } = deps;
  const contracts = contractsServiceFactory({ db, now, onOffered: deps.onOffered });
  const settlement = settlementServiceFactory({ db, ports: deps.ports, faults: deps.faults });
  const member = memberServiceFactory({ db, now, ports: deps.ports });
  const ops = opsServiceFactory({ db, now, contracts, member, settlement, adjust: deps.adjust });
  return {
    routes:
      (options: { auth: Auth; merchantOf: MerchantResolver; limiter: RateLimiter }) => async (app: FastifyInstance) => {
        await app.register(agentContractRoutes, { db, contracts, member, ...options });
      },
    opsRoutes: (options: { staff: StaffAuth }) => async (app: FastifyInstance) => {
      await app.register(agentContractOpsRoutes, { service: ops, ...options });
    },
    jobs: agentContractJobs(settlement),
    /** Counting and paying windows (the jobs call `run`; tests and benchmarks call it with their own clock). */
    settlement,
    /** Offers, answers and terminations (the demo seed uses them as agents would). */
    contracts,
  };
};

export type AgentContractModule = ReturnType<typeof createAgentContractModule>;
