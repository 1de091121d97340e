import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { useConfig } from '@/lib/config';

/** Agent centre (/agentHome, agents only): the frame the team, report and contract pages will fill. */
export function AgentCentre({ title }: { title: string }) {
  const { t } = useTranslation();
  const { brand } = useConfig();
  return (
    <div className="agent-page">
      <p className="agent-page__brand">{brand.name}</p>
      <PageFrame title={title} testId="agent-centre">
        <EmptyState title={t('common.nothingYet')}>
          <p className="muted">{t('agent.centreEmpty')}</p>
          <Link to={ROUTES.home} className="button button--ghost">
            {t('common.backHome')}
          </Link>
        </EmptyState>
      </PageFrame>
    </div>
  );
}
