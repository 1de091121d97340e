import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { z } from 'zod';
import {
  formatMoney,
  parseMoney,
  SEAMLESS_HEADERS,
  SEAMLESS_TIME_WINDOW_MS,
  TRANSFER_PROTOCOL_BASE_PATH,
  VendorBalanceQuerySchema,
  VendorBetsQuerySchema,
  VendorOrderQuerySchema,
  VendorTransferCallSchema,
  type TransferProtocolErrorCode,
  type VendorBetRound,
  type VendorTransferCallBody,
} from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import { constantTimeEqual } from '../../../lib/tokens';
import { signTransferRequest } from './transfer-protocol.client';

/**
 * A vendor that implements the transfer protocol honestly, on 127.0.0.1, for the conformance suite: its own wallets,
 * a transfer applied at most once per order number, NOT_FOUND answered only for orders it never applied and then
 * refused for good, bet records paged by an opaque cursor, and every request's signature and timestamp checked. Fault
 * switches make it misbehave the way real vendors do (late, dropped, broken answers).
 */

/**
 * - HOLD: applies the transfer, then keeps the answer until `releaseHeld()` (it arrives after the platform gave up);
 * - DROP: closes the connection before reading the request (never received);
 * - STASH: keeps the request unapplied and unanswered (lost on the way); `deliverStashed()` applies it later;
 * - FAIL: answers FAILED and applies nothing;
 * - ERROR: answers 500 without applying;
 * - MALFORMED: applies the transfer, then answers a body outside the contract.
 */
export type FakeTransferFault = 'HOLD' | 'DROP' | 'STASH' | 'FAIL' | 'ERROR' | 'MALFORMED';
/** ERROR: 500; MALFORMED: a status outside the contract. */
export type FakeQueryFault = 'ERROR' | 'MALFORMED';

export type FakeRequest = { op: string; status: number; code?: string; body: unknown };

type Round = Omit<VendorBetRound, 'bet' | 'win' | 'settledAt'> & {
  merchantCode: string;
  betMinor: bigint;
  winMinor: bigint;
  settledAt: string | null;
};

export type FakeVendorOptions = {
  vendorCode: string;
  /** The secret the vendor expects per merchant code (it may differ from the platform's, to test refusals). */
  secret: string;
  currency: string;
  now: Clock;
  /** Path the protocol is served under (`<prefix>/v1/transfer/<op>`). */
  prefix: string;
  /** Largest page the vendor answers, whatever the platform's limit. */
  pageSize: number;
};

const SCALE = 2;

