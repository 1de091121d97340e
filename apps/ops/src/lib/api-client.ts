import type { FieldError } from '@platform/contracts';
import type { z } from 'zod';
import { endSession, getToken } from './session';

/**
 * A failed call: the envelope's stable `code` (ErrorCode in contracts), the HTTP status, the server's message, and on
 * VALIDATION_FAILED the failing fields (`value.fields`, STAFF.md "Field errors"). Network failures are status 0, code
 * NETWORK; a response that does not match its schema is code INVALID_RESPONSE.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields: readonly FieldError[] = [],
    /** The failure envelope's whole `value`, for codes that carry details other than fields. */
    readonly value: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values that are empty (undefined, null, '') are left out, so a cleared filter is not sent. */
export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions<T> = {
  method?: Method;
  query?: Query;
  body?: unknown;
  /** Validates `value`; a response that does not match is a failure, never silently accepted. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 30_000;

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

const fieldsOf = (value: unknown): FieldError[] => {
  const fields = (value as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (field): field is FieldError =>
      typeof field === 'object' &&
      field !== null &&
      typeof (field as FieldError).path === 'string' &&
      typeof (field as FieldError).message === 'string',
  );
};

/**
 * A 401 on a call made with a token means the session is gone (idle or absolute time-out, signed out elsewhere):
 * forget it, and the app returns to the sign-in page with a message (STAFF.md "Staff sessions").
 */
const SESSION_GONE = new Set(['SESSION_EXPIRED', 'AUTH_REQUIRED']);

const send = async (path: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...(init.headers as Record<string, string>) };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    let response: Response;
    try {
      response = await fetch(path, { ...init, headers, signal: controller.signal });
    } catch {
      throw new ApiError('NETWORK', 0, 'network');
    }
    return { response, sentToken: token !== null };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
};

const failureOf = (response: Response, envelope: Envelope, sentToken: boolean): ApiError => {
  const code = typeof envelope.code === 'string' ? envelope.code : `HTTP_${response.status}`;
  const message = typeof envelope.message === 'string' ? envelope.message : response.statusText;
  if (response.status === 401 && sentToken && SESSION_GONE.has(code)) endSession('expired');
  return new ApiError(code, response.status, message, fieldsOf(envelope.value), envelope.value);
};

/** Calls the staff API and returns `value` of its `{ success, value, message, code }` envelope. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const { response, sentToken } = await send(
    withQuery(path, options.query),
    {
      method: options.method ?? 'GET',
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
      body: hasBody ? JSON.stringify(options.body) : null,
    },
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    options.signal,
  );
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope.success !== true) throw failureOf(response, envelope, sentToken);
  if (!options.schema) return envelope.value as T;
  const parsed = options.schema.safeParse(envelope.value);
  if (!parsed.success) throw new ApiError('INVALID_RESPONSE', response.status, 'invalid response');
  return parsed.data;
}

/** A file the API sends as an attachment (CSV exports): fetched with the token, failures as ApiError. */
export async function apiFile(path: string, query?: Query): Promise<{ blob: Blob; fileName: string | null }> {
  const { response, sentToken } = await send(
    withQuery(path, query),
    { method: 'GET', headers: { Accept: '*/*' } },
    120_000,
  );
  if (!response.ok) throw failureOf(response, await readEnvelope(response), sentToken);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}
