import type { z } from 'zod';
import { getToken } from './session';

/** A failed call: the server's message and stable code (DESIGN.md §4), or a network/format failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    /** The failure envelope's `value`: details to act on, e.g. `{ captcha: true }` or the field rule that failed. */
    readonly value: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions<T> = {
  method?: Method;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent form-encoded instead of JSON (spec §3: forgot-by-email is a form post). */
  form?: Record<string, string>;
  /** Validates `value`; a response that does not match is a failure, never silently accepted. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** Long enough for a slow mobile link, short enough that the user gets a retry instead of a frozen page. */
const DEFAULT_TIMEOUT_MS = 30_000;

const buildUrl = (path: string, query?: Record<string, string>) =>
  query && Object.keys(query).length > 0 ? `${path}?${new URLSearchParams(query).toString()}` : path;

const headersFor = (contentType: string | null, accept = 'application/json'): Record<string, string> => {
  const headers: Record<string, string> = { Accept: accept };
  if (contentType) headers['Content-Type'] = contentType;
  const token = getToken();
  // The session token travels only as a bearer header (spec "T"), never in a URL.
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
};

type EnvelopeShape = { success?: unknown; value?: unknown; message?: unknown; code?: unknown };

const readEnvelope = async (response: Response): Promise<EnvelopeShape> => {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as EnvelopeShape) : {};
  } catch {
    return {};
  }
};

/** Calls the platform API and returns `value` of a `{ success, value, message, code }` envelope. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);
  try {
    const [contentType, body] = options.form
      ? ['application/x-www-form-urlencoded', new URLSearchParams(options.form).toString()]
      : options.body !== undefined
        ? ['application/json', JSON.stringify(options.body)]
        : [null, null];
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers: headersFor(contentType),
        body,
        signal: controller.signal,
      });
    } catch {
      throw new ApiError('network', 0);
    }
    const envelope = await readEnvelope(response);
    if (!response.ok || envelope.success !== true) {
      const message = typeof envelope.message === 'string' ? envelope.message : response.statusText;
      const code = typeof envelope.code === 'string' ? envelope.code : null;
      throw new ApiError(message, response.status, code, envelope.value);
    }
    if (!options.schema) return envelope.value as T;
    const parsed = options.schema.safeParse(envelope.value);
    if (!parsed.success) throw new ApiError('invalid response', response.status);
    return parsed.data;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** A binary resource behind the session token (an <img> cannot send a bearer header): the member's avatar. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: headersFor(null, '*/*'), signal: signal ?? null });
  } catch {
    throw new ApiError('network', 0);
  }
  if (!response.ok) throw new ApiError(response.statusText, response.status);
  return response.blob();
}
