import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  formatMoney,
  parseMoney,
  SEAMLESS_BASE_PATH,
  SEAMLESS_BATCH_MAX_ITEMS,
  SEAMLESS_BATCH_PATH,
  SEAMLESS_HEADERS,
  SEAMLESS_OPS,
  SEAMLESS_REQUEST_SCHEMAS,
  SEAMLESS_TIME_WINDOW_MS,
  SeamlessBatchItemSchema,
  seamlessSigningText,
  type SeamlessOp,
} from '@platform/contracts';

/**
 * A platform as the RGS sees it, for tests: it checks every request's signature and time window, keeps one balance
 * per player, and applies the five seamless calls idempotently by transaction id (a repeat answers the first
 * answer with duplicate: true), with rollback tombstones. Faults can be injected per operation: answer 503 without
 * applying, apply and then answer 503 (the RGS cannot tell), or hang past the RGS's timeout (applied or not).
 */
export type Fault = 'fail' | 'apply-then-fail' | 'hang' | 'apply-then-hang';
export type RecordedCall = {
  op: SeamlessOp;
  body: Record<string, unknown>;
  status: number;
  /** false when the request was refused before reaching the wallet (signature, fault). */
  applied: boolean;
  /** The X-Vendor the call came with. */
  vendor?: string;
  /** An item of a batch call (ADR 0047). */
  batch?: true;
};

type Session = { playerId: string; currency: string };
type Bet = { playerId: string; amountMinor: bigint; state: 'OPEN' | 'SETTLED' | 'ROLLED_BACK' | 'TOMBSTONE' };
type Answer = { status: number; body: unknown };

