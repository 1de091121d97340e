import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/chunk-timeout';

/**
 * A page that failed to load. A chunk that timed out or failed to download gets the spec's message
 * (§8 "The page took longer time to load, check your network"); retry reloads, which also picks up a
 * new deployment whose chunk names changed.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <div className="route-error" role="alert" data-testid="route-error">
      <h1 className="page__title">{chunk ? t('errors.chunkTimeout') : t('errors.unknown')}</h1>
      <div className="route-error__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
        <a href="/" className="button button--ghost">
          {t('common.backHome')}
        </a>
      </div>
    </div>
  );
}
