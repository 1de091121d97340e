import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { Tabs } from '@/components/tabs';
import { getMenus, lotteryQueryKeys, type PrizeMode } from '../api/lgw';
import { LotteryGame } from './lottery-game';
import { LotteryLobby } from './lottery-lobby';
import './lottery.css';

/** Which prize modes a lottery page shows (spec §4 vendor routing): VN, SEA, or the LOTT / ELOTT lobby. */
const modesOf = (pathname: string): PrizeMode[] => {
  const path = pathname.toLowerCase();
  if (path.startsWith('/vnlottery')) return ['VN'];
  if (path.startsWith('/sealottery')) return ['SEA'];
  return ['LOTT', 'ELOTT'];
};

/**
 * Lottery pages (/lottery, /seaLottery, /vnLottery and their variants; login required, no side menu): the lobby of
 * the route's prize modes (LOTT by default; ELOTT for an e-lottery game code), and the betting view of `gameCode`.
 */
export function LotteryPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const modes = modesOf(pathname);
  const gameCode = params.get('gameCode') ?? '';
  const queried = params.get('prizeMode') as PrizeMode | null;
  const mode: PrizeMode =
    queried && modes.includes(queried)
      ? queried
      : gameCode.startsWith('elott-') && modes.includes('ELOTT')
        ? 'ELOTT'
        : modes[0]!;
  const menus = useQuery({
    queryKey: lotteryQueryKeys.menus(mode),
    queryFn: () => getMenus(mode),
    refetchInterval: 10_000,
  });
  const open = (code: string) => setParams((old) => ({ ...Object.fromEntries(old), gameCode: code }));
  const selected = menus.data?.find((item) => item.gameCode === gameCode);
  // A regional VN draw's fellow stations (ADR 0050): the region's station slots, main station first.
  const stations =
    selected?.slot == null
      ? []
      : (menus.data ?? [])
          .filter((item) => item.region === selected.region && item.slot != null)
          .sort((a, b) => (a.slot ?? 1) - (b.slot ?? 1));
  const lobby =
    menus.data && menus.data.length > 0 ? (
      <LotteryLobby items={menus.data} onOpen={open} />
    ) : (
      <EmptyState title={menus.isLoading ? t('lottery.loading') : t('lottery.empty')}>
        <p className="muted">{t('lottery.emptyHint')}</p>
      </EmptyState>
    );
  return (
    <PageFrame title={title} testId="lottery-page">
      <div className="lottery">
        {selected ? (
          <LotteryGame
            key={selected.gameCode}
            item={selected}
            stations={stations}
            onBack={() => setParams({ prizeMode: mode })}
          />
        ) : modes.length > 1 ? (
          <Tabs
            label={t('lottery.prizeModes')}
            items={modes.map((key) => ({ key, label: t(`lottery.modes.${key}`), testId: `lottery-mode-${key}` }))}
            active={mode}
            onChange={(key) => setParams({ prizeMode: key })}
          >
            {lobby}
          </Tabs>
        ) : (
          lobby
        )}
      </div>
    </PageFrame>
  );
}
