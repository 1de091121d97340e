import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import {
  SEAMLESS_HEADERS,
  seamlessSigningText,
  transferProtocolPath,
  type TransferProtocolOp,
} from '@platform/contracts';
import type { Clock } from '../../../lib/clock';

/**
 * The platform's client of the transfer protocol (packages/contracts/src/transfer-protocol.ts,
 * docs/protocols/transfer-wallet.md): signs a JSON body, posts it to `<api_url>/v1/transfer/<op>` and returns the
 * answer's `value` parsed with the contract's schema. Anything but a 2xx `{ success: true, value }` that parses is a
 * VendorNoAnswerError: for money that means "unknown" (the caller asks again later), never "failed".
 */

/** Where and as whom the platform calls one vendor for one merchant. */
export type TransferEndpoint = {
  /** Absolute `<api_url>` without a trailing slash. */
  baseUrl: string;
  merchantCode: string;
  vendorCode: string;
  secret: string;
};

export type TransferClientOptions = {
  /** Signs with this clock's time (X-Timestamp): the vendor checks it against its own within ±5 minutes. */
  now: Clock;
  timeoutMs: number;
  /** The HTTP client (a test may wrap it). */
  fetch?: typeof fetch;
};

/** The vendor gave no usable answer: a refusal (4xx, 5xx), a malformed body, a connection error or a timeout. */
export class VendorNoAnswerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message.slice(0, 180), options);
    this.name = 'VendorNoAnswerError';
  }
}

/** A bets page of 1000 rounds is about 300 KB; a larger answer is not one of ours. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Lower-case hex HMAC-SHA256 of `${timestamp}.${rawBody}`: the seamless protocol's scheme, in the other direction. */
export const signTransferRequest = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(seamlessSigningText(timestamp, rawBody)).digest('hex');

/**
 * `<api_url>` as an absolute base: a relative api_url (`/rgs`, a vendor mounted in this process) resolves against the
 * platform's own address. Undefined when it is relative and the platform does not know its address yet.
 */
export const resolveApiBase = (apiUrl: string, selfUrl: string | undefined): string | undefined => {
  if (apiUrl.startsWith('/')) {
    if (selfUrl === undefined) return undefined;
    return `${selfUrl.replace(/\/+$/, '')}${apiUrl}`.replace(/\/+$/, '');
  }
  return apiUrl.replace(/\/+$/, '');
};

/** The body as text, refused once it passes `limit` bytes (a vendor cannot make us buffer without bound). */
const readBounded = async (res: Response, limit: number): Promise<string> => {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > limit) throw new VendorNoAnswerError(`answer larger than ${limit} bytes`);
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new VendorNoAnswerError(`answer larger than ${limit} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The refusal's code, for the order's last_error (a vendor's message is not copied: it may hold anything). */
const refusalCode = (body: unknown): string => {
  const code = (body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? ` ${code}` : '';
};

export const transferProtocolClient = (options: TransferClientOptions) => {
  const send = options.fetch ?? fetch;

  /** One signed call; the answer's value parsed with `answer`, or a VendorNoAnswerError. */
  const call = async <S extends z.ZodType>(
    endpoint: TransferEndpoint,
    op: TransferProtocolOp,
    body: unknown,
    answer: S,
  ): Promise<z.infer<S>> => {
    const rawBody = JSON.stringify(body);
    const timestamp = String(options.now());
    let res: Response;
    try {
      res = await send(`${endpoint.baseUrl}${transferProtocolPath(op)}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SEAMLESS_HEADERS.merchant]: endpoint.merchantCode,
          [SEAMLESS_HEADERS.vendor]: endpoint.vendorCode,
          [SEAMLESS_HEADERS.timestamp]: timestamp,
          [SEAMLESS_HEADERS.signature]: signTransferRequest(endpoint.secret, timestamp, rawBody),
        },
        body: rawBody,
        // A redirected POST would be replayed elsewhere (or turned into a GET): not an answer.
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'unreachable';
      throw new VendorNoAnswerError(`${op}: ${reason}`, { cause: error });
    }
    let text: string;
    try {
      text = await readBounded(res, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof VendorNoAnswerError) throw error;
      throw new VendorNoAnswerError(`${op}: answer cut off`, { cause: error });
    }
    const json = parseJson(text);
    if (!res.ok) throw new VendorNoAnswerError(`${op}: HTTP ${res.status}${refusalCode(json)}`);
    const envelope = json as { success?: unknown; value?: unknown } | undefined;
    if (envelope?.success !== true)
      throw new VendorNoAnswerError(`${op}: not a successful envelope${refusalCode(json)}`);
    const parsed = answer.safeParse(envelope.value);
    if (!parsed.success) throw new VendorNoAnswerError(`${op}: malformed answer`);
    return parsed.data;
  };

  return { call };
};

export type TransferProtocolClient = ReturnType<typeof transferProtocolClient>;
