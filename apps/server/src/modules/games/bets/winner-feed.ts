import type { EventBus, PlatformEvents } from '../../../lib/event-bus';
import { toIso, type Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { WinnersRepository } from './winners.repository';

/**
 * The winner board fed by real wins (issue 6). A settled real-money round reaches the board when its win is big:
 * - at least WINNER_BIG_WIN_UNITS whole units of the merchant's currency, whatever the stake; or
 * - at least WINNER_MULTIPLIER times the stake and at least WINNER_MULTIPLIER_MIN_UNITS units, so a 10× hit on a
 *   cent bet does not write a row (the board shows the largest wins; rows too small to show are clutter).
 * The units are scaled by the merchant's currency scale (1000 units = 1000.00 USD, 1000 JPY at scale 0). Play money
 * (trial members) never reaches the board, nor a win in another currency than the merchant's (the board shows one).
 */
export const WINNER_MULTIPLIER = 10n;
export const WINNER_MULTIPLIER_MIN_UNITS = 10n;
export const WINNER_BIG_WIN_UNITS = 1_000n;

export type SettledRound = PlatformEvents['round.settled'];

export const isBoardWin = (
  round: Pick<SettledRound, 'betMinor' | 'winMinor' | 'currency' | 'play'>,
  merchant: Pick<Merchant, 'currencyCode' | 'currencyScale'>,
): boolean => {
  if (round.play || round.currency !== merchant.currencyCode || round.winMinor <= 0n) return false;
  const unit = 10n ** BigInt(merchant.currencyScale);
  if (round.winMinor >= WINNER_BIG_WIN_UNITS * unit) return true;
  return round.winMinor >= WINNER_MULTIPLIER * round.betMinor && round.winMinor >= WINNER_MULTIPLIER_MIN_UNITS * unit;
};

export type WinnerFeedDeps = {
  bus: Pick<EventBus, 'on'>;
  repository: Pick<WinnersRepository, 'recordWin'>;
  merchantById: (merchantId: number) => Promise<Pick<Merchant, 'currencyCode' | 'currencyScale'>>;
  /** The content module's cache drop for the merchant's board answers. */
  invalidateBoard: (merchantId: number) => void;
  now: Clock;
};

/** Subscribes to `round.settled` (emitted after the round's commit); a listener's failure is logged by the bus. */
export const startWinnerFeed = ({ bus, repository, merchantById, invalidateBoard, now }: WinnerFeedDeps) => {
  // A merchant's currency never changes, so it is read once per merchant, not once per winning round (every round
  // of every player ends here: the seamless bench measured this read as half of its queries).
  const currencies = new Map<number, Promise<Pick<Merchant, 'currencyCode' | 'currencyScale'>>>();
  const currencyOf = (merchantId: number) => {
    let found = currencies.get(merchantId);
    if (found === undefined) {
      found = merchantById(merchantId).then(({ currencyCode, currencyScale }) => ({ currencyCode, currencyScale }));
      found.catch(() => currencies.delete(merchantId));
      currencies.set(merchantId, found);
    }
    return found;
  };
  const onSettled = async (round: SettledRound): Promise<boolean> => {
    if (round.play || round.winMinor <= 0n) return false;
    const merchant = await currencyOf(round.merchantId);
    if (!isBoardWin(round, merchant)) return false;
    const changed = await repository.recordWin({ ...round, wonAtIso: toIso(now()) });
    if (changed) invalidateBoard(round.merchantId);
    return changed;
  };
  bus.on('round.settled', async (round) => {
    await onSettled(round);
  });
  return { onSettled };
};