const SCALE = 2;

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export const startFakePlatform = async (options: {
  secret: string;
  merchant?: string;
  now?: () => number;
  /** The vendor codes it takes calls from (default RGS; the lottery gateway calls as its own vendors). */
  vendors?: readonly string[];
  /** Whether it takes the batch call (default true). */
  batch?: boolean;
}) => {
  const vendors = options.vendors ?? ['RGS'];
  /** A platform from before the batch call answers it 404 (the RGS then sends single calls). */
  let batchEnabled = options.batch ?? true;
  const merchant = options.merchant ?? 'demo';
  const now = options.now ?? (() => Date.now());
  const sessions = new Map<string, Session>();
  const ended = new Set<string>();
  const balances = new Map<string, bigint>();
  const bets = new Map<string, Bet>();
  const answers = new Map<string, { op: SeamlessOp; answer: Answer }>();
  const calls: RecordedCall[] = [];
  const faults: { op: SeamlessOp | 'batch'; fault: Fault }[] = [];
  /** Batch calls received (each item is also in `calls`, marked `batch`). */
  const batches: { items: number; status: number }[] = [];
  const hung: ServerResponse[] = [];

  const envelopeOk = (playerId: string, currency: string, transactionId?: string) => ({
    status: 200,
    body: {
      success: true,
      value: {
        balance: formatMoney(balances.get(playerId) ?? 0n, SCALE),
        currency,
        ...(transactionId === undefined ? {} : { transactionId }),
      },
    },
  });
  const refuse = (status: number, code: string, message: string, value?: unknown): Answer => ({
    status,
    body: { success: false, code, message, ...(value === undefined ? {} : { value }) },
  });

  const verify = (request: IncomingMessage, raw: string): Answer | undefined => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    if (header(SEAMLESS_HEADERS.merchant) !== merchant || !vendors.includes(header(SEAMLESS_HEADERS.vendor) ?? '')) {
      return refuse(401, 'VENDOR_UNKNOWN', 'unknown vendor');
    }
    const timestamp = header(SEAMLESS_HEADERS.timestamp) ?? '';
    const signature = header(SEAMLESS_HEADERS.signature) ?? '';
    const expected = createHmac('sha256', options.secret).update(seamlessSigningText(timestamp, raw)).digest('hex');
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
      return refuse(401, 'SIGNATURE_INVALID', 'bad signature');
    }
    if (Math.abs(now() - Number(timestamp)) > SEAMLESS_TIME_WINDOW_MS) return refuse(401, 'TIMESTAMP_STALE', 'stale');
    return undefined;
  };

  const apply = (op: SeamlessOp, body: Record<string, string>): Answer => {
    const session = sessions.get(body.sessionToken!);
    if (session === undefined) return refuse(401, 'SESSION_INVALID', 'no such game session');
    if (session.playerId !== body.playerId) return refuse(403, 'PLAYER_MISMATCH', 'wrong player');
    if (session.currency !== body.currency) return refuse(403, 'CURRENCY_MISMATCH', 'wrong currency');
    const { playerId, currency } = session;
    // The player's platform session ended (logout): no more bets or balances; the rest settles (protocol rule 5).
    if (ended.has(body.sessionToken!) && (op === 'balance' || op === 'debit')) {
      return refuse(403, 'SESSION_EXPIRED', 'the game session has ended');
    }
    if (op === 'balance') return envelopeOk(playerId, currency);
    const transactionId = body.transactionId!;
    const previous = answers.get(transactionId);
    if (previous !== undefined) {
      if (previous.op !== op) return refuse(409, 'TRANSACTION_CONFLICT', 'transaction id reused');
      const first = previous.answer.body as { value?: Record<string, unknown> };
      return { status: previous.answer.status, body: { ...first, value: { ...first.value, duplicate: true } } };
    }
    let answer: Answer;
    const balance = balances.get(playerId) ?? 0n;
    if (op === 'debit') {
      const amount = parseMoney(body.amount!, SCALE);
      const bet = bets.get(transactionId);
      if (bet?.state === 'TOMBSTONE') answer = refuse(409, 'BET_ROLLED_BACK', 'bet was rolled back');
      else if (balance < amount) {
        answer = refuse(402, 'INSUFFICIENT_FUNDS', 'insufficient funds', {
          balance: formatMoney(balance, SCALE),
          currency,
        });
      } else {
        balances.set(playerId, balance - amount);
        bets.set(transactionId, { playerId, amountMinor: amount, state: 'OPEN' });
        answer = envelopeOk(playerId, currency, transactionId);
      }
    } else if (op === 'credit') {
      const bet = bets.get(body.betTransactionId!);
      if (bet === undefined || bet.state === 'TOMBSTONE') answer = refuse(404, 'BET_NOT_FOUND', 'no such bet');
      else if (bet.state === 'ROLLED_BACK') answer = refuse(409, 'BET_ROLLED_BACK', 'bet was rolled back');
      else {
        balances.set(playerId, balance + parseMoney(body.amount!, SCALE, { allowZero: true }));
        if ((body as Record<string, unknown>).endRound === true) bet.state = 'SETTLED';
        answer = envelopeOk(playerId, currency, transactionId);
      }
    } else if (op === 'rollback') {
      const bet = bets.get(body.betTransactionId!);
      if (bet === undefined) bets.set(body.betTransactionId!, { playerId, amountMinor: 0n, state: 'TOMBSTONE' });
      else if (bet.state === 'OPEN') {
        balances.set(playerId, balance + bet.amountMinor);
        bet.state = 'ROLLED_BACK';
      }
      answer = envelopeOk(playerId, currency, transactionId);
    } else {
      answer = envelopeOk(playerId, currency, transactionId);
    }
    if (answer.status === 200) answers.set(transactionId, { op, answer });
    return answer;
  };

  /** The batch call: each item applied as its single call, answered per item. */
  const handleBatch = (request: IncomingMessage, raw: string, response: ServerResponse): void => {
    const send = (answer: Answer, items: number) => {
      batches.push({ items, status: answer.status });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    };
    const refused = verify(request, raw);
    if (refused !== undefined) return send(refused, 0);
    const items = (JSON.parse(raw) as { items?: unknown }).items;
    if (!Array.isArray(items) || items.length === 0) return send(refuse(400, 'VALIDATION_FAILED', 'no items'), 0);
    if (items.length > SEAMLESS_BATCH_MAX_ITEMS) return send(refuse(413, 'BATCH_TOO_LARGE', 'too many'), items.length);
    // A fault queued for the batch, or else for the op of one of its items, befalls the whole batch: its items are
    // recorded with the batch's status, so a test of one call's retries reads the same whichever path sent it.
    const ops = new Set(items.map((item) => (item as { op?: unknown } | null)?.op));
    let faultIndex = faults.findIndex((entry) => entry.op === 'batch');
    if (faultIndex === -1) faultIndex = faults.findIndex((entry) => ops.has(entry.op));
    const fault = faultIndex === -1 ? undefined : faults.splice(faultIndex, 1)[0]!.fault;
    const vendor = String(request.headers[SEAMLESS_HEADERS.vendor] ?? '');
    const failed = fault === 'fail' || fault === 'apply-then-fail';
    const results = items.map((item: unknown) => {
      const parsed = SeamlessBatchItemSchema.safeParse(item);
      if (!parsed.success) return { ok: false, code: 'VALIDATION_FAILED', message: parsed.error.message };
      const { op, ...body } = parsed.data;
      if (fault === 'fail') {
        calls.push({ op, body, status: 503, applied: false, vendor, batch: true });
        return undefined;
      }
      const answer = apply(op, body as unknown as Record<string, string>);
      const status = failed ? 503 : answer.status;
      calls.push({ op, body, status, applied: answer.status === 200, vendor, batch: true });
      const envelope = answer.body as { success: boolean; value?: Record<string, unknown>; code?: string };
      return envelope.success
        ? { ok: true, ...envelope.value }
        : { ok: false, transactionId: body.transactionId, code: envelope.code, message: 'refused' };
    });
    if (failed) return send(refuse(503, 'INTERNAL', 'unavailable'), items.length);
    send({ status: 200, body: { success: true, value: { items: results } } }, items.length);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const raw = await readBody(request);
    if (request.url === SEAMLESS_BATCH_PATH && batchEnabled) return handleBatch(request, raw, response);
    const op = (request.url ?? '').slice(SEAMLESS_BASE_PATH.length + 1) as SeamlessOp;
    const vendor = String(request.headers[SEAMLESS_HEADERS.vendor.toLowerCase()] ?? '');
    const send = (answer: Answer, applied: boolean, body: Record<string, unknown>) => {
      calls.push({ op, body, status: answer.status, applied, vendor });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    };
    if (!(request.url ?? '').startsWith(`${SEAMLESS_BASE_PATH}/`) || !SEAMLESS_OPS.includes(op)) {
      response.writeHead(404).end();
      return;
    }
    const refused = verify(request, raw);
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // answered below as a validation failure
    }
    if (refused !== undefined) return send(refused, false, parsed);
    const valid = SEAMLESS_REQUEST_SCHEMAS[op].safeParse(parsed);
    if (!valid.success) return send(refuse(400, 'VALIDATION_FAILED', valid.error.message), false, parsed);
    const faultIndex = faults.findIndex((entry) => entry.op === op);
    const fault = faultIndex === -1 ? undefined : faults.splice(faultIndex, 1)[0]!.fault;
    if (fault === 'fail') return send(refuse(503, 'INTERNAL', 'unavailable'), false, parsed);
    if (fault === 'hang') {
      calls.push({ op, body: parsed, status: 0, applied: false });
      hung.push(response);
      return;
    }
    const answer = apply(op, parsed as Record<string, string>);
    if (fault === 'apply-then-fail') return send(refuse(503, 'INTERNAL', 'unavailable'), true, parsed);
    if (fault === 'apply-then-hang') {
      calls.push({ op, body: parsed, status: 0, applied: true });
      hung.push(response);
      return;
    }
    send(answer, answer.status === 200, parsed);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** A game session as the platform's launch issues it; returns the launch token. */
    issueSession: (playerId: string, balance: string, currency = 'PHP'): string => {
      const token = randomBytes(32).toString('base64url');
      sessions.set(token, { playerId, currency });
      if (!balances.has(playerId)) balances.set(playerId, parseMoney(balance, SCALE, { allowZero: true }));
      return token;
    },
    /** The player logged out of the platform: the game session of this launch token ends. */
    endSession: (token: string): void => {
      ended.add(token);
    },
    balanceOf: (playerId: string): string => formatMoney(balances.get(playerId) ?? 0n, SCALE),
    /** The next call of `op` gets this fault (several calls queue several faults). */
    batches,
    /** Switches the batch call on or off (off: answered 404, as a platform without it). */
    takeBatches: (on: boolean): void => {
      batchEnabled = on;
    },
    failNext: (op: SeamlessOp | 'batch', fault: Fault, times = 1): void => {
      for (let i = 0; i < times; i += 1) faults.push({ op, fault });
    },
    callsFor: (roundId: string): RecordedCall[] => calls.filter((call) => call.body.roundId === roundId),
    close: async (): Promise<void> => {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
export type FakePlatform = Awaited<ReturnType<typeof startFakePlatform>>;
