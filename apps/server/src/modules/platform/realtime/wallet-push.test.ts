import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import type { Database } from '../../../db/database';
import { describeEachDatabase } from '../../../test/databases';
import { clearRateLimits } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { adjust, connected, memberWithSession, openSocket } from '../../../test/wallet-helpers';

/** Every `wallet.balance` the socket receives, in order. */
const balances = (socket: Socket): string[] => {
  const seen: string[] = [];
  socket.on('wallet.balance', ({ balance }: { balance: string }) => seen.push(balance));
  return seen;
};

/**
 * Resolves once the socket has received everything the server pushed before this call: a marker sent after the
 * listeners went idle goes through the same queue, and one socket receives in order.
 */
const drained = async (app: FastifyInstance, db: Database, socket: Socket, member: { id: bigint }) => {
  await app.bus.idle();
  const { rows } = await db.query<{ merchant_id: number }>('SELECT merchant_id FROM members WHERE id = $1', [
    member.id,
  ]);
  const marker = new Promise<void>((resolve) => socket.once('message.unread', () => resolve()));
  app.bus.emit('inbox.unread', { merchantId: Number(rows[0]?.merchant_id), memberId: member.id, unreadMessage: 0 });
  await marker;
};

describeEachDatabase('realtime wallet.balance pushes', (getDb) => {
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  it('should end on the balance after the last of many quick changes, never going back', async () => {
    const member = await memberWithSession(app, getDb());
    const socket = openSocket(origin, member.token);
    const seen = balances(socket);
    try {
      await connected(socket);
      await Promise.all(Array.from({ length: 6 }, () => adjust(app, member.username, '10.00')));
      await drained(app, getDb(), socket, member);
      expect(seen.at(-1)).toBe('60.00');
      // Credits only: a push showing less than the one before it would be a stale balance.
      const amounts = seen.map(Number);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    } finally {
      socket.close();
    }
  });

  it('should give each member only their own balance when many change at once', async () => {
    const members = await Promise.all([1, 2, 3].map(() => memberWithSession(app, getDb())));
    const sockets = members.map((member) => openSocket(origin, member.token));
    const seen = sockets.map(balances);
    try {
      await Promise.all(sockets.map(connected));
      await Promise.all(members.map((member, i) => adjust(app, member.username, `${i + 1}1.00`)));
      await Promise.all(sockets.map((socket, i) => drained(app, getDb(), socket, members[i] as { id: bigint })));
      expect(seen).toEqual([['11.00'], ['21.00'], ['31.00']]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
