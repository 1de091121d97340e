import { createApiClient, type ApiError } from '@platform/ui';
import { endSession, getToken } from './session';

// The API client and its one error type live in packages/ui (shared with the player app).
export { ApiError, apiPath, isApiError, routeOf, withQuery, type Query, type RequestOptions } from '@platform/ui';

/**
 * A 401 on a call made with a token means the session is gone (idle or absolute time-out, signed out elsewhere):
 * forget it, and the app returns to the sign-in page with a message (STAFF.md "Staff sessions").
 */
const SESSION_GONE = new Set(['SESSION_EXPIRED', 'AUTH_REQUIRED']);

const onFailure = (error: ApiError) => {
  if (error.status === 401 && SESSION_GONE.has(error.code)) endSession('expired');
};

/** Calls the staff API: `apiRequest(path, options)`, `apiCall(descriptor, input)` and `apiFile` for exports. */
export const { apiRequest, apiCall, apiFile } = createApiClient({ getToken, onFailure });
