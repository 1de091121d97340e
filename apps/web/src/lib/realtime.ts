import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@platform/contracts';
import { getToken, useSession } from './session';
import { balanceQueryKey, WALLET_QUERY_ROOT } from './wallet';

/**
 * The realtime connection (DESIGN.md §8) while someone is logged in: Socket.IO with the session token in the
 * handshake (never in the URL). Events refresh TanStack Query caches instead of patching state: `wallet.balance`
 * seeds the balance and marks every wallet query stale, so open order lists and records refetch too.
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
