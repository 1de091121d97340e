import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RouteDescriptor } from '@platform/contracts';
import { createApiClient } from './api-client';
import { ApiError, isApiError } from './api-error';

type Sent = { url: string; init: RequestInit };

/** Stubs fetch with one answer and records what the client sent. */
const answer = (status: number, body: unknown): Sent[] => {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
};

const STAFF_MEMBER: RouteDescriptor = {
  method: 'PATCH',
  path: '/wps/ops/members/:id',
  auth: 'staff',
  params: z.object({ id: z.string() }),
  body: z.object({ status: z.number() }),
};

afterEach(() => vi.unstubAllGlobals());

describe('the shared API client', () => {
  it("should call a route descriptor with its path's params filled in, the query encoded and the body as JSON", async () => {
    const sent = answer(200, { success: true, value: { id: 'a/b', status: 2 } });
    const { apiCall } = createApiClient({ getToken: () => 'token-1' });
    const value = await apiCall(STAFF_MEMBER, {
      params: { id: 'a/b' },
      query: { page: 2, search: '', filter: undefined },
      body: { status: 2 },
    });
    expect(value).toEqual({ id: 'a/b', status: 2 });
    expect(sent[0]?.url).toBe('/wps/ops/members/a%2Fb?page=2');
    expect(sent[0]?.init.method).toBe('PATCH');
    expect(sent[0]?.init.body).toBe('{"status":2}');
    expect((sent[0]?.init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it("should turn a refusal into the one ApiError with the envelope's code, status, message and field errors", async () => {
    answer(400, {
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Invalid body',
      value: { fields: [{ path: 'status', message: 'Expected a number' }, { nonsense: true }] },
    });
    const onFailure = vi.fn();
    const { apiCall } = createApiClient({ getToken: () => 'token-1', onFailure });
    const error = await apiCall(STAFF_MEMBER, { params: { id: '7' }, body: { status: 9 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 'VALIDATION_FAILED')).toBe(true);
    const apiError = error as ApiError;
    expect([apiError.code, apiError.status, apiError.message]).toEqual(['VALIDATION_FAILED', 400, 'Invalid body']);
    expect(apiError.fields).toEqual([{ path: 'status', message: 'Expected a number' }]);
    expect(onFailure).toHaveBeenCalledWith(apiError);
  });

  it('should name an answer without an envelope by its status, and not report it when no token was sent', async () => {
    answer(502, 'Bad gateway');
    const onFailure = vi.fn();
    const { apiRequest } = createApiClient({ getToken: () => null, onFailure });
    const error = (await apiRequest('/wps/health').catch((e: unknown) => e)) as ApiError;
    expect([error.code, error.status]).toEqual(['HTTP_502', 502]);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('should refuse an answer that does not match its schema, and report a network failure as NETWORK', async () => {
    answer(200, { success: true, value: { balance: 'lots' } });
    const { apiRequest } = createApiClient({ getToken: () => null });
    const wrong = (await apiRequest('/wps/balance', { schema: z.object({ balance: z.number() }) }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(wrong.code).toBe('INVALID_RESPONSE');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = (await apiRequest('/wps/balance').catch((e: unknown) => e)) as ApiError;
    expect([offline.code, offline.status]).toEqual(['NETWORK', 0]);
  });
});
