import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '@/components/customer-service-button';
import { useConfig } from '@/lib/config';
import { customerServiceUrl } from '@/lib/customer-service';
import { agentPagePath, availableAgentPages, type AgentEntryKey, type AgentPages } from './agent-pages';

/**
 * The agent centre's left navigation: the team and report pages, then the agent's own account (deposit, withdraw,
 * messages, payment password) and customer service. On a phone it is one row above the page that scrolls sideways,
 * the current page brought into view (as the member centre's).
 */
export function AgentNav({ pages, active }: { pages: AgentPages; active: AgentEntryKey }) {
  const { t } = useTranslation();
  const config = useConfig();
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <nav className="agent-centre__nav member-centre__nav" aria-label={t('agent.navLabel')} data-testid="agent-nav">
      <ul>
        {availableAgentPages(pages).map((key) => (
          <li key={key}>
            <Link
              to={agentPagePath(key)}
              ref={key === active ? currentRef : undefined}
              className="member-centre__link"
              data-testid={`agent-nav-${key}`}
              aria-current={key === active ? 'page' : undefined}
            >
              {t(pages[key]?.titleKey ?? key)}
            </Link>
          </li>
        ))}
        {customerServiceUrl(config.customerService) && (
          <li>
            <CustomerServiceButton
              entries={config.customerService}
              className="member-centre__link agent-centre__service"
              testId="agent-nav-service"
            >
              {t('agent.customerService')}
            </CustomerServiceButton>
          </li>
        )}
      </ul>
    </nav>
  );
}
