import { MoneyError, parseMoney, type DepositChannel } from '@platform/contracts';

/** The channel's currency scale, read from its limits ("10.00" → 2). */
export const scaleOf = (channel: Pick<DepositChannel, 'minAmount'>): number =>
  channel.minAmount.split('.')[1]?.length ?? 0;

export type AmountProblem =
  | { key: 'deposit.amountRequired' }
  | { key: 'deposit.amountInvalid' }
  | { key: 'deposit.amountDecimals'; scale: number }
  | { key: 'deposit.amountBelowMin'; min: string }
  | { key: 'deposit.amountAboveMax'; max: string };

/**
 * The server's checks, run before asking (same parser as the server's, from contracts): a plain positive decimal with
 * at most the currency's decimals, within the channel's limits. The server checks again.
 */
export const checkAmount = (text: string, channel: DepositChannel): AmountProblem | null => {
  if (text.trim() === '') return { key: 'deposit.amountRequired' };
  const scale = scaleOf(channel);
  let minor: bigint;
  try {
    minor = parseMoney(text, scale);
  } catch (error) {
    if (error instanceof MoneyError && error.reason === 'TOO_MANY_DECIMALS') {
      return { key: 'deposit.amountDecimals', scale };
    }
    return { key: 'deposit.amountInvalid' };
  }
  if (minor < parseMoney(channel.minAmount, scale)) return { key: 'deposit.amountBelowMin', min: channel.minAmount };
  if (minor > parseMoney(channel.maxAmount, scale)) return { key: 'deposit.amountAboveMax', max: channel.maxAmount };
  return null;
};

const QUICK_AMOUNTS = ['100', '500', '1000', '5000', '10000'];

/** Quick amounts that fit the channel's limits. */
export const quickAmountsFor = (channel: DepositChannel): string[] =>
  QUICK_AMOUNTS.filter((amount) => checkAmount(amount, channel) === null).slice(0, 4);
