import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPglite } from '../../../db/pglite';
import type { Database } from '../../../db/database';
import { testRedisUrl } from '../../../env';
import { buildTestApp } from '../../../test/test-app';
import { adjust, connected, memberWithSession, nextBalance, openSocket } from '../../../test/wallet-helpers';

const redisUrl = testRedisUrl();

/**
 * Distributed mode (DESIGN.md §3, §8): two API processes share the database and Redis. A member's socket is held by
 * one; the payment is committed by the other; the balance must still reach the socket, through the Redis adapter.
 */
describe.skipIf(redisUrl === undefined)('realtime across processes over Redis (needs REDIS_TEST_URL)', () => {
  let db: Database;
  let holder: FastifyInstance;
  let committer: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    db = await openPglite();
    const env = { REDIS_URL: redisUrl ?? '' };
    holder = await buildTestApp({ db, env });
    committer = await buildTestApp({ db, env });
    origin = await holder.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await holder.close();
    await committer.close();
    await db.close();
  });

  it('should push wallet.balance to a socket on one process after a commit on the other', async () => {
    const member = await memberWithSession(committer, db);
    const socket = openSocket(origin, member.token);
    try {
      await connected(socket);
      const pushed = nextBalance(socket);
      await adjust(committer, member.username, '75.50');
      expect(await pushed).toMatchObject({ balance: '75.50', play: false });
    } finally {
      socket.close();
    }
  });

  it("should carry many members' pushes of one tick to the other process, each to its own member", async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => memberWithSession(committer, db)));
    const sockets = members.map((member) => openSocket(origin, member.token));
    try {
      await Promise.all(sockets.map(connected));
      const pushed = Promise.all(sockets.map(nextBalance));
      // The four credits commit together; their pushes leave the committer in one batch.
      await Promise.all(members.map((member, i) => adjust(committer, member.username, `${i + 1}2.50`)));
      expect((await pushed).map((balance) => balance.balance)).toEqual(['12.50', '22.50', '32.50', '42.50']);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
