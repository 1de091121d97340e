import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MallItem } from '@platform/contracts';
import { SectionState } from '@/components/section-state';
import { groupDigits } from '@/lib/wallet';
import { apiLanguage, fetchMallItems, pointsKeys } from '../api/points-api';
import { RedeemDialog } from './redeem-dialog';

function ItemCard({ item, points, onRedeem }: { item: MallItem; points: bigint; onRedeem: () => void }) {
  const { t } = useTranslation();
  const soldOut = item.stock !== null && item.stock <= 0;
  const short = BigInt(item.pricePoints) > points;
  const gives =
    item.kind === 'CASH'
      ? t('pointMall.givesCash', { amount: groupDigits(item.value) })
      : item.kind === 'BONUS'
        ? t('pointMall.givesBonus', { amount: groupDigits(item.value), multiple: item.turnoverMultiple })
        : t('pointMall.givesGoods');
  return (
    <li className="mall__item" data-testid="mall-item" data-kind={item.kind}>
      <div className="mall__item-head">
        <span className={`mall__kind mall__kind--${item.kind.toLowerCase()}`}>{t(`pointMall.kind.${item.kind}`)}</span>
        {item.stock !== null && (
          <span className="muted">
            {soldOut ? t('pointMall.soldOut') : t('pointMall.stock', { count: item.stock })}
          </span>
        )}
      </div>
      <h3>{item.name}</h3>
      {item.description !== '' && <p className="muted">{item.description}</p>}
      <p className="muted">{gives}</p>
      <div className="mall__item-foot">
        <strong className="mall__price">{t('pointMall.points', { points: groupDigits(item.pricePoints) })}</strong>
        <button
          type="button"
          className="button button--primary"
          disabled={soldOut || short}
          title={short ? t('pointMall.notEnough') : undefined}
          onClick={onRedeem}
        >
          {t('pointMall.redeem')}
        </button>
      </div>
    </li>
  );
}

/** The catalogue (the spec's reward list): bonuses, cash and goods with their stock; redeem opens the confirmation. */
export function MallCatalogue({ points }: { points: bigint }) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<MallItem | null>(null);
  const language = apiLanguage(i18n.language);
  const query = useQuery({
    queryKey: [...pointsKeys.items, language],
    queryFn: ({ signal }) => fetchMallItems(language, signal),
  });
  return (
    <>
      <SectionState
        query={query}
        emptyText={t('pointMall.empty')}
        emptyTestId="mall-empty"
        isEmpty={(value) => value.list.length === 0}
      >
        {({ list }) => (
          <ul className="mall__grid">
            {list.map((item) => (
              <ItemCard key={item.id} item={item} points={points} onRedeem={() => setChosen(item)} />
            ))}
          </ul>
        )}
      </SectionState>
      <RedeemDialog item={chosen} onClose={() => setChosen(null)} />
    </>
  );
}
