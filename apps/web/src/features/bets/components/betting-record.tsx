import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, ROUND_STATUSES, type RoundStatus } from '@platform/contracts';
import { SelectField } from '@/components/form-field';
import { RecordPeriodTabs, useRecordPeriod } from '@/components/record-period';
import { useLanguage } from '@/lib/i18n/i18n';
import { lanesQuery } from '@/lib/lanes';
import { betsQueryRoot, fetchBets, type BetFilter } from '../api/bets-api';
import { BetDetailDialog, type RoundRef } from './bet-detail-dialog';
import { BetList } from './bet-list';
import './bets.css';

const PAGE_SIZE = 20;

/** The vendors the member can play: every vendor of the lobby lanes, once, in lane order. */
function useVendorOptions(): { value: string; label: string }[] {
  const { code: language } = useLanguage();
  const lanes = useQuery(lanesQuery(language));
  const seen = new Map<string, string>();
  for (const lane of lanes.data?.list ?? []) {
    for (const card of lane.cards)
      if (!seen.has(card.vassalage)) seen.set(card.vassalage, card.displayName || card.vassalage);
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

/**
 * Member centre personalHistoryCopy (spec §2 "betting record"): the rounds vendors reported for the member, filtered by
 * vendor, game type, status and period, with totals over everything selected, pages, and each round's detail.
 */
export function BettingRecord() {
  const { t } = useTranslation();
  const vendors = useVendorOptions();
  const [filters, setFilters] = useState<Pick<BetFilter, 'vendor' | 'gameType' | 'status'>>({
    vendor: '',
    gameType: '',
    status: '',
  });
  const [pageNo, setPageNo] = useState(1);
  const period = useRecordPeriod(() => setPageNo(1));
  const [detail, setDetail] = useState<RoundRef | null>(null);
  const filter: BetFilter = {
    ...filters,
    ...period.filter,
    pageNo,
    pageSize: PAGE_SIZE,
  };
  const query = useQuery({
    queryKey: [...betsQueryRoot, 'list', filter],
    queryFn: ({ signal }) => fetchBets(filter, signal),
    placeholderData: keepPreviousData,
  });
  const refine = (change: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPageNo(1);
  };

  return (
    <section className="member-section bets" data-testid="betting-record">
      <div className="bets__filters">
        <SelectField
          label={t('bets.vendor')}
          testId="bets-vendor"
          value={filters.vendor}
          onChange={(event) => refine({ vendor: event.target.value })}
          options={[{ value: '', label: t('bets.allVendors') }, ...vendors]}
        />
        <SelectField
          label={t('bets.gameType')}
          testId="bets-game-type"
          value={filters.gameType}
          onChange={(event) => refine({ gameType: event.target.value })}
          options={[
            { value: '', label: t('bets.allGameTypes') },
            ...GAME_TYPES.map((type) => ({ value: type, label: t(`lobby.categories.${type}`) })),
          ]}
        />
        <SelectField
          label={t('bets.status')}
          testId="bets-status"
          value={filters.status}
          onChange={(event) => refine({ status: event.target.value as RoundStatus | '' })}
          options={[
            { value: '', label: t('bets.allStatuses') },
            ...ROUND_STATUSES.map((status) => ({ value: status, label: t(`bets.statuses.${status}`) })),
          ]}
        />
      </div>
      <RecordPeriodTabs state={period} testIdPrefix="bets">
        <BetList query={query} pageNo={pageNo} onPage={setPageNo} onDetail={setDetail} />
      </RecordPeriodTabs>
      <BetDetailDialog round={detail} onClose={() => setDetail(null)} />
    </section>
  );
}
