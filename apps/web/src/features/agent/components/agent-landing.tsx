import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { useConfig } from '@/lib/config';

/**
 * Agent landing (/agent, spec §2): own layout without the site header, so it carries the brand and a way
 * home. The agent pitch and login form arrive with the agent feature.
 */
export function AgentLanding({ title }: { title: string }) {
  const { t } = useTranslation();
  const { brand } = useConfig();
  return (
    <div className="agent-page">
      <p className="agent-page__brand">{brand.name}</p>
      <PageFrame title={title} testId="agent-landing">
        <EmptyState title={t('common.nothingYet')}>
          <p className="muted">{t('agent.landingEmpty')}</p>
          <Link to={ROUTES.home} className="button button--ghost">
            {t('common.backHome')}
          </Link>
        </EmptyState>
      </PageFrame>
    </div>
  );
}
