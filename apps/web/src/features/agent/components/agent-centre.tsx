import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { PageFrame } from '@/components/page-frame';
import { useConfig } from '@/lib/config';
import { displayNameOf, useSessionUser } from '@/lib/session';
import { useLogout } from '@/lib/use-logout';
import { balanceQueryKey, fetchBalance, groupDigits } from '@/lib/wallet';
import { useNow } from '../hooks/use-now';
import { clockTextOf, gmtOffsetOf } from '../utils/clock';
import { AgentNav } from './agent-nav';
import { agentPagePath, resolveAgentPage, type AgentPages } from './agent-pages';
import './agent-centre.css';

/** The agent's own balance, a link to its deposit page. */
function AgentBalance() {
  const { t } = useTranslation();
  const balance = useQuery({ queryKey: balanceQueryKey, queryFn: ({ signal }) => fetchBalance(signal) });
  return (
    <Link to={agentPagePath('depositv2')} className="agent-header__balance" data-testid="agent-balance">
      <span className="muted">{t('agent.balance')}</span>{' '}
      <strong>{balance.data ? `${balance.data.currencySymbol}${groupDigits(balance.data.balance)}` : '…'}</strong>
    </Link>
  );
}

/** The header of the centre (spec §2): GMT offset, live clock, balance, nickname and sign-out. */
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
      <div className="agent-header__user">
        <AgentBalance />
        <span data-testid="agent-nickname">{displayNameOf(user)}</span>
        <button type="button" className="button button--ghost" data-testid="agent-logout" onClick={logout}>
          {t('header.logout')}
        </button>
      </div>
    </header>
  );
}

/**
 * Agent centre (/agentHome, agents only, spec §2): header, the navigation by page key, and the page chosen by
 * `?page=<key>`. The pages come from the app layer (`pages`), which composes in what other features own (deposit,
 * withdraw, the transfer to a downline); `children` renders once beside them (dialogs the entries open).
 */
export function AgentCentre({ title, pages, children }: { title: string; pages: AgentPages; children?: ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const active = resolveAgentPage(pages, params.get('page'));
  const page = pages[active];
  return (
    <div className="agent-centre" data-testid="agent-centre">
      <AgentHeader />
      <div className="agent-centre__body">
        <AgentNav pages={pages} active={active} />
        <div className="agent-centre__panel member-centre__panel">
          <PageFrame title={title}>
            {page && (
              <>
                <h2 className="member-centre__title" data-testid="agent-page-title">
                  {t(page.titleKey)}
                </h2>
                <page.Component />
              </>
            )}
          </PageFrame>
        </div>
      </div>
      {children}
    </div>
  );
}
