import { useTranslation } from 'react-i18next';

/**
 * The loader overlay (spec §2 popups: "a loader overlay"). Present only while something loads; it fades
 * in after a short delay in CSS so fast navigations do not flash.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" data-testid="page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
