import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_PAGE_KEYS, DEFAULT_AGENT_PAGE, type AgentPageKey } from '@platform/contracts';
import { EmptyState } from '@/components/empty-state';

/** agentTeamOverview: the frame the team figures will fill; honest about having none yet. */
function TeamOverview() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('agent.teamOverviewEmpty')}>
      <p className="muted">{t('agent.centreEmpty')}</p>
    </EmptyState>
  );
}

export type AgentPage = { titleKey: string; Component: ComponentType };

/** The agent-centre pages that exist; a page key of the spec (§2) shows in the navigation once registered here. */
export const AGENT_PAGES: Partial<Record<AgentPageKey, AgentPage>> = {
  agentTeamOverview: { titleKey: 'agent.pages.agentTeamOverview', Component: TeamOverview },
};

export const availableAgentPages = (): AgentPageKey[] => AGENT_PAGE_KEYS.filter((key) => AGENT_PAGES[key]);

/** `?page=<key>` when that page exists, else the default (spec §4: agentTeamOverview). */
export const resolveAgentPage = (requested: string | null): AgentPageKey => {
  const match = AGENT_PAGE_KEYS.find((key) => key === requested);
  return match && AGENT_PAGES[match] ? match : DEFAULT_AGENT_PAGE;
};
