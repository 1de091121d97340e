import { API, type Balance } from '@platform/contracts';
import { apiRequest, invalidResponse } from './api-client';

/** Every wallet query (balance, orders, records) starts with this key: a realtime event refreshes them all. */
export const WALLET_QUERY_ROOT = 'wallet';
export const balanceQueryKey = [WALLET_QUERY_ROOT, 'balance'] as const;

/**
 * GET /wps/v2/wallets/balance (spec §7, T). Checked by hand rather than by BalanceSchema: the header shows it on every
 * page, and zod stays off the first page (ADR 0008); the server serializes it through the schema.
 */
export const fetchBalance = async (signal?: AbortSignal): Promise<Balance> => {
  const value = await apiRequest<Balance>(API.wallet.balance, signal ? { signal } : {});
  if (typeof value !== 'object' || value === null || typeof value.balance !== 'string') {
    throw invalidResponse();
  }
  return value;
};

/** "1250000.50" → "1,250,000.50": thousands grouped on the decimal string itself, never through a float. */
export const groupDigits = (amount: string): string => {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
};
