import type { ComponentType } from 'react';
import { AGENT_PAGE_KEYS, DEFAULT_AGENT_PAGE, ROUTES, type AgentPageKey } from '@platform/contracts';

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
