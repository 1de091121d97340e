import type { Lang } from './i18n';

/** The page session the launch answered (lib.ts), kept per tab. */
export type Session = {
  session: string;
  player: string;
  currency: string;
  mode: 'real' | 'play';
  lang: Lang;
  game: string;
  family: string;
  balance: string;
};

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly value?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type Api = {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
};

/** The RGS API's base: the game page's parent path. */
export const apiBase = (): URL => new URL('../', window.location.href);

/** One API call with the page session; a failure is an ApiError with the server's code (NETWORK when none came). */
export const call = async <T>(method: string, path: string, token: string | undefined, body?: unknown): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(new URL(`v1/${path}`, apiBase()), {
      method,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('NETWORK', 'network');
  }
  let envelope: { success?: boolean; value?: T; code?: string; message?: string };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError('NETWORK', `HTTP ${response.status}`);
  }
  if (!response.ok || envelope.success !== true) {
    throw new ApiError(
      envelope.code ?? 'OTHER',
      envelope.message ?? `HTTP ${response.status}`,
      envelope.value as never,
    );
  }
  return envelope.value as T;
};
