import { vi } from 'vitest';

type Handler = (init: RequestInit | undefined, url: URL) => unknown;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with a tiny fake server: `"GET /wps/system/permission": () => value` answers with a
 * success envelope; a handler that throws answers 500; an unknown path answers 404.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) return json({ success: false, message: 'not found', code: 'NOT_FOUND' }, 404);
    try {
      return json({ success: true, value: handler(init, url) });
    } catch {
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
