import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { paths } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { useLanguage } from '@/lib/i18n/i18n';
import { closeSiteModal } from '@/lib/site-modals';
import { useHelpCentre } from '../api/get-help-centre';
import { sanitizeHelpHtml } from '../utils/sanitize';

/**
 * helpModal (spec §2 Popups): one help-centre topic over the page, in the player's language, the other topics a tap
 * away, and the whole help centre one link further. Closed by its button, Escape or a tap outside.
 */
export function HelpModal({ anchor }: { anchor: string | null }) {
  const { t } = useTranslation();
  const { code } = useLanguage();
  const help = useHelpCentre(code);
  const sections = help.data?.sections ?? [];
  const [chosen, setChosen] = useState(anchor);
  const section = sections.find((s) => s.anchor === chosen) ?? sections[0];
  const html = useMemo(() => (section ? sanitizeHelpHtml(section.html) : ''), [section]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeSiteModal()}
      title={section?.title ?? t('helpModal.title')}
      description={t('helpModal.description')}
      className="help-modal"
      testId="help-modal"
    >
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
      {section && (
        <div className="help-modal__body">
          <nav className="help-modal__topics" aria-label={t('help.contents')}>
            <ul>
              {sections.map((s) => (
                <li key={s.anchor}>
                  <button
                    type="button"
                    className="help-modal__topic"
                    aria-current={s.anchor === section.anchor ? 'true' : undefined}
                    onClick={() => setChosen(s.anchor)}
                  >
                    {s.title}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="help-modal__content">
            <div className="prose" data-testid="help-modal-content" dangerouslySetInnerHTML={{ __html: html }} />
            <Link
              className="button button--ghost help-modal__all"
              to={paths.helpSection(section.anchor)}
              onClick={closeSiteModal}
            >
              {t('helpModal.openCentre')}
            </Link>
          </div>
        </div>
      )}
    </Dialog>
  );
}
