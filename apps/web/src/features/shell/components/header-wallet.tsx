import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon, PlusIcon, RefreshIcon } from '@/components/control-icons';
import { openTrialNotice } from '@/lib/app-dialogs';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { local } from '@/lib/storage';
import { balanceQueryKey, fetchBalance, groupDigits } from '@/lib/wallet';

/** Remembered across visits (spec §2: the balance "can be hidden as asterisks"). */
export const HIDE_BALANCE_KEY = 'hideBalance';
/** A refresh at most this often: the balance also arrives by itself over the realtime socket. */
export const REFRESH_THROTTLE_MS = 5000;

const hideListeners = new Set<() => void>();
const readHidden = () => local.getItem(HIDE_BALANCE_KEY) === '1';
const setHidden = (hidden: boolean) => {
  if (hidden) local.setItem(HIDE_BALANCE_KEY, '1');
  else local.removeItem(HIDE_BALANCE_KEY);
  hideListeners.forEach((listener) => listener());
};
const subscribeHidden = (listener: () => void) => {
  hideListeners.add(listener);
  return () => hideListeners.delete(listener);
};

/**
 * The logged-in header's wallet (spec §2 Header): balance with the merchant's currency symbol, hide as asterisks,
 * a throttled refresh, and the deposit and withdraw buttons. A trial member's balance is play money, and its deposit
 * and withdraw buttons show the true-account notice (spec §6).
 */
export function HeaderWallet() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isTrial } = useSession();
  const hidden = useSyncExternalStore(subscribeHidden, readHidden, () => false);
  const [cooling, setCooling] = useState(false);
  const balance = useQuery({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => fetchBalance(signal),
    staleTime: 30_000,
  });

  useEffect(() => {
    if (!cooling) return;
    const timer = setTimeout(() => setCooling(false), REFRESH_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [cooling]);

  const refresh = useCallback(() => {
    setCooling(true);
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }, [queryClient]);

  const go = (page: 'depositv2' | 'withdraw') => (isTrial ? openTrialNotice() : void navigate(paths.memberPage(page)));
  const value = balance.data;
  const text = hidden
    ? '******'
    : value === undefined
      ? balance.isError
        ? t('wallet.unavailable')
        : '…'
      : `${value.currencySymbol} ${groupDigits(value.balance)}`;
  const refreshing = balance.isFetching;
  return (
    <div className="header-wallet" data-testid="header-wallet">
      <span className="header-wallet__balance" aria-live="polite" title={hidden ? undefined : text}>
        <span className="visually-hidden">{value?.play ? t('wallet.playBalance') : t('wallet.balance')}: </span>
        <span data-testid="header-balance" data-hidden={hidden ? 'true' : 'false'}>
          {text}
        </span>
      </span>
      <button
        type="button"
        className="icon-button icon-button--small"
        data-testid="header-balance-toggle"
        aria-pressed={hidden}
        aria-label={hidden ? t('wallet.show') : t('wallet.hide')}
        onClick={() => setHidden(!hidden)}
      >
        {hidden ? <EyeOffIcon /> : <EyeIcon />}
      </button>
      <button
        type="button"
        className={`icon-button icon-button--small${refreshing ? ' is-spinning' : ''}`}
        data-testid="header-balance-refresh"
        aria-label={t('wallet.refresh')}
        aria-busy={refreshing}
        disabled={cooling || refreshing}
        onClick={refresh}
      >
        <RefreshIcon />
      </button>
      <button
        type="button"
        className="button button--primary button--small header-wallet__deposit"
        data-testid="header-deposit"
        onClick={() => go('depositv2')}
      >
        {/* A phone shows the plus sign beside the balance, the word stays its name (wallet.css). */}
        <PlusIcon className="header-wallet__deposit-icon" />
        <span className="header-wallet__deposit-text">{t('wallet.deposit')}</span>
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        data-testid="header-withdraw"
        onClick={() => go('withdraw')}
      >
        {t('wallet.withdraw')}
      </button>
    </div>
  );
}