export const startFakeTransferVendor = async (options: FakeVendorOptions) => {
  let secret = options.secret;
  const wallets = new Map<string, bigint>();
  /** merchant:orderNo → what happened; NOT_FOUND once answered so, and refused from then on. */
  const orders = new Map<string, 'SUCCESS' | 'FAILED' | 'NOT_FOUND'>();
  const rounds: Round[] = [];
  const requests: FakeRequest[] = [];
  const transferFaults: FakeTransferFault[] = [];
  const queryFaults: FakeQueryFault[] = [];
  /** Bets pages after the first of a window that answer 500 (a vendor failing half-way through a window). */
  let failingPages = 0;
  const held: (() => void)[] = [];
  const stashed: { merchantCode: string; call: VendorTransferCallBody }[] = [];
  const sockets = new Set<Socket>();
  let roundSeq = 0;

  const walletKey = (merchantCode: string, playerId: string) => `${merchantCode}:${playerId}`;
  const balanceOf = (merchantCode: string, playerId: string) => wallets.get(walletKey(merchantCode, playerId)) ?? 0n;

  /** At most once per order number; a transfer after NOT_FOUND is refused (FAILED) and moves nothing. */
  const apply = (merchantCode: string, call: VendorTransferCallBody, forced?: 'FAILED'): 'SUCCESS' | 'FAILED' => {
    const key = `${merchantCode}:${call.orderNo}`;
    const seen = orders.get(key);
    if (seen === 'SUCCESS' || seen === 'FAILED') return seen;
    if (seen === 'NOT_FOUND') return 'FAILED';
    const amount = parseMoney(call.amount, SCALE);
    const balance = balanceOf(merchantCode, call.playerId);
    let status: 'SUCCESS' | 'FAILED' = forced ?? 'SUCCESS';
    if (status === 'SUCCESS' && call.direction === 'OUT' && balance < amount) status = 'FAILED';
    if (status === 'SUCCESS') {
      wallets.set(walletKey(merchantCode, call.playerId), balance + (call.direction === 'IN' ? amount : -amount));
    }
    orders.set(key, status);
    return status;
  };

  const send = (res: ServerResponse, status: number, payload: unknown, record: Omit<FakeRequest, 'status'>) => {
    requests.push({ ...record, status });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  const refuse = (
    res: ServerResponse,
    status: number,
    code: TransferProtocolErrorCode,
    record: Omit<FakeRequest, 'status'>,
  ) => send(res, status, { success: false, code, message: code }, { ...record, code });
  const ok = (res: ServerResponse, value: unknown, record: Omit<FakeRequest, 'status'>) =>
    send(res, 200, { success: true, value }, record);

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  /** The signed request's merchant code, or a refusal already sent. */
  const authenticate = (req: IncomingMessage, raw: string, res: ServerResponse, op: string): string | null => {
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : '';
    };
    const record = { op, body: undefined };
    if (header(SEAMLESS_HEADERS.vendor) !== options.vendorCode) {
      refuse(res, 401, 'VENDOR_UNKNOWN', record);
      return null;
    }
    const timestamp = header(SEAMLESS_HEADERS.timestamp);
    if (!/^\d{1,15}$/.test(timestamp) || Math.abs(Number(timestamp) - options.now()) > SEAMLESS_TIME_WINDOW_MS) {
      refuse(res, 401, 'TIMESTAMP_STALE', record);
      return null;
    }
    const expected = Buffer.from(signTransferRequest(secret, timestamp, raw));
    if (!constantTimeEqual(expected, Buffer.from(header(SEAMLESS_HEADERS.signature)))) {
      refuse(res, 401, 'SIGNATURE_INVALID', record);
      return null;
    }
    return header(SEAMLESS_HEADERS.merchant);
  };

  const parse = <S extends z.ZodType>(schema: S, raw: string): z.infer<S> | undefined => {
    try {
      const result = schema.safeParse(JSON.parse(raw));
      return result.success ? result.data : undefined;
    } catch {
      return undefined;
    }
  };

  const bets = (merchantCode: string, query: z.infer<typeof VendorBetsQuerySchema>) => {
    const fromMs = Date.parse(query.from);
    const toMs = Date.parse(query.to);
    if (Number.isNaN(fromMs) || Number.isNaN(toMs) || toMs - fromMs > 24 * 60 * 60_000 || toMs < fromMs) return null;
    const matching = rounds
      .filter((r) => r.merchantCode === merchantCode && r.settledAt !== null)
      .filter((r) => Date.parse(r.settledAt ?? '') >= fromMs && Date.parse(r.settledAt ?? '') < toMs)
      .sort((a, b) => (a.settledAt ?? '').localeCompare(b.settledAt ?? '') || a.roundId.localeCompare(b.roundId));
    const offset = query.cursor === undefined ? 0 : Number(Buffer.from(query.cursor, 'base64url').toString());
    const size = Math.min(query.limit, options.pageSize);
    const page = matching.slice(offset, offset + size).map((r): VendorBetRound => ({
      ...{ roundId: r.roundId, playerId: r.playerId, gameCode: r.gameCode, currency: r.currency },
      ...{ bet: formatMoney(r.betMinor, SCALE), win: formatMoney(r.winMinor, SCALE), status: r.status },
      ...{ startedAt: r.startedAt, settledAt: r.settledAt ?? '' },
    }));
    const next = offset + size < matching.length ? Buffer.from(String(offset + size)).toString('base64url') : null;
    return { rounds: page, nextCursor: next };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const op = path.startsWith(`${options.prefix}${TRANSFER_PROTOCOL_BASE_PATH}/`)
      ? path.slice(`${options.prefix}${TRANSFER_PROTOCOL_BASE_PATH}/`.length)
      : '';
    if (op === 'transfer' && transferFaults[0] === 'DROP') {
      transferFaults.shift();
      requests.push({ op, status: 0, body: undefined });
      req.socket.destroy();
      return;
    }
    const raw = await readBody(req);
    if (req.method !== 'POST') return refuse(res, 404, 'NOT_FOUND', { op, body: undefined });
    const merchantCode = authenticate(req, raw, res, op);
    if (merchantCode === null) return;
    switch (op) {
      case 'transfer': {
        const call = parse(VendorTransferCallSchema, raw);
        if (call === undefined || call.currency !== options.currency) {
          return refuse(res, 400, 'VALIDATION_FAILED', { op, body: raw });
        }
        const record = { op, body: call };
        const fault = transferFaults.shift();
        if (fault === 'STASH') {
          stashed.push({ merchantCode, call });
          requests.push({ ...record, status: 0 });
          held.push(() => res.destroy());
          return;
        }
        if (fault === 'ERROR') return refuse(res, 500, 'INTERNAL', record);
        const status = apply(merchantCode, call, fault === 'FAIL' ? 'FAILED' : undefined);
        const value = { status, balance: formatMoney(balanceOf(merchantCode, call.playerId), SCALE) };
        if (fault === 'MALFORMED') return ok(res, { status: 'DONE', balance: value.balance }, record);
        if (fault === 'HOLD') {
          held.push(() => ok(res, value, record));
          return;
        }
        return ok(res, value, record);
      }
      case 'order': {
        const query = parse(VendorOrderQuerySchema, raw);
        if (query === undefined) return refuse(res, 400, 'VALIDATION_FAILED', { op, body: raw });
        const record = { op, body: query };
        const fault = queryFaults.shift();
        if (fault === 'ERROR') return refuse(res, 500, 'INTERNAL', record);
        if (fault === 'MALFORMED') return ok(res, { status: 'MAYBE' }, record);
        const key = `${merchantCode}:${query.orderNo}`;
        const status = orders.get(key) ?? 'NOT_FOUND';
        if (status === 'NOT_FOUND') orders.set(key, 'NOT_FOUND');
        return ok(res, { status }, record);
      }
      case 'balance': {
        const query = parse(VendorBalanceQuerySchema, raw);
        if (query === undefined || query.currency !== options.currency) {
          return refuse(res, 400, 'VALIDATION_FAILED', { op, body: raw });
        }
        return ok(res, { balance: formatMoney(balanceOf(merchantCode, query.playerId), SCALE) }, { op, body: query });
      }
      case 'bets': {
        const query = parse(VendorBetsQuerySchema, raw);
        const page = query === undefined ? null : bets(merchantCode, query);
        if (page === null) return refuse(res, 400, 'VALIDATION_FAILED', { op, body: raw });
        if (failingPages > 0 && query?.cursor !== undefined) {
          failingPages -= 1;
          return refuse(res, 500, 'INTERNAL', { op, body: query });
        }
        return ok(res, page, { op, body: query });
      }
      default:
        return refuse(res, 404, 'NOT_FOUND', { op, body: undefined });
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A round as the vendor's games make it: the stake leaves the wallet now, the settlement comes later. */
  const startRound = (merchantCode: string, playerId: string, betMinor: bigint, gameCode = 'fake-slot'): string => {
    const balance = balanceOf(merchantCode, playerId);
    if (balance < betMinor) throw new Error(`fake vendor: ${playerId} cannot stake ${betMinor} with ${balance}`);
    wallets.set(walletKey(merchantCode, playerId), balance - betMinor);
    roundSeq += 1;
    const roundId = `r-${process.pid}-${roundSeq}-${Math.floor(Math.random() * 1e9)}`;
    rounds.push({
      ...{ merchantCode, roundId, playerId, gameCode, currency: options.currency, betMinor, winMinor: 0n },
      ...{ status: 'SETTLED', startedAt: new Date(options.now()).toISOString(), settledAt: null },
    });
    return roundId;
  };
  const settleRound = (roundId: string, winMinor: bigint, status: 'SETTLED' | 'CANCELLED' = 'SETTLED') => {
    const round = rounds.find((r) => r.roundId === roundId);
    if (round === undefined || round.settledAt !== null) throw new Error(`fake vendor: round ${roundId} not open`);
    const paid = status === 'CANCELLED' ? round.betMinor : winMinor;
    const key = walletKey(round.merchantCode, round.playerId);
    wallets.set(key, (wallets.get(key) ?? 0n) + paid);
    Object.assign(round, { status, winMinor: status === 'CANCELLED' ? 0n : winMinor });
    round.settledAt = new Date(options.now()).toISOString();
  };

  return {
    origin,
    requests,
    balanceOf,
    /** A whole round settled now: stake and win in one go. */
    play: (merchantCode: string, playerId: string, betMinor: bigint, winMinor: bigint, gameCode?: string) => {
      const roundId = startRound(merchantCode, playerId, betMinor, gameCode);
      settleRound(roundId, winMinor);
      return roundId;
    },
    startRound,
    settleRound,
    cancelRound: (roundId: string) => settleRound(roundId, 0n, 'CANCELLED'),
    /** A round the vendor reports with a playerId the platform never issued. */
    addForeignRound: (merchantCode: string, playerId: string) => {
      wallets.set(walletKey(merchantCode, playerId), 100n);
      return settleRound(startRound(merchantCode, playerId, 100n), 0n);
    },
    onTransfer: (...faults: FakeTransferFault[]) => transferFaults.push(...faults),
    onQuery: (...faults: FakeQueryFault[]) => queryFaults.push(...faults),
    /** The next `count` bets requests that carry a cursor answer 500. */
    failNextPages: (count = 1) => {
      failingPages += count;
    },
    setSecret: (next: string) => {
      secret = next;
    },
    /** Sends the answers kept by HOLD (the platform has long given up on them). */
    releaseHeld: () => {
      for (const release of held.splice(0)) release();
    },
    /** The requests STASH kept arrive at last: each is applied (or refused) as the rules say. */
    deliverStashed: () => stashed.splice(0).map(({ merchantCode, call }) => apply(merchantCode, call)),
    reset: () => {
      transferFaults.length = 0;
      queryFaults.length = 0;
      failingPages = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const release of held.splice(0)) release();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type FakeTransferVendor = Awaited<ReturnType<typeof startFakeTransferVendor>>;
