import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { useLanguage } from '@/lib/i18n/i18n';
import { useHelpCentre } from '../api/get-help-centre';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { HelpSection } from './help-section';

/** The help centre (spec §2 /help): sections by anchor, the terms under #term. */
export function HelpCentre({ title }: { title: string }) {
  const { t } = useTranslation();
  const { code } = useLanguage();
  const help = useHelpCentre(code);
  useScrollToHash(help.isSuccess);
  const sections = help.data?.sections ?? [];
  return (
    <div data-testid="help-page">
      <PageFrame title={title}>
        {help.isPending && (
          <p role="status" className="muted">
            {t('common.loading')}
          </p>
        )}
        {help.isError && (
          <div role="alert" className="inline-error">
            <p>{t('errors.network')}</p>
            <button type="button" className="button button--ghost" onClick={() => void help.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {help.isSuccess && sections.length === 0 && <EmptyState title={t('help.empty')} />}
        {sections.length > 0 && (
          <div className="help">
            <nav className="help__toc" aria-label={t('help.contents')}>
              <ul>
                {sections.map((section) => (
                  <li key={section.anchor}>
                    <Link to={{ hash: section.anchor }}>{section.title}</Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="help__sections">
              {sections.map((section) => (
                <HelpSection key={section.anchor} section={section} />
              ))}
            </div>
          </div>
        )}
      </PageFrame>
    </div>
  );
}
