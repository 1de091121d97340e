import type { ComponentType } from 'react';
import {
  AGENT_PAGE_KEYS,
  DEFAULT_AGENT_PAGE,
  ROUTES,
  type AgentPageKey,
  type Consolidated,
  type ContractType,
} from '@platform/contracts';

/**
 * The agent's own account in its navigation (spec §2 "The agent nav also has deposit, withdraw, messages and customer
 * service"): pages other features own, composed in by the app layer. The payment password sits beside them, since
 * withdrawals and transfers to a downline ask for it. Customer service opens the chat window instead of a page.
 */
export const AGENT_ACCOUNT_KEYS = ['depositv2', 'withdraw', 'messages', 'paymentPassword'] as const;
export type AgentAccountKey = (typeof AGENT_ACCOUNT_KEYS)[number];
export type AgentEntryKey = AgentPageKey | AgentAccountKey;

export type AgentPage = { titleKey: string; Component: ComponentType };
/** The agent-centre pages that exist, composed in `app/agent-pages.ts`; a key shows in the navigation once here. */
export type AgentPages = Partial<Record<AgentEntryKey, AgentPage>>;

const ENTRY_KEYS: readonly AgentEntryKey[] = [...AGENT_PAGE_KEYS, ...AGENT_ACCOUNT_KEYS];

/** Team and report pages first (spec order), then the agent's own account. */
export const availableAgentPages = (pages: AgentPages): AgentEntryKey[] => ENTRY_KEYS.filter((key) => pages[key]);

/** `?page=<key>` when that page exists, else the default (spec §4: agentTeamOverview). */
export const resolveAgentPage = (pages: AgentPages, requested: string | null): AgentEntryKey => {
  const match = ENTRY_KEYS.find((key) => key === requested);
  return match && pages[match] ? match : DEFAULT_AGENT_PAGE;
};

export const agentPagePath = (key: AgentEntryKey, params: Record<string, string> = {}): string =>
  `${ROUTES.agentHome}?${new URLSearchParams({ page: key, ...params }).toString()}`;

/** The record page of each contract type (spec §2 agent centre keys). */
export const CONTRACT_RECORD_PAGES: Readonly<Record<ContractType, AgentPageKey>> = {
  DIVIDEND: 'agentDividendRecordCopy2',
  DAILY_SALARY: 'agentDailyWages2',
  HOURLY_SALARY: 'agentHourSalary',
  REALTIME_SALARY: 'agentRealtimeSalary',
};

/**
 * The pages without the contract menus the merchant does not offer (spec §2 "The contract and salary menus depend on
 * the consolidated info types"): a record page shows for an enabled type, the income report when any type is enabled.
 * Until the consolidated info has arrived (`undefined`), none of them shows.
 */
export const withEnabledContracts = (pages: AgentPages, consolidated: Consolidated | undefined): AgentPages => {
  const enabled = new Set((consolidated?.types ?? []).filter((entry) => entry.enabled).map((entry) => entry.type));
  const hidden = new Set<AgentEntryKey>(
    Object.entries(CONTRACT_RECORD_PAGES).flatMap(([type, key]) => (enabled.has(type as ContractType) ? [] : [key])),
  );
  if (enabled.size === 0) hidden.add('agentRevenueReport');
  return Object.fromEntries(Object.entries(pages).filter(([key]) => !hidden.has(key as AgentEntryKey)));
};
