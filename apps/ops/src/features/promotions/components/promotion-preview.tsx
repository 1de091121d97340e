import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsPromotion } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/dates';
import { getPromotionPreview, promotionKeys } from '../api/promotions-api';

const LANGUAGES = ['EN', 'TY'] as const;

/**
 * A promotion as members see it on /promotions (issue 20), in each of the site's languages, before it goes live: its
 * title, terms, reward, wagering and the action a member in its audience would be offered.
 */
export function PromotionPreview({ promotion, onClose }: { promotion: OpsPromotion; onClose: () => void }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]>('EN');
  const query = useQuery({
    queryKey: promotionKeys.preview(promotion.id, language),
    queryFn: ({ signal }) => getPromotionPreview(promotion.id, language, signal),
  });
  const p = query.data?.promotion;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('promotions.preview.title')}
      description={t('promotions.preview.hint')}
      testId="promotion-preview"
    >
      <div className="promotions__tabs" role="tablist" aria-label={t('promotions.preview.language')}>
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={language === code}
            className={`button button--small ${language === code ? 'button--primary' : 'button--ghost'}`}
            data-testid={`preview-language-${code}`}
            onClick={() => setLanguage(code)}
          >
            {t(`promotions.preview.languages.${code}`)}
          </button>
        ))}
      </div>
      {query.isError && <p className="form__error">{errorText(t, query.error)}</p>}
      {p && query.data && (
        <article className="promotions__preview-card" data-testid="preview-card" lang={language === 'TY' ? 'tl' : 'en'}>
          <header className="promotions__preview-head">
            <h3 data-testid="preview-title">{p.title}</h3>
            <StatusBadge
              tone={query.data.live ? 'success' : 'warning'}
              label={t(query.data.live ? 'promotions.preview.live' : 'promotions.preview.notLive')}
              testId="preview-live"
            />
          </header>
          <p className="promotions__preview-reward">
            {p.bonus !== null ? (
              <Money amount={p.bonus} />
            ) : (
              <span>
                {p.percent}%
                {p.maxBonus !== null && (
                  <>
                    {' '}
                    {t('promotions.upTo')} <Money amount={p.maxBonus} />
                  </>
                )}
              </span>
            )}
          </p>
          <p className="promotions__preview-terms" data-testid="preview-terms">
            {p.terms}
          </p>
          <dl className="promotions__preview-facts">
            <dt>{t('promotions.wagering')}</dt>
            <dd>{t('promotions.turnoverShort', { multiple: p.turnoverMultiple })}</dd>
            <dt>{t('promotions.fields.startsAt')}</dt>
            <dd>{formatDateTime(p.startsAt)}</dd>
            {p.endsAt !== null && (
              <>
                <dt>{t('promotions.fields.endsAt')}</dt>
                <dd>{formatDateTime(p.endsAt)}</dd>
              </>
            )}
          </dl>
          <span className="button button--primary button--small promotions__preview-action" aria-disabled="true">
            {t(`promotions.preview.actions.${p.status}`, { defaultValue: p.status })}
          </span>
        </article>
      )}
    </Dialog>
  );
}
