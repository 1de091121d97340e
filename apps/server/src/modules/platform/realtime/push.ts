import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@platform/contracts';

/** One queued push: the room, the event and its payload (JSON-safe: it may cross Redis). */
export type Push = {
  [E in keyof ServerToClientEvents]: [room: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]];
}[keyof ServerToClientEvents];

/** Server-to-server events carried by the Redis adapter between the API processes. */
export type NodeEvents = { 'realtime.batch': (batch: Push[]) => void };

/** How many pushes one Redis message carries at most (about 100 bytes each). */
export const BATCH_LIMIT = 1000;

export type Publisher = {
  /** Queues `event` for every socket in `room`, on every node; sent with the other pushes of the same tick. */
  push: <E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) => void;
  /** Sends what is queued now (the gateway's shutdown; tests). */
  flush: () => void;
};

/**
 * The realtime publish API (ADR 0039). Pushes published within one tick of the event loop go out together: each node
 * writes to the sockets it holds, and the other nodes get the whole tick's pushes as one `serverSideEmit` through the
 * Redis adapter (one publish per BATCH_LIMIT pushes) instead of one adapter broadcast, and one Redis publish, per
 * member. A node skips the rooms it holds no socket of before building anything.
 */
export const createPublisher = <Data>(
  io: Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, Data>,
  distributed: boolean,
): Publisher => {
  let queue: Push[] = [];
  let scheduled = false;

  const deliver = (batch: readonly Push[]) => {
    const rooms = io.of('/').adapter.rooms;
    for (const [room, event, payload] of batch) {
      if (!rooms.has(room)) continue;
      // Widened: the tuple ties each event to its payload, the emit signature cannot see through the union.
      (io.local.to(room).emit as (event: string, payload: unknown) => boolean)(event, payload);
    }
  };

  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    deliver(batch);
    if (!distributed) return;
    for (let i = 0; i < batch.length; i += BATCH_LIMIT)
      io.serverSideEmit('realtime.batch', batch.slice(i, i + BATCH_LIMIT));
  };

  if (distributed) io.on('realtime.batch', deliver);

  return {
    push: (room, event, payload) => {
      queue.push([room, event, payload] as Push);
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
    flush,
  };
};
