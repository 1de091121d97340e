import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { PageFrame } from '@/components/page-frame';
import { useConfig } from '@/lib/config';
import { displayNameOf, useSessionUser } from '@/lib/session';
import { useLogout } from '@/lib/use-logout';
import { useNow } from '../hooks/use-now';
import { clockTextOf, gmtOffsetOf } from '../utils/clock';
import { AGENT_PAGES, availableAgentPages, resolveAgentPage } from './agent-pages';

/** The header of the centre (spec §2): GMT offset, live clock, nickname and sign-out. */
function AgentHeader() {
  const { t } = useTranslation();
  const { brand } = useConfig();
  const now = useNow();
  const user = useSessionUser();
  const logout = useLogout();
  return (
    <header className="agent-header title-row">
      <Link to={ROUTES.home} className="agent-header__brand">
        {brand.name}
      </Link>
      <p className="agent-header__time">
        <span data-testid="agent-gmt">{gmtOffsetOf(now)}</span>{' '}
        <time data-testid="agent-clock" dateTime={now.toISOString()}>
          {clockTextOf(now)}
        </time>
      </p>
      <p className="agent-header__user">
        <span data-testid="agent-nickname">{displayNameOf(user)}</span>
        <button type="button" className="button button--ghost" data-testid="agent-logout" onClick={logout}>
          {t('header.logout')}
        </button>
      </p>
    </header>
  );
}

/**
 * Agent centre (/agentHome, agents only, spec §2): header, the left navigation by page key, and the page. `tools` are
 * panels other features own (the transfer to a downline), composed in by the app layer under every page.
 */
export function AgentCentre({ title, tools }: { title: string; tools?: ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const active = resolveAgentPage(params.get('page'));
  const page = AGENT_PAGES[active];
  return (
    <div className="agent-centre" data-testid="agent-centre">
      <AgentHeader />
      <div className="agent-centre__body">
        <nav className="agent-centre__nav" aria-label={t('agent.navLabel')}>
          <ul>
            {availableAgentPages().map((key) => (
              <li key={key}>
                <Link
                  to={`${ROUTES.agentHome}?page=${encodeURIComponent(key)}`}
                  className="member-centre__link"
                  aria-current={key === active ? 'page' : undefined}
                >
                  {t(AGENT_PAGES[key]?.titleKey ?? key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="agent-centre__panel">
          <PageFrame title={title}>
            {page && (
              <>
                <h2 className="member-centre__title">{t(page.titleKey)}</h2>
                <page.Component />
              </>
            )}
            {tools}
          </PageFrame>
        </div>
      </div>
    </div>
  );
}
