import { createHmac } from 'node:crypto';
import {
  SEAMLESS_BATCH_PATH,
  SEAMLESS_HEADERS,
  SeamlessAnswerSchema,
  SeamlessBatchAnswerSchema,
  type SeamlessBatchItem,
  seamlessPath,
  seamlessSigningText,
  type SeamlessAnswer,
  type SeamlessBalanceRequest,
  type SeamlessCreditRequest,
  type SeamlessDebitRequest,
  type SeamlessEndRoundRequest,
  type SeamlessOp,
  type SeamlessRollbackRequest,
} from '@platform/contracts';
import type { Clock } from '../lib/clock';
import { RGS_VENDOR_CODE } from './vendor';

/**
 * How the RGS reaches one operator (merchant): its platform's base URL and the shared secret (PROTOCOL.md). The secret
 * is agreed per merchant and vendor: the lottery gateway calls for its own vendor codes (ADR 0033); no vendor = RGS.
 */
export type Operator = { platformUrl: string; secret: string };
export type OperatorResolver = (merchantCode: string, vendorCode?: string) => Operator | undefined;

export type SeamlessRequests = {
  balance: SeamlessBalanceRequest;
  debit: SeamlessDebitRequest;
  credit: SeamlessCreditRequest;
  rollback: SeamlessRollbackRequest;
  endRound: SeamlessEndRoundRequest;
};

/**
 * What a call came to. `refused` is a definite answer (the platform did not apply it); `unknown` means it may or
 * may not have been applied (no answer, a timeout, a 5xx, a 429): a credit is retried with the same transaction
 * id, a debit is rolled back.
 */
export type CallOutcome =
  | { kind: 'ok'; answer: SeamlessAnswer }
  | { kind: 'refused'; httpStatus: number; code: string; message: string; balance?: string }
  | { kind: 'unknown'; reason: 'network' | 'timeout' | 'server'; httpStatus?: number; message: string };

/** A batch call's outcome: each item's own (in order), or the whole batch's refusal or unknown outcome. */
export type BatchOutcome = { kind: 'ok'; items: CallOutcome[] } | Exclude<CallOutcome, { kind: 'ok' }>;

export type SeamlessClient = {
  call<Op extends SeamlessOp>(
    merchantCode: string,
    op: Op,
    body: SeamlessRequests[Op],
    vendorCode?: string,
  ): Promise<CallOutcome>;
  /** The batch call (ADR 0047): credits and endRounds under one signature, answered per item. */
  batch?(merchantCode: string, items: SeamlessBatchItem[], vendorCode?: string): Promise<BatchOutcome>;
};

export { RGS_VENDOR_CODE };
export const DEFAULT_CALL_TIMEOUT_MS = 5_000;
/** A batch call is up to BATCH_ITEMS settlements in one transaction: it gets longer than one call. */
export const DEFAULT_BATCH_TIMEOUT_MS = 60_000;

export const signSeamless = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(seamlessSigningText(timestamp, rawBody)).digest('hex');

type Envelope = { success?: unknown; value?: unknown; code?: unknown; message?: unknown };

const readEnvelope = async (response: Response): Promise<Envelope | undefined> => {
  try {
    const parsed: unknown = await response.json();
    return typeof parsed === 'object' && parsed !== null ? (parsed as Envelope) : undefined;
  } catch {
    return undefined;
  }
};

const balanceOf = (value: unknown): string | undefined => {
  const balance = (value as { balance?: unknown } | null | undefined)?.balance;
  return typeof balance === 'string' ? balance : undefined;
};

