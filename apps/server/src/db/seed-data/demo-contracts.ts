import type { ContractType } from '@platform/contracts';

/**
 * demo_agent's contracts (issue 19), so a newcomer sees the contract pages working: the merchant's policy for every
 * type, demo_agent's own contracts from the merchant, a daily salary it gave demo_subagent, and offers waiting for
 * demo_subagent (dividend) and demo_agent_b (daily salary). Rates are percent, thresholds in whole currency units.
 * The settlement jobs settle their windows as the demo team plays (real-time salary every five minutes).
 */
export type DemoContract = {
  type: ContractType;
  holder: string;
  /** null: the merchant. */
  offeredBy: string | null;
  status: 'ACTIVE' | 'OFFERED';
  tiers: { minValidBet: number; minActiveMembers: number; rate: number }[];
};

export const DEMO_CONTRACT_POLICIES: readonly {
  type: ContractType;
  topRate: number;
  minActiveMembers: number;
}[] = [
  { type: 'DIVIDEND', topRate: 40, minActiveMembers: 2 },
  { type: 'DAILY_SALARY', topRate: 2, minActiveMembers: 1 },
  { type: 'HOURLY_SALARY', topRate: 1, minActiveMembers: 1 },
  { type: 'REALTIME_SALARY', topRate: 1, minActiveMembers: 0 },
];

const t = (minValidBet: number, minActiveMembers: number, rate: number) => ({ minValidBet, minActiveMembers, rate });

export const DEMO_CONTRACTS: readonly DemoContract[] = [
  {
    type: 'DAILY_SALARY',
    holder: 'demo_agent',
    offeredBy: null,
    status: 'ACTIVE',
    tiers: [t(0, 1, 1), t(5000, 3, 1.5)],
  },
  { type: 'DIVIDEND', holder: 'demo_agent', offeredBy: null, status: 'ACTIVE', tiers: [t(0, 2, 20), t(50000, 5, 30)] },
  { type: 'HOURLY_SALARY', holder: 'demo_agent', offeredBy: null, status: 'ACTIVE', tiers: [t(0, 1, 0.5)] },
  { type: 'REALTIME_SALARY', holder: 'demo_agent', offeredBy: null, status: 'ACTIVE', tiers: [t(0, 0, 0.5)] },
  {
    type: 'DAILY_SALARY',
    holder: 'demo_subagent',
    offeredBy: 'demo_agent',
    status: 'ACTIVE',
    tiers: [t(0, 1, 0.8), t(5000, 3, 1.2)],
  },
  {
    type: 'REALTIME_SALARY',
    holder: 'demo_subagent',
    offeredBy: 'demo_agent',
    status: 'ACTIVE',
    tiers: [t(0, 0, 0.3)],
  },
  {
    type: 'DIVIDEND',
    holder: 'demo_subagent',
    offeredBy: 'demo_agent',
    status: 'OFFERED',
    tiers: [t(0, 2, 15), t(50000, 5, 25)],
  },
  { type: 'DAILY_SALARY', holder: 'demo_agent_b', offeredBy: 'demo_agent', status: 'OFFERED', tiers: [t(0, 1, 0.6)] },
];
