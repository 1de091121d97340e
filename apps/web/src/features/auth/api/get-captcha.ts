import { API, type CaptchaResponse } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /wps/captcha (spec §7): a single-use captcha image (data URL) and the id to answer it with. */
export const getCaptcha = (signal?: AbortSignal): Promise<CaptchaResponse> =>
  apiRequest<CaptchaResponse>(API.captcha, signal ? { signal } : {});
