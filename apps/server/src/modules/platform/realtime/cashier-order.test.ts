import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { API, OPS_API, type CashierOrderEvent, type DepositChannel } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { balanceOf, connected, memberWithSession, openSocket, requestId } from '../../../test/wallet-helpers';

const opsPath = (path: string, orderNo: string) => path.replace(':orderNo', orderNo);

/** The next `cashier.order` the socket receives. */
const nextOrderEvent = (socket: Socket): Promise<CashierOrderEvent> =>
  new Promise((resolve) => socket.once('cashier.order', resolve));

describeEachDatabase('realtime cashier.order', (getDb) => {
  let app: FastifyInstance;
  let origin: string;
  let manualChannelId: string;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const member = await memberWithSession(app, getDb());
    const channels = (await app.inject({ url: API.deposit.channels, headers: bearer(member.token) })).json().value
      .list as DepositChannel[];
    const manual = channels.find((channel) => channel.kind === 'MANUAL_BANK');
    if (manual === undefined) throw new Error('no manual bank channel seeded');
    manualChannelId = manual.id;
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const pendingDeposit = async (token: string, amount: string): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: API.deposit.orders,
      headers: bearer(token),
      payload: { channelId: manualChannelId, amount, requestId: requestId('dep') },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.orderNo as string;
  };
  const decide = async (path: string, orderNo: string, payload?: object) =>
    app.inject({ method: 'POST', url: opsPath(path, orderNo), headers: await staffHeaders(app, 'cashier'), payload });

  it("should push an approval to the member's socket once the credit committed, and a rejection", async () => {
    const member = await memberWithSession(app, getDb());
    const other = await memberWithSession(app, getDb());
    const socket = openSocket(origin, member.token);
    const stranger = openSocket(origin, other.token);
    const strangerEvents: CashierOrderEvent[] = [];
    stranger.on('cashier.order', (event: CashierOrderEvent) => strangerEvents.push(event));
    try {
      await Promise.all([connected(socket), connected(stranger)]);
      const approved = await pendingDeposit(member.token, '120.00');
      // When the event leaves the server the money is already there: the listener reads the committed balance.
      let balanceAtEvent = '';
      app.bus.on('cashier.order', async (event) => {
        if (event.orderNo === approved) balanceAtEvent = (await balanceOf(app, member.token)).balance;
      });
      const pushed = nextOrderEvent(socket);
      expect((await decide(OPS_API.depositApprove, approved)).statusCode).toBe(200);
      expect(await pushed).toEqual({ kind: 'deposit', orderNo: approved, status: 'APPROVED' });
      await app.bus.idle();
      expect(balanceAtEvent).toBe('120.00');

      const rejected = await pendingDeposit(member.token, '60.00');
      const second = nextOrderEvent(socket);
      expect((await decide(OPS_API.depositReject, rejected, { reason: 'no payment arrived' })).statusCode).toBe(200);
      expect(await second).toEqual({ kind: 'deposit', orderNo: rejected, status: 'REJECTED' });
      // Another member's socket hears nothing of it.
      expect(strangerEvents).toEqual([]);
    } finally {
      socket.close();
      stranger.close();
    }
  });

  it('should push nothing when the decision rolls back', async () => {
    const member = await memberWithSession(app, getDb());
    const orderNo = await pendingDeposit(member.token, '80.00');
    const events: string[] = [];
    app.bus.on('cashier.order', (event) => {
      events.push(event.orderNo);
    });
    // The decision's audit entry fails inside its transaction: the claim of the order rolls back with it.
    await getDb().query(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await getDb().query(
      'CREATE TRIGGER refuse_audit BEFORE INSERT ON staff_audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()',
    );
    try {
      const res = await decide(OPS_API.depositApprove, orderNo);
      expect(res.statusCode).toBe(500);
    } finally {
      await getDb().query('DROP TRIGGER refuse_audit ON staff_audit_log');
      await getDb().query('DROP FUNCTION refuse_audit()');
    }
    await app.bus.idle();
    expect(events).toEqual([]);
    const { rows } = await getDb().query<{ status: string }>('SELECT status FROM deposit_orders WHERE order_no = $1', [
      orderNo,
    ]);
    expect(rows[0]?.status).toBe('PENDING');
    expect((await balanceOf(app, member.token)).balance).toBe('0.00');
  });
});
