import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@platform/contracts';
import type { EventBus } from '../../../lib/event-bus';
import type { Session, SessionLookup } from '../../identity/identity';
import type { Merchant } from '../merchant';
import type { WalletService } from '../../money/wallet';
import { createPublisher, type NodeEvents } from './push';

export type { Publisher } from './push';

export type RealtimeDeps = {
  app: FastifyInstance;
  bus: EventBus;
  wallet: WalletService;
  merchantByHost: (host: string) => Promise<Merchant>;
  merchantById: (id: number) => Promise<Merchant>;
  resolveSession: (merchantId: number, token: string) => Promise<SessionLookup>;
  memberType: (merchantId: number, memberId: bigint) => Promise<number | null>;
  redisUrl: string | undefined;
};

type SocketData = { session: Session };
type PlatformSocket = Socket<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** How many members' types the gateway keeps (a few bytes each). */
const MEMBER_TYPES = 100_000;
export const memberRoom = (merchantId: number, memberId: bigint) => `member:${merchantId}:${memberId}`;
/** Every socket of a merchant: broadcast messages are announced here (each client then asks its own count). */
export const merchantRoom = (merchantId: number) => `merchant:${merchantId}`;

/**
 * The Socket.IO gateway (DESIGN.md §8): a socket authenticates on connect with `auth: { token }` (the same session
 * rules as a request; a bad token is refused before it joins anything) and joins its member's room. Domain events
 * from the bus become typed socket events after the commit that caused them, through the publish API (`publisher`,
 * push.ts): the pushes of one tick go out together. With REDIS_URL the official Redis adapter carries them, one
 * server-side emit per tick, to the sockets held by other processes.
 */
export const createRealtime = async (deps: RealtimeDeps) => {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>(deps.app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    transports: ['websocket', 'polling'],
    pingInterval: 25_000,
  });
  const redis = deps.redisUrl === undefined ? null : await connectRedisAdapter(io, deps.redisUrl);
  const publisher = createPublisher(io, redis !== null);

  io.use((socket: PlatformSocket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token !== 'string' || !TOKEN.test(token)) {
      next(new Error('AUTH_REQUIRED'));
      return;
    }
    deps
      .merchantByHost(socket.handshake.headers.host ?? '')
      .then((merchant) => deps.resolveSession(merchant.id, token))
      .then((lookup) => {
        if (lookup.kind !== 'ok') {
          next(new Error(lookup.kind === 'expired' ? 'SESSION_EXPIRED' : 'AUTH_REQUIRED'));
          return;
        }
        socket.data.session = lookup.session;
        next();
      })
      .catch(() => next(new Error('AUTH_REQUIRED')));
  });

  // What each balance push needs besides the balance (ADR 0039). A member's type never changes after registration: it
  // comes with the socket's session or one read, and is kept for the most recent MEMBER_TYPES members. The merchant is
  // read once for all the changes that ask while a read of it is running.
  const types = new Map<string, number>();
  const rememberType = (room: string, type: number) => {
    types.delete(room);
    types.set(room, type);
    if (types.size > MEMBER_TYPES) types.delete(types.keys().next().value as string);
  };
  const typeOf = async (room: string, merchantId: number, memberId: bigint) => {
    const known = types.get(room);
    if (known !== undefined) return known;
    const type = await deps.memberType(merchantId, memberId);
    if (type !== null) rememberType(room, type);
    return type;
  };
  const merchantReads = new Map<number, Promise<Merchant>>();
  const merchantOf = (merchantId: number) => {
    let read = merchantReads.get(merchantId);
    if (read === undefined) {
      read = deps.merchantById(merchantId).finally(() => merchantReads.delete(merchantId));
      merchantReads.set(merchantId, read);
    }
    return read;
  };

  io.on('connection', (socket: PlatformSocket) => {
    const { merchantId, memberId } = socket.data.session;
    rememberType(memberRoom(merchantId, memberId), socket.data.session.type);
    void socket.join([memberRoom(merchantId, memberId), merchantRoom(merchantId)]);
  });

  // One balance read per member at a time: changes that arrive while it runs fold into one more read after it, so the
  // last push carries the balance after the last change and a player's bet and win cost two reads at most, not one each.
  const reading = new Map<string, { again: boolean }>();
  deps.bus.on('wallet.changed', async ({ merchantId, memberId }) => {
    const room = memberRoom(merchantId, memberId);
    // Without Redis every socket is in this process: nobody of the member is connected, nothing to read or send.
    // Every seamless call of a round changes a wallet, most of them of players with no socket here (issue 6 bench).
    if (redis === null && (io.sockets.adapter.rooms.get(room)?.size ?? 0) === 0) return;
    const running = reading.get(room);
    if (running !== undefined) {
      running.again = true;
      return;
    }
    const state = { again: true };
    reading.set(room, state);
    try {
      while (state.again) {
        state.again = false;
        const [merchant, type] = await Promise.all([merchantOf(merchantId), typeOf(room, merchantId, memberId)]);
        if (type === null) return;
        publisher.push(room, 'wallet.balance', await deps.wallet.balance(merchant, { id: memberId, type }));
      }
    } finally {
      reading.delete(room);
    }
  });

  // The order itself is read by the page (it refetches): the event says only which order and what became of it.
  deps.bus.on('cashier.order', ({ merchantId, memberId, kind, orderNo, status }) => {
    publisher.push(memberRoom(merchantId, memberId), 'cashier.order', { kind, orderNo, status });
  });

  deps.bus.on('inbox.unread', ({ merchantId, memberId, unreadMessage }) => {
    publisher.push(memberRoom(merchantId, memberId), 'message.unread', { unreadMessage });
  });
  deps.bus.on('inbox.broadcast', ({ merchantId }) => {
    publisher.push(merchantRoom(merchantId), 'message.unread', { unreadMessage: null });
  });

  deps.app.addHook('onClose', async () => {
    publisher.flush();
    io.disconnectSockets(true);
    io.engine.close();
    if (redis !== null) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  });
  return { io, publisher };
};

const connectRedisAdapter = async <Data>(
  io: Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, Data>,
  url: string,
) => {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  return { pub, sub };
};
