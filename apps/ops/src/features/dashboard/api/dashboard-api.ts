import { OpsDashboardSchema, OPS_API } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** Today's figures (permission dashboard.view). */
export const dashboardKeys = { today: ['ops', 'dashboard'] as const };

export const getDashboard = (signal?: AbortSignal) =>
  apiRequest(OPS_API.dashboard, { schema: OpsDashboardSchema, ...(signal ? { signal } : {}) });
