import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '@/components/icons';
import { useConfig } from '@/lib/config';
import { useLanguage } from '@/lib/i18n/i18n';
import { appDownloads } from '../utils/app-link';

// The QR library is fetched only when someone opens this section, never on first paint.
const AppDownloadCodes = lazy(() => import('./app-download-codes').then((m) => ({ default: m.AppDownloadCodes })));

/** App downloads for iOS, Android and the lite app (spec §2 Side menu), as QR codes and links. */
export function AppDownload() {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { code } = useLanguage();
  const downloads = appDownloads(useConfig(), code);
  if (downloads.length === 0) return null;
  return (
    <section className="side-menu__section">
      <button
        type="button"
        className="side-menu__link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <DownloadIcon />
        <span>{t('sideMenu.downloadApp')}</span>
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <AppDownloadCodes downloads={downloads} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
