import { createApiClient } from '@platform/ui';
import { getToken } from './session';

// The API client and its one error type live in packages/ui (shared with the back office).
export {
  ApiError,
  apiPath,
  invalidResponse,
  isApiError,
  networkFailure,
  type Query,
  type RequestOptions,
} from '@platform/ui';

/** Calls the platform API: `apiRequest(path, options)`, `apiCall(descriptor, input)` and `apiBlob` for images. */
export const { apiRequest, apiCall, apiBlob } = createApiClient({ getToken });
