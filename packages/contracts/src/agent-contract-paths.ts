/**
 * Agent contracts' paths (issue 19). Agent side: every call answers for the caller and its own subtree only (another
 * agent's contract is 404 CONTRACT_NOT_FOUND, a username outside the subtree 404 DOWNLINE_NOT_FOUND).
 */
export const AGENT_CONTRACT_API = {
  /** GET (member): spec §3/§7 consolidated contract info and the session values enableSalary / enableContract. */
  consolidated: '/wps/agent/contracts/consolidated',
  /**
   * POST (agent): spec §7 "dividend, daily-salary, hourly-salary contract (POST), real-time salary contract (POST)":
   * `:type` is dividend | daily-salary | hourly-salary | realtime-salary; ContractDetailRequest → ContractDetails.
   */
  detail: '/wps/agent/contracts/detail/:type',
  /** GET (agent): the caller's contracts (MINE) or those it offered (OFFERED). */
  contracts: '/wps/agent/contracts',
  /** POST (agent): an offer to a direct downline agent (rate-limited). */
  offers: '/wps/agent/contracts/offers',
  /** GET (agent): one contract the caller holds or offered, with its events. */
  contract: '/wps/agent/contracts/:id',
  /** POST (agent, the holder): accept an offer; ends the downline contracts above it. */
  accept: '/wps/agent/contracts/:id/accept',
  /** POST (agent, the holder): reject an offer. */
  reject: '/wps/agent/contracts/:id/reject',
  /** POST (agent, either party): end an ACTIVE contract; the offerer's call on an OFFERED one withdraws it. */
  terminate: '/wps/agent/contracts/:id/terminate',
  /** GET (agent): the record pages, per window of one type. */
  settlements: '/wps/agent/contracts/settlements',
  /** GET (agent): agentRevenueReport, income per type over a period. */
  revenue: '/wps/agent/contracts/revenue',
} as const;

export const AGENT_CONTRACT_OPS_API = {
  /** GET (agents.view): every type's policy. */
  contractPolicy: '/wps/ops/contract-policy',
  /** PUT (agents.limits): one type's policy. */
  contractPolicyType: '/wps/ops/contract-policy/:type',
  /** GET (agents.view) list; POST (agents.limits) an offer to a top-level agent. */
  agentContracts: '/wps/ops/agent-contracts',
  /** GET (agents.view): one contract with its events. */
  agentContract: '/wps/ops/agent-contracts/:id',
  /** POST (agents.limits): terminate a contract or withdraw an offer. */
  agentContractTerminate: '/wps/ops/agent-contracts/:id/terminate',
  /** GET (agents.view): the settlement board. */
  agentSettlements: '/wps/ops/agent-settlements',
  /** POST (adjustment.approve): pay a failed window again (pays once). */
  agentSettlementRerun: '/wps/ops/agent-settlements/:id/rerun',
  /** POST (adjustment.approve): an adjustment of an agent's contract income through the ledger. */
  agentContractAdjustments: '/wps/ops/agent-contract-adjustments',
} as const;
