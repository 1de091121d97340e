import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Consolidated } from '@platform/contracts';
import { contractsQueryRoot } from '../api/contracts/contract-query';
import { fetchConsolidated } from '../api/contracts/get-consolidated';

/** Session keys of the spec §3 client session values the consolidated info sets. */
export const ENABLE_SALARY_KEY = 'enableSalary';
export const ENABLE_CONTRACT_KEY = 'enableContract';

const remember = (info: Consolidated) => {
  try {
    sessionStorage.setItem(ENABLE_SALARY_KEY, String(info.enableSalary));
    sessionStorage.setItem(ENABLE_CONTRACT_KEY, String(info.enableContract));
  } catch {
    // Storage refused (private mode): the menus still follow the query.
  }
};

/**
 * The consolidated contract info (spec §3, §7): which contract types the merchant offers, whether this agent holds,
 * has been offered or may offer each. Kept for a minute; it also keeps the session values enableSalary and
 * enableContract (spec §3 client session values), which the contract and salary menus follow.
 */
export function useConsolidated() {
  const query = useQuery({
    queryKey: [...contractsQueryRoot, 'consolidated'],
    queryFn: ({ signal }) => fetchConsolidated(signal),
    staleTime: 60_000,
  });
  const { data } = query;
  useEffect(() => {
    if (data) remember(data);
  }, [data]);
  return query;
}
