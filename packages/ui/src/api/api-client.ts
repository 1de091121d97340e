import type { RouteDescriptor } from '@platform/contracts';
import type { z } from 'zod';
import { ApiError, invalidResponse, networkFailure } from './api-error';

type Method = RouteDescriptor['method'];

/** Query values that are empty (undefined, null, '') are left out, so a cleared filter is not sent. */
export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions<T> = {
  method?: Method;
  query?: Query;
  body?: unknown;
  /** Sent form-encoded instead of JSON (player spec §3: forgot-by-email is a form post). */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (files); the browser sets the boundary. */
  formData?: FormData;
  /** Validates `value`; a response that does not match is a failure, never silently accepted. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** Long enough for a slow mobile link, short enough that the user gets a retry instead of a frozen page. */
const DEFAULT_TIMEOUT_MS = 30_000;
const FILE_TIMEOUT_MS = 120_000;

/** The descriptor of `method path` in a list of routes (contracts' OPS_ROUTES, PLAYER_ROUTES); none is a bug. */
export const routeOf = (routes: readonly RouteDescriptor[], method: Method, path: string): RouteDescriptor => {
  const route = routes.find((one) => one.method === method && one.path === path);
  if (!route) throw new Error(`routeOf: no route ${method} ${path}`);
  return route;
};

/** `/wps/ops/staff/:id` + { id: 'a/b' } → `/wps/ops/staff/a%2Fb`. */
export const apiPath = (template: string, params: Record<string, string | number>): string =>
  template.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: missing :${name} for ${template}`);
    return encodeURIComponent(String(value));
  });

export const withQuery = (path: string, query?: Query): string => {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
};

type Envelope = { success?: unknown; value?: unknown; message?: unknown; code?: unknown };

const readEnvelope = async (response: Response): Promise<Envelope> => {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Envelope) : {};
  } catch {
    return {};
  }
};

const bodyOf = (options: RequestOptions<unknown>): [contentType: string | null, body: BodyInit | null] => {
  if (options.formData) return [null, options.formData];
  if (options.form) return ['application/x-www-form-urlencoded', new URLSearchParams(options.form).toString()];
  if (options.body !== undefined) return ['application/json', JSON.stringify(options.body)];
  return [null, null];
};

export type ApiClientOptions = {
  /** The session's bearer token, if any. It travels only as a header (player spec "T"), never in a URL. */
  getToken: () => string | null;
  /** Told of a failure to a call made with a token (the back office ends an expired session here). */
  onFailure?: (error: ApiError) => void;
};

/** What a route descriptor's call takes: the path's `:params`, the query and the body, each by its schema. */
export type RouteInput<D extends RouteDescriptor> = (D['params'] extends z.ZodType
  ? { params: z.input<D['params']> }
  : { params?: Record<string, string | number> }) & {
  query?: D['query'] extends z.ZodType ? z.input<D['query']> & Query : Query;
  body?: D['body'] extends z.ZodType ? z.input<D['body']> : unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/**
 * The API client of an app: `{ success, value, message, code }` envelopes unwrapped, failures as the one ApiError.
 * Each app builds it once (lib/api-client.ts) with its own session.
 */
export function createApiClient({ getToken, onFailure }: ApiClientOptions) {
  const send = async (path: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const abort = () => controller.abort();
    signal?.addEventListener('abort', abort);
    const token = getToken();
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      const response = await fetch(path, { ...init, headers, signal: controller.signal });
      return { response, sentToken: token !== null };
    } catch {
      throw networkFailure();
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  };

  const failureOf = (response: Response, envelope: Envelope, sentToken: boolean): ApiError => {
    const code = typeof envelope.code === 'string' ? envelope.code : `HTTP_${response.status}`;
    const message = typeof envelope.message === 'string' ? envelope.message : response.statusText;
    const error = new ApiError(code, response.status, message, envelope.value);
    if (sentToken) onFailure?.(error);
    return error;
  };

  /** Calls the API and returns `value` of its `{ success, value, message, code }` envelope. */
  async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const [contentType, body] = bodyOf(options as RequestOptions<unknown>);
    const { response, sentToken } = await send(
      withQuery(path, options.query),
      {
        method: options.method ?? 'GET',
        headers: contentType
          ? { Accept: 'application/json', 'Content-Type': contentType }
          : { Accept: 'application/json' },
        body,
      },
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      options.signal,
    );
    const envelope = await readEnvelope(response);
    if (!response.ok || envelope.success !== true) throw failureOf(response, envelope, sentToken);
    if (!options.schema) return envelope.value as T;
    const parsed = options.schema.safeParse(envelope.value);
    if (!parsed.success) throw invalidResponse(response.status);
    return parsed.data;
  }

  /**
   * Calls the route a descriptor names (packages/contracts/src/routes): its `:params` filled in, the query encoded,
   * the body sent as JSON. The answer is checked against `schema` when one is given.
   */
  function apiCall<D extends RouteDescriptor, T = unknown>(
    route: D,
    input: RouteInput<D> = {} as RouteInput<D>,
    schema?: z.ZodType<T>,
  ): Promise<T> {
    const params = (input.params ?? {}) as Record<string, string | number>;
    return apiRequest<T>(apiPath(route.path, params), {
      method: route.method,
      ...(input.query ? { query: input.query as Query } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(schema ? { schema } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
      ...(input.timeoutMs ? { timeoutMs: input.timeoutMs } : {}),
    });
  }

  /** A file the API sends as an attachment (CSV exports): fetched with the token, failures as ApiError. */
  async function apiFile(path: string, query?: Query): Promise<{ blob: Blob; fileName: string | null }> {
    const { response, sentToken } = await send(
      withQuery(path, query),
      { method: 'GET', headers: { Accept: '*/*' } },
      FILE_TIMEOUT_MS,
    );
    if (!response.ok) throw failureOf(response, await readEnvelope(response), sentToken);
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { blob: await response.blob(), fileName };
  }

  /** A binary resource behind the session token (an <img> cannot send a bearer header): the member's avatar. */
  async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
    const { response } = await send(path, { headers: { Accept: '*/*' } }, DEFAULT_TIMEOUT_MS, signal);
    if (!response.ok) throw new ApiError(`HTTP_${response.status}`, response.status, response.statusText);
    return response.blob();
  }

  return { apiRequest, apiCall, apiFile, apiBlob };
}
