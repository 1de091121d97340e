import {
  StaffAccountPageSchema,
  StaffAccountSchema,
  type StaffCreate,
  type StaffUpdate,
  OPS_API,
} from '@platform/contracts';
import { apiPath, apiRequest, type Query } from '@/lib/api-client';

/** Staff management (permission staff.manage; STAFF_API_READY "Staff management"). */
export const staffKeys = { all: ['ops', 'staff'] as const };

/** `query` as the list page keeps it (URL strings: q, role, status, pageNo); the server validates StaffListQuerySchema. */
export const listStaff = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.staff.list, { query, schema: StaffAccountPageSchema, ...(signal ? { signal } : {}) });

export const createStaff = (body: StaffCreate) =>
  apiRequest(OPS_API.staff.list, { method: 'POST', body, schema: StaffAccountSchema });

export const updateStaff = (id: string, body: StaffUpdate) =>
  apiRequest(apiPath(OPS_API.staff.account, { id }), { method: 'PATCH', body, schema: StaffAccountSchema });

export const resetStaffMfa = (id: string) =>
  apiRequest(apiPath(OPS_API.staff.resetMfa, { id }), { method: 'POST', body: {}, schema: StaffAccountSchema });
