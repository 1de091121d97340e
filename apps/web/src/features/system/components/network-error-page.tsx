import { useTranslation } from 'react-i18next';

/** The configuration could not be loaded: say so in the user's language and offer a retry (spec §8). */
export function NetworkErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="status-page" data-testid="network-error-page">
      <div className="status-page__card">
        <h1 className="status-page__title">{t('errors.networkTitle')}</h1>
        <p className="status-page__message">{t('errors.network')}</p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    </main>
  );
}
