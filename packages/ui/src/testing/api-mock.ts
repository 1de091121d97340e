import { vi } from 'vitest';

// A test helper of both apps (vitest only; never imported by app code): `@platform/ui/testing`.

type Handler = (init: RequestInit | undefined, url: URL) => unknown;

/** Thrown by a handler to answer with a failure envelope (`{ success: false, code, message, value }`). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message = code,
    readonly value?: unknown,
  ) {
    super(message);
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with a tiny fake server: `"GET /wps/system/permission": () => value` answers with a
 * success envelope; a handler may be async, return a Response as it is, or throw an ApiFailure; any other
 * throw answers 500; an unknown path answers 404.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) return json({ success: false, message: 'not found', code: 'NOT_FOUND' }, 404);
    try {
      const value = await handler(init, url);
      return value instanceof Response ? value : json({ success: true, value });
    } catch (error) {
      if (error instanceof ApiFailure) {
        return json({ success: false, message: error.message, code: error.code, value: error.value }, error.status);
      }
      return json({ success: false, message: 'failed', code: 'INTERNAL' }, 500);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one endpoint, as `[url, init]` pairs. */
export const callsTo = (fetchMock: ReturnType<typeof mockApi>, method: string, pathname: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === pathname,
  );

/** The JSON body of a call. */
export const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body ?? 'null'));
