import './promotions.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, type OpsVipLevel } from '@platform/contracts';
import { ErrorState, PageHeader } from '@/components/data-table';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { getVipLevels, promotionKeys, saveVipLevel } from '../api/promotions-api';
import { withRates } from './vip-level-form';

/** One level's rates, edited in place and saved whole; a rate above the house edge is refused by the server. */
function RatesRow({ level }: { level: OpsVipLevel }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rates, setRates] = useState<Record<string, string>>(() =>
    Object.fromEntries(GAME_TYPES.map((type) => [type, level.rebateRates[type] ?? ''])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await saveVipLevel(level.level, withRates(level, rates));
      await queryClient.invalidateQueries({ queryKey: promotionKeys.vipLevels });
      showToast(t('promotions.rebate.saved', { label: level.label }));
    } catch (failure) {
      const value = isApiError(failure) ? (failure.value as { gameType?: string; maxRate?: string } | null) : null;
      setError(
        isApiError(failure) && failure.code === 'REBATE_RATE_ABOVE_EDGE' && value?.gameType
          ? t('promotions.rebate.aboveEdge', {
              type: t(`promotions.rebate.types.${value.gameType}`, { defaultValue: value.gameType }),
              rate: value.maxRate ?? '',
            })
          : errorText(t, failure),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr data-testid={`rates-row-${level.level}`}>
      <th scope="row">
        {level.label} <small>{level.name.EN}</small>
        {error !== null && (
          <p className="field__error" role="alert" data-testid="rates-error">
            {error}
          </p>
        )}
      </th>
      {GAME_TYPES.map((type) => (
        <td key={type}>
          <input
            className="field__control promotions__rate"
            inputMode="decimal"
            aria-label={`${level.label} ${t(`promotions.rebate.types.${type}`)}`}
            aria-invalid={error !== null}
            data-testid={`rate-${level.level}-${type}`}
            value={rates[type] ?? ''}
            placeholder="0"
            onChange={(event) => setRates({ ...rates, [type]: event.target.value })}
          />
        </td>
      ))}
      <td>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          data-testid={`rates-save-${level.level}`}
          onClick={() => void save()}
        >
          {busy ? t('common.working') : t('common.save')}
        </button>
      </td>
    </tr>
  );
}

/**
 * Rebate rates (promotions.manage, issue 20, ADR 0036): percent of own-money valid bet by game type and VIP level; the
 * header shows each game type's house edge, the most the server accepts (domain-rules §4.3).
 */
export function RebateRatesPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: promotionKeys.vipLevels, queryFn: ({ signal }) => getVipLevels(signal) });
  const houseEdges = query.data?.houseEdges ?? {};
  return (
    <section className="page promotions-page" data-testid="rebate-rates-page">
      <PageHeader title={t('nav.rebateRates')} />
      <p className="field__hint">{t('promotions.rebate.hint')}</p>
      {query.isError && (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="rates-error-state" />
      )}
      {query.data && query.data.list.length === 0 && <p data-testid="rates-empty">{t('promotions.vip.empty')}</p>}
      {query.data && query.data.list.length > 0 && (
        <div className="promotions__rates-scroll">
          <table className="data-table promotions__rates" data-testid="rates-table">
            <caption className="visually-hidden">{t('nav.rebateRates')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('promotions.vip.level')}</th>
                {GAME_TYPES.map((type) => (
                  <th scope="col" key={type}>
                    {t(`promotions.rebate.types.${type}`)}
                    <small className="promotions__edge">
                      {t('promotions.rebate.maxRate', { rate: houseEdges[type] ?? '' })}
                    </small>
                  </th>
                ))}
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.list.map((level) => (
                <RatesRow key={`${level.level}-${JSON.stringify(level.rebateRates)}`} level={level} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
