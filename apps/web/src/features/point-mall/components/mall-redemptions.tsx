import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionState } from '@/components/section-state';
import { groupDigits } from '@/lib/wallet';
import { apiLanguage, fetchRedemptions, pointsKeys } from '../api/points-api';

/** The member's redemptions with the spec's redeem statuses (§4: in process, rejected, approved). */
export function MallRedemptions() {
  const { t, i18n } = useTranslation();
  const language = apiLanguage(i18n.language);
  const query = useQuery({
    queryKey: [...pointsKeys.redeems, language],
    queryFn: ({ signal }) => fetchRedemptions(language, signal),
  });
  return (
    <SectionState
      query={query}
      emptyText={t('pointMall.noRedemptions')}
      emptyTestId="redemptions-empty"
      isEmpty={(value) => value.list.length === 0}
    >
      {({ list }) => (
        <ul className="mall__rows">
          {list.map((row) => (
            <li key={row.id} className="mall__row" data-testid="redemption" data-status={row.status}>
              <div>
                <strong>{row.itemName}</strong>
                <p className="muted">
                  {new Date(row.createdAt).toLocaleString()}
                  {row.reason !== null && ` · ${row.reason}`}
                </p>
              </div>
              <div className="mall__row-end">
                <span>{t('pointMall.points', { points: groupDigits(row.points) })}</span>
                <span className={`mall__status mall__status--${row.status.toLowerCase()}`}>
                  {t(`pointMall.status.${row.status}`)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionState>
  );
}
