import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  type CashierOrderEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@platform/contracts';
import { i18n } from './i18n/i18n';
import { onMessageUnread } from './inbox';
import { getToken, useSession } from './session';
import { showToast } from './toast';
import { balanceQueryKey, WALLET_QUERY_ROOT } from './wallet';

/** The query roots of the deposit and withdrawal features (their api files use these): an order event refreshes them. */
export const ORDER_QUERY_ROOTS = { deposit: 'deposit', withdrawal: 'withdraw' } as const;

/** The player's notice of a cashier decision, e.g. "Your deposit D… was approved" (deposit.notify.APPROVED). */
const orderNotice = ({ kind, orderNo, status }: CashierOrderEvent): string =>
  i18n.t(`${kind === 'deposit' ? 'deposit' : 'withdraw'}.notify.${status}`, { orderNo });

/**
 * The realtime connection (DESIGN.md §8) while someone is logged in: Socket.IO with the session token in the
 * handshake (never in the URL). Events refresh TanStack Query caches instead of patching state: `wallet.balance`
 * seeds the balance and marks every wallet query stale, so open order lists and records refetch too; `cashier.order`
 * (a cashier's decision on a deposit or withdrawal) refetches that feature's queries and tells the player in a toast.
 * The client library is loaded only once a session exists; guests never download it.
 */
export function useRealtime() {
  const { isLogin } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!isLogin || token === null) return;
    let closed = false;
    let close = () => {
      closed = true;
    };
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
        path: REALTIME_PATH,
        auth: { token },
        transports: ['websocket', 'polling'],
      });
      socket.on('wallet.balance', (balance) => {
        queryClient.setQueryData(balanceQueryKey, balance);
        void queryClient.invalidateQueries({
          queryKey: [WALLET_QUERY_ROOT],
          predicate: (query) => query.queryKey[1] !== 'balance',
        });
      });
      socket.on('cashier.order', (event) => {
        void queryClient.invalidateQueries({ queryKey: [ORDER_QUERY_ROOTS[event.kind]] });
        showToast(orderNotice(event));
      });
      socket.on('message.unread', (event) => onMessageUnread(queryClient, event));
      // A refused handshake (expired session) is final for this token: the next login opens a new connection.
      socket.on('connect_error', (error) => {
        if (error.message === 'AUTH_REQUIRED' || error.message === 'SESSION_EXPIRED') socket.close();
      });
      close = () => {
        socket.close();
      };
    });
    return () => close();
  }, [isLogin, queryClient]);
}
