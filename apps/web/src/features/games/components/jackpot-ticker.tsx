import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { JackpotPools } from '@platform/contracts';
import { useConfig } from '@/lib/config';
import { groupDigits } from '@/lib/wallet';
import { getJackpots, jackpotsQueryKey } from '../api/jackpots-api';
import './jackpot-ticker.css';

/** The pools grow with every slot bet: asked again this often, only while the tab is visible (TanStack Query). */
export const JACKPOT_REFRESH_MS = 5_000;
/** How long a rise counts up on screen. */
export const JACKPOT_COUNT_MS = 1_200;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

type Pool = JackpotPools['pools'][number];

/** "12345.67" → 1234567n at scale 2: animation steps are computed on integers, never on floats of money. */
const toMinor = (amount: string): { minor: bigint; scale: number } => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return { minor: BigInt(whole + fraction), scale: fraction.length };
};

const fromMinor = (minor: bigint, scale: number): string => {
  const digits = minor.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};

/**
 * The amount shown, counting up from the last one to a new one over JACKPOT_COUNT_MS. The first amount shows as it
 * is; a fall (a pool that was won and reset) and reduced motion jump straight to the new amount.
 */
function useCountUp(amount: string): string {
  const [shown, setShown] = useState(amount);
  const shownRef = useRef(amount);
  useEffect(() => {
    const from = toMinor(shownRef.current);
    const to = toMinor(amount);
    const reduced = window.matchMedia?.(REDUCED_MOTION).matches ?? false;
    const set = (text: string) => {
      shownRef.current = text;
      setShown(text);
    };
    if (from.scale !== to.scale || to.minor <= from.minor || reduced || typeof requestAnimationFrame !== 'function') {
      set(amount);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const progressE3 = BigInt(Math.min(1000, Math.round(((now - start) / JACKPOT_COUNT_MS) * 1000)));
      set(fromMinor(from.minor + ((to.minor - from.minor) * progressE3) / 1000n, to.scale));
      if (progressE3 < 1000n) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [amount]);
  return shown;
}

function PoolAmount({ pool, symbol }: { pool: Pool; symbol: string }) {
  const { t } = useTranslation();
  const shown = useCountUp(pool.amount);
  return (
    <li className="jackpot__pool" data-testid="jackpot-pool">
      <span className="jackpot__name">{t('jackpot.pool', { name: pool.name })}</span>
      {/* The running number is for the eyes; assistive technology reads the amount once, not every frame. */}
      <span className="jackpot__value" aria-hidden="true">
        <span className="jackpot__currency">{symbol}</span>
        <span data-testid="jackpot-amount">{groupDigits(shown)}</span>
      </span>
      <span className="visually-hidden">
        {symbol} {groupDigits(pool.amount)}
      </span>
    </li>
  );
}

/** The merchant's currency when it has a pool in it; otherwise every pool the server sent. */
const poolsFor = (pools: readonly Pool[], currency: string): readonly Pool[] => {
  const own = pools.filter((pool) => pool.currency === currency);
  return own.length > 0 ? own : pools;
};

/**
 * The progressive jackpot of the in-house games (issue 6) on the home lobby and the slots list: hidden while it
 * loads, when it fails and when there is no pool, so it never holds an empty box on the page.
 */
export function JackpotTicker() {
  const { t } = useTranslation();
  const titleId = useId();
  const { currency } = useConfig();
  const query = useQuery({
    queryKey: jackpotsQueryKey,
    queryFn: ({ signal }) => getJackpots(signal),
    refetchInterval: JACKPOT_REFRESH_MS,
    // A hidden tab asks nothing; coming back catches up at once.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: JACKPOT_REFRESH_MS,
  });
  const pools = poolsFor(query.data?.pools ?? [], currency.code);
  if (pools.length === 0) return null;
  return (
    <section className="jackpot" aria-labelledby={titleId} data-testid="jackpot-ticker">
      <h2 id={titleId} className="jackpot__title">
        {t('jackpot.title')}
      </h2>
      <ul className="jackpot__pools">
        {pools.map((pool) => (
          <PoolAmount
            key={`${pool.vendor}:${pool.name}:${pool.currency}`}
            pool={pool}
            symbol={pool.currency === currency.code ? currency.symbol : pool.currency}
          />
        ))}
      </ul>
    </section>
  );
}