/** The seamless wallet client: every call signed (X-Signature over `${timestamp}.${rawBody}`), bounded in time. */
/** Signs and sends one request; reads the envelope. 429 and 5xx are unknown outcomes, as no answer is. */
const post = async (
  deps: { operators: OperatorResolver; clock: Pick<Clock, 'now'>; vendorCode?: string; timeoutMs?: number },
  merchantCode: string,
  vendorCode: string | undefined,
  path: string,
  label: string,
  body: unknown,
  timeoutMs: number,
): Promise<{ kind: 'ok'; value: unknown } | Exclude<CallOutcome, { kind: 'ok' }>> => {
  const vendor = vendorCode ?? deps.vendorCode ?? RGS_VENDOR_CODE;
  const operator = deps.operators(merchantCode, vendor);
  if (operator === undefined) {
    return { kind: 'refused', httpStatus: 0, code: 'OPERATOR_UNKNOWN', message: `No operator ${merchantCode}` };
  }
  const rawBody = JSON.stringify(body);
  const timestamp = String(deps.clock.now());
  const url = `${operator.platformUrl.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SEAMLESS_HEADERS.merchant]: merchantCode,
        [SEAMLESS_HEADERS.vendor]: vendor,
        [SEAMLESS_HEADERS.timestamp]: timestamp,
        [SEAMLESS_HEADERS.signature]: signSeamless(operator.secret, timestamp, rawBody),
      },
      body: rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    return name === 'TimeoutError' || name === 'AbortError'
      ? { kind: 'unknown', reason: 'timeout', message: `${label} timed out` }
      : { kind: 'unknown', reason: 'network', message: `${label} failed: ${(error as Error).message}` };
  }
  const envelope = await readEnvelope(response);
  // A 429 or a 5xx says nothing about whether the call was applied: treat it like no answer.
  if (response.status >= 500 || response.status === 429) {
    return {
      kind: 'unknown',
      reason: 'server',
      httpStatus: response.status,
      message: `${label} answered ${response.status}`,
    };
  }
  if (response.ok && envelope?.success === true) return { kind: 'ok', value: envelope.value };
  return {
    kind: 'refused',
    httpStatus: response.status,
    code: typeof envelope?.code === 'string' ? envelope.code : 'PLATFORM_REFUSED',
    message: typeof envelope?.message === 'string' ? envelope.message : `${label} was refused (${response.status})`,
    balance: balanceOf(envelope?.value),
  };
};

/** The seamless wallet client: every call signed (X-Signature over `${timestamp}.${rawBody}`), bounded in time. */
export const seamlessClientFactory = (deps: {
  operators: OperatorResolver;
  clock: Pick<Clock, 'now'>;
  vendorCode?: string;
  timeoutMs?: number;
}): SeamlessClient => ({
  call: async (merchantCode, op, body, vendorCode) => {
    const timeoutMs = deps.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const outcome = await post(deps, merchantCode, vendorCode, seamlessPath(op), op, body, timeoutMs);
    if (outcome.kind !== 'ok') return outcome;
    const answer = SeamlessAnswerSchema.safeParse(outcome.value);
    if (answer.success) return { kind: 'ok', answer: answer.data };
    return { kind: 'unknown', reason: 'server', httpStatus: 200, message: `${op} answer is malformed` };
  },
  batch: async (merchantCode, items, vendorCode) => {
    const timeoutMs = Math.max(deps.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, DEFAULT_BATCH_TIMEOUT_MS);
    const outcome = await post(deps, merchantCode, vendorCode, SEAMLESS_BATCH_PATH, 'batch', { items }, timeoutMs);
    if (outcome.kind !== 'ok') return outcome;
    const answer = SeamlessBatchAnswerSchema.safeParse(outcome.value);
    if (!answer.success || answer.data.items.length !== items.length) {
      return { kind: 'unknown', reason: 'server', httpStatus: 200, message: 'batch answer is malformed' };
    }
    return {
      kind: 'ok',
      items: answer.data.items.map((item): CallOutcome => {
        if (!item.ok) {
          const balance = item.balance === undefined ? {} : { balance: item.balance };
          return { kind: 'refused', httpStatus: 200, code: item.code, message: item.message, ...balance };
        }
        const { ok: _ok, ...answer } = item;
        return { kind: 'ok', answer };
      }),
    };
  },
});

/**
 * Distributed mode: RGS_PLATFORM_URL (one platform for every operator) and RGS_OPERATOR_SECRETS as
 * `code=secret,code=secret`. Codes are matched as written (merchant codes are lower case).
 */
export const operatorsFromEnv = (platformUrl: string, secrets: string): OperatorResolver => {
  const map = new Map<string, string>();
  for (const entry of secrets.split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const at = trimmed.indexOf('=');
    if (at <= 0 || at === trimmed.length - 1) throw new Error('RGS_OPERATOR_SECRETS must be code=secret,code=secret');
    map.set(trimmed.slice(0, at).trim(), trimmed.slice(at + 1).trim());
  }
  return (merchantCode) => {
    const secret = map.get(merchantCode);
    return secret === undefined ? undefined : { platformUrl, secret };
  };
};
