import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '@platform/contracts';
import { SectionState } from '@/components/section-state';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { groupDigits } from '@/lib/wallet';
import { useState } from 'react';
import { claimPromotion } from '../api/claim-promotion';
import { fetchPromotions, PROMOTIONS_QUERY_ROOT } from '../api/fetch-promotions';
import { ApplicationForm } from './application-form';
import { BONUS_QUERY_KEY } from './bonus-details';
import './promotions.css';

function PromotionCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [applying, setApplying] = useState(false);
  const canApply = promotion.kind === 'APPLICATION' && (promotion.status === 'join' || promotion.status === 'rejected');
  const claim = useMutation({
    mutationFn: () => claimPromotion(promotion.id),
    onSuccess: async (claimed) => {
      showToast(t('promotions.claimed', { amount: groupDigits(claimed.grant.amount) }));
      await queryClient.invalidateQueries({ queryKey: [PROMOTIONS_QUERY_ROOT] });
      await queryClient.invalidateQueries({ queryKey: BONUS_QUERY_KEY });
    },
    onError: (error) => showToast(errorText(t, error)),
  });
  const cashback = promotion.kind === 'CASHBACK' ? (promotion.cashback ?? null) : null;
  const reward =
    cashback !== null
      ? t(cashback.window === 'WEEKLY' ? 'promotions.cashbackWeekly' : 'promotions.cashbackDaily', {
          percent: promotion.percent,
          max: groupDigits(promotion.maxBonus ?? '0'),
        })
      : promotion.bonus === null
        ? t('promotions.percentReward', { percent: promotion.percent, max: groupDigits(promotion.maxBonus ?? '0') })
        : t('promotions.fixedReward', { amount: groupDigits(promotion.bonus) });
  // A cashback is offered in the reward centre when its window closes: how it pays, and the smallest loss it pays on.
  const wagering =
    cashback === null
      ? t('promotions.turnover', { multiple: promotion.turnoverMultiple })
      : [
          cashback.payAs === 'CASH'
            ? t('promotions.cashbackCash')
            : t('promotions.cashbackBonus', { multiple: promotion.turnoverMultiple }),
          Number(cashback.minLoss) > 0
            ? t('promotions.cashbackMinLoss', { amount: groupDigits(cashback.minLoss) })
            : '',
        ]
          .filter((part) => part !== '')
          .join(' · ');
  return (
    <li className="promotions__card" data-testid="promotion" data-status={promotion.status}>
      {promotion.bannerUrl === null ? null : <img className="promotions__banner" src={promotion.bannerUrl} alt="" />}
      <h3>{promotion.title}</h3>
      <p className="promotions__reward">{reward}</p>
      <p className="muted">
        {wagering}
        {promotion.terms === '' ? null : ` · ${promotion.terms}`}
      </p>
      <div className="promotions__actions">
        <span className="promotions__status" data-testid="promotion-status">
          {t(
            promotion.kind === 'APPLICATION' && promotion.status === 'join'
              ? 'promotions.status.apply'
              : `promotions.status.${promotion.status}`,
          )}
        </span>
        {promotion.status === 'claim' ? (
          <button type="button" className="button" disabled={claim.isPending} onClick={() => claim.mutate()}>
            {t('promotions.claim')}
          </button>
        ) : null}
        {canApply && !applying ? (
          <button type="button" className="button" data-testid="promotion-apply" onClick={() => setApplying(true)}>
            {t('promotions.apply')}
          </button>
        ) : null}
      </div>
      {applying ? <ApplicationForm promotionId={promotion.id} onDone={() => setApplying(false)} /> : null}
    </li>
  );
}

/** The promotions the member can see (spec §2 promotions, /promotions) with the spec §4 activity statuses. */
export function PromotionsList() {
  const { t, i18n } = useTranslation();
  const language = (i18n.language || 'EN').slice(0, 2).toUpperCase();
  const query = useQuery({
    queryKey: [PROMOTIONS_QUERY_ROOT, language],
    queryFn: ({ signal }) => fetchPromotions(language, signal),
  });
  return (
    <section className="member-section promotions" data-testid="promotions">
      <SectionState
        query={query}
        errorTestId="promotions-error"
        emptyText={t('promotions.empty')}
        emptyTestId="promotions-empty"
        isEmpty={(value) => value.list.length === 0}
      >
        {({ list, availablePromoCount }) => (
          <>
            <p className="muted" data-testid="promotions-available">
              {t('promotions.available', { count: availablePromoCount })}
            </p>
            <ul className="promotions__list">
              {list.map((promotion) => (
                <PromotionCard key={promotion.id} promotion={promotion} />
              ))}
            </ul>
          </>
        )}
      </SectionState>
    </section>
  );
}
