import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { PermissionConfig } from '@platform/contracts';
import { ConfigProvider } from '@/lib/config';
import { setSealKey } from '@/lib/seal-key';

/** Server state defaults: one retry, no refetch on every window focus (lists refresh on realtime events). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  });

export function AppProvider({ config, children }: { config: PermissionConfig; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Sealed ("E") payloads use the key the configuration publishes (spec §7, DESIGN.md §4).
  useState(() => setSealKey(config.security));
  return (
    <ConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
