import { API, type CaptchaQuery, type CaptchaResponse } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /wps/captcha (spec §7): a single-use captcha and the id to answer it with; the picture (data URL) by default,
 * or the text question of ADR 0021 in the player's language where the merchant offers it.
 */
export const getCaptcha = (query: CaptchaQuery = {}, signal?: AbortSignal): Promise<CaptchaResponse> => {
  const params = new URLSearchParams();
  if (query.kind === 'text') params.set('kind', 'text');
  if (query.kind === 'text' && query.lang) params.set('lang', query.lang);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return apiRequest<CaptchaResponse>(`${API.captcha}${search}`, signal ? { signal } : {});
};
