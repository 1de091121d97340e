import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@platform/contracts';
import { PageFrame } from '@/components/page-frame';
import { openAuthDialog } from '@/lib/auth-dialog';
import { useConfig } from '@/lib/config';
import { useSession } from '@/lib/session';

/**
 * The spec's marketing text is Chinese (§2 "Marketing text in Chinese"): it is shown as written, marked as Chinese for
 * screen readers and translation tools, with the same points in the visitor's language right under it.
 */
const PITCH_ZH = {
  title: '成为我们的推广代理',
  points: [
    '全方位推广支持：专属推广链接、推广素材和专业团队，全程协助您拓展客户。',
    '15天成为推广员：按步骤完成入门、推广与考核，15天即可成为正式推广员。',
    '完整数据报表：团队、投注、盈亏与收入报表实时更新，一目了然。',
  ],
} as const;

const PITCH_KEYS = ['agent.pitch.support', 'agent.pitch.fifteenDays', 'agent.pitch.reports'] as const;

/**
 * Agent landing (/agent, spec §2): own layout without the site header; the pitch, the agent login form (composed in
 * by the route, it belongs to the auth feature), the consulting hours. The change-password dialog opens over it when
 * an agent's login needs one.
 */
export function AgentLanding({ title, loginForm }: { title: string; loginForm: ReactNode }) {
  const { t } = useTranslation();
  const { brand } = useConfig();
  const session = useSession();
  return (
    <div className="agent-page">
      <p className="agent-page__brand">
        <Link to={ROUTES.home}>{brand.name}</Link>
      </p>
      <PageFrame title={title} testId="agent-landing">
        <div className="agent-landing">
          <section className="agent-landing__pitch" aria-labelledby="agent-pitch-zh">
            <div lang="zh-Hans">
              <h2 id="agent-pitch-zh" className="agent-landing__title">
                {PITCH_ZH.title}
              </h2>
              <ul className="agent-landing__points">
                {PITCH_ZH.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
            <div className="agent-landing__translation">
              <h3 className="agent-landing__subtitle">{t('agent.pitch.title')}</h3>
              <ul className="agent-landing__points">
                {PITCH_KEYS.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
            </div>
          </section>
          <section className="agent-landing__login" aria-labelledby="agent-login-heading">
            <h2 id="agent-login-heading" className="agent-landing__title">
              {t('agent.loginTitle')}
            </h2>
            {session.isLogin && session.isAgent ? (
              <div className="form">
                <Link to={ROUTES.agentHome} className="button button--primary button--block">
                  {t('header.agentCentre')}
                </Link>
                <button
                  type="button"
                  className="button button--ghost button--block"
                  onClick={() => openAuthDialog('changePassword')}
                >
                  {t('changePassword.title')}
                </button>
              </div>
            ) : (
              loginForm
            )}
            <p className="muted agent-landing__hours">{t('agent.consultingHours')}</p>
          </section>
        </div>
      </PageFrame>
    </div>
  );
}
