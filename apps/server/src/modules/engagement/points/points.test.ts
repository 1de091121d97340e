import { API, POINTS_API, POINTS_OPS_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedGames } from '../../../test/agent-helpers';
import { insertRound } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, sealed } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { balanceOf, memberWithSession, requestId } from '../../../test/wallet-helpers';
import { createPlayStatsModule } from '../../games/play-stats';

const DAY_MS = 86_400_000;
const PAY = '739146';
let seq = 0;

type Member = Awaited<ReturnType<typeof memberWithSession>>;

/**
 * The points mall (issue 21, ADR 0046): points earned on valid bet once per member and day, a balance that is the
 * ledger's, rewards paid in points, redemptions of bonus, cash and goods with the payment password, staff fulfilment
 * and refunds, conversions, and refusals (wrong password, beyond balance or stock) that write nothing.
 */
describeEachDatabase('points mall', (getDb) => {
  let app: FastifyInstance;
  let games: Awaited<ReturnType<typeof seedGames>>;
  let merchantId = 0;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    games = await seedGames(getDb());
    merchantId = games.merchantId;
    const res = await app.inject({
      method: 'PUT',
      url: POINTS_OPS_API.settings,
      headers: await staffHeaders(app, 'content'),
      payload: {
        enabled: true,
        convertPointsPerUnit: 10,
        convertMinPoints: 50,
        rates: [
          { vipLevel: 0, gameType: 'ALL', pointsPerHundred: 5 },
          { vipLevel: 0, gameType: 'RNG', pointsPerHundred: 10 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const staff = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    role: 'content' | 'admin' = 'content',
  ) =>
    app.inject({ method, url, headers: await staffHeaders(app, role), ...(payload === undefined ? {} : { payload }) });
  const newItem = async (body: Record<string, unknown>): Promise<string> => {
    const res = await staff('POST', POINTS_OPS_API.items, { description: '', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.id as string;
  };
  const withPassword = async (): Promise<Member> => {
    const member = await memberWithSession(app, getDb());
    const res = await sealed(
      app,
      'PUT',
      API.member.paymentPassword,
      { loginPassword: member.password, newPaymentPassword: PAY, confirmPaymentPassword: PAY },
      { token: member.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    return member;
  };
  /** Gives points through the reward centre: a reward paid in points, claimed. */
  const givePoints = async (member: Member, points: number) => {
    const { rows } = await getDb().query<{ id: string }>(
      `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, pay_as, period, expires_at,
         created_at)
       VALUES ($1, $2, 'PROMOTION', $3, $4, 'POINTS', 'test', now() + interval '1 day', now()) RETURNING id::text`,
      [merchantId, member.id, `test-points:${member.id}:${(seq += 1)}`, points],
    );
    const res = await app.inject({
      method: 'POST',
      url: API.rewards.claim.replace(':id', rows[0]!.id),
      headers: bearer(member.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ payAs: 'POINTS', status: 'CLAIMED' });
  };
  const points = async (member: Member) => {
    const res = await app.inject({ url: POINTS_API.balance, headers: bearer(member.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.points as string;
  };
  const ledgerPoints = async (member: Member) => {
    const { rows } = await getDb().query<{ balance: string; sum: string }>(
      `SELECT a.balance_minor::text AS balance,
         (SELECT coalesce(sum(CASE WHEN t.credit_account_id = a.id THEN t.amount_minor ELSE -t.amount_minor END), 0)
          FROM ledger_transfers t WHERE t.merchant_id = a.merchant_id
            AND (t.credit_account_id = a.id OR t.debit_account_id = a.id))::text AS sum
       FROM ledger_accounts a
       WHERE a.merchant_id = $1 AND a.owner_id = $2 AND a.purpose = 'POINTS' AND a.currency = 'PTS'`,
      [merchantId, member.id],
    );
    return rows[0] ?? { balance: '0', sum: '0' };
  };
  const redeem = (member: Member, body: Record<string, unknown>) =>
    sealed(
      app,
      'POST',
      POINTS_API.redeem,
      { paymentPassword: PAY, requestId: requestId('rd'), ...body },
      {
        token: member.token,
      },
    );
  const stockOf = async (itemId: string) => {
    const { rows } = await getDb().query<{ stock: number }>('SELECT stock FROM mall_items WHERE id = $1', [itemId]);
    return rows[0]?.stock;
  };
  const rowsOf = async (member: Member) => {
    const { rows } = await getDb().query<{ n: number }>(
      `SELECT (SELECT count(*) FROM mall_redemptions WHERE member_id = $1)::integer
         + (SELECT count(*) FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
            AND a.merchant_id = t.merchant_id WHERE a.owner_id = $1 AND a.purpose = 'POINTS')::integer AS n`,
      [member.id],
    );
    return rows[0]!.n;
  };

  it('should earn points on yesterday’s valid bet once, at the rate of the game type, and equal the ledger', async () => {
    const ann = await memberWithSession(app, getDb());
    const yesterday = Date.now() - DAY_MS;
    for (const [game, bet] of [
      ['slot', 20_000n],
      ['live', 40_000n],
    ] as const) {
      seq += 1;
      await insertRound(getDb(), merchantId, {
        ...{ vendor: games.vendor, roundId: `pm-${Date.now()}-${seq}`, memberId: ann.id, gameCode: games[game] },
        ...{ betMinor: bet, winMinor: 0n, startedAtMs: yesterday - 1_000, settledAtMs: yesterday },
      });
    }
    await createPlayStatsModule({ db: getDb() }).rollUp(undefined, 3 * 24 * 60);
    // Slot 200.00 × 10 per hundred + live 400.00 × 5 per hundred (the level's ALL rate) = 20 + 20.
    await app.jobs.trigger('points.earn');
    await app.jobs.trigger('points.earn');
    expect(await points(ann)).toBe('40');
    const ledger = await ledgerPoints(ann);
    expect(ledger).toEqual({ balance: '40', sum: '40' });
    const { rows } = await getDb().query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM ledger_transfers WHERE source = 'points' AND idempotency_key LIKE $1`,
      [`points-earn:%:${ann.id}`],
    );
    expect(rows[0]!.n).toBe(1);
    const detail = await app.inject({ url: POINTS_API.transactions, headers: bearer(ann.token) });
    expect(detail.json().value.list).toMatchObject([{ code: 'POINTS_EARN', points: '40', balanceAfter: '40' }]);
    await expectSoundLedger(getDb(), merchantId);
  });

  it('should pay a cash item and a bonus item at once, and hold goods for staff who fulfil or reject (refund)', async () => {
    const bea = await withPassword();
    await givePoints(bea, 1_000);
    const cashItem = await newItem({ kind: 'CASH', name: 'Cash 5', pricePoints: 100, value: '5.00', stock: null });
    const bonusItem = await newItem({
      kind: 'BONUS',
      name: 'Bonus 20',
      pricePoints: 200,
      value: '20.00',
      turnoverMultiple: 5,
      stock: 10,
    });
    const goods = await newItem({ kind: 'GOODS', name: 'Mug', pricePoints: 300, stock: 2 });

    const cash = await redeem(bea, { itemId: cashItem });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().value).toMatchObject({ status: 'APPROVED', kind: 'CASH', points: '100' });
    expect((await balanceOf(app, bea.token)).balance).toBe('5.00');

    const bonus = await redeem(bea, { itemId: bonusItem });
    expect(bonus.json().value).toMatchObject({ status: 'APPROVED', kind: 'BONUS' });
    const { rows: grants } = await getDb().query<{ amount: string; required: string }>(
      'SELECT amount_minor::text AS amount, turnover_required_minor::text AS required FROM bonus_grants WHERE member_id = $1',
      [bea.id],
    );
    expect(grants).toEqual([{ amount: '2000', required: '10000' }]);

    const noAddress = await redeem(bea, { itemId: goods });
    expect([noAddress.statusCode, noAddress.json().code]).toEqual([400, 'ADDRESS_REQUIRED']);
    const address = { name: 'Bea Cruz', phone: '+63 917 123 4567', address: '12 Mabini St, Manila' };
    const first = (await redeem(bea, { itemId: goods, address })).json().value;
    const second = (await redeem(bea, { itemId: goods, address })).json().value;
    expect([first.status, second.status]).toEqual(['IN_PROCESS', 'IN_PROCESS']);
    expect(await points(bea)).toBe('100');
    expect(await stockOf(goods)).toBe(0);

    const approved = await staff('POST', POINTS_OPS_API.redemptionApprove.replace(':id', first.id));
    expect(approved.json().value).toMatchObject({ status: 'APPROVED', username: bea.username });
    const again = await staff('POST', POINTS_OPS_API.redemptionApprove.replace(':id', first.id));
    expect([again.statusCode, again.json().code]).toEqual([409, 'REDEMPTION_DECIDED']);
    const rejected = await staff('POST', POINTS_OPS_API.redemptionReject.replace(':id', second.id), {
      reason: 'No stock in warehouse',
    });
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', reason: 'No stock in warehouse' });
    expect(await points(bea)).toBe('400');
    expect(await stockOf(goods)).toBe(1);
    const mine = await app.inject({ url: POINTS_API.redeems, headers: bearer(bea.token) });
    expect(mine.json().value.list.map((r: { status: string }) => r.status)).toEqual([
      'REJECTED',
      'APPROVED',
      'APPROVED',
      'APPROVED',
    ]);
    const report = await staff('GET', POINTS_OPS_API.report, undefined, 'admin');
    expect(report.statusCode, report.body).toBe(200);
    expect(await ledgerPoints(bea)).toEqual({ balance: '400', sum: '400' });
    await expectSoundLedger(getDb(), merchantId);
  });

  it('should refuse a wrong payment password, more than the balance and no stock with a code, writing nothing', async () => {
    const cy = await withPassword();
    const dan = await withPassword();
    await givePoints(cy, 150);
    const item = await newItem({ kind: 'GOODS', name: 'Cap', pricePoints: 100, stock: 1 });
    const pricey = await newItem({ kind: 'CASH', name: 'Cash 50', pricePoints: 1_000, value: '50.00', stock: null });
    const address = { name: 'Cy', phone: '09171234567', address: '1 Rizal Ave, Cebu' };
    const before = await rowsOf(cy);

    const wrong = await redeem(cy, { itemId: item, address, paymentPassword: '918273' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(wrong.json().code).toBeTruthy();
    const broke = await redeem(cy, { itemId: pricey });
    expect([broke.statusCode, broke.json().code]).toEqual([409, 'POINTS_INSUFFICIENT']);
    const tooMuch = await sealed(
      app,
      'POST',
      POINTS_API.convert,
      { points: 500, paymentPassword: PAY, requestId: requestId('cv') },
      { token: cy.token },
    );
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([409, 'POINTS_INSUFFICIENT']);
    expect(await rowsOf(cy)).toBe(before);
    expect(await stockOf(item)).toBe(1);

    await givePoints(dan, 100);
    expect((await redeem(dan, { itemId: item, address })).statusCode).toBe(200);
    const gone = await redeem(cy, { itemId: item, address });
    expect([gone.statusCode, gone.json().code]).toEqual([409, 'MALL_OUT_OF_STOCK']);
    expect(await rowsOf(cy)).toBe(before);
    // Another member's redemptions are not the caller's: its list stays its own.
    const list = await app.inject({ url: POINTS_API.redeems, headers: bearer(cy.token) });
    expect(list.json().value.list).toEqual([]);
    expect(await points(cy)).toBe('150');
  });

  it('should convert points to cash at the merchant’s rate once per request id', async () => {
    const eve = await withPassword();
    await givePoints(eve, 300);
    const id = requestId('cv');
    const body = { points: 250, paymentPassword: PAY, requestId: id };
    const first = await sealed(app, 'POST', POINTS_API.convert, body, { token: eve.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ points: '250', cash: '25.00', pointsAfter: '50', replayed: false });
    const retry = await sealed(app, 'POST', POINTS_API.convert, body, { token: eve.token });
    expect(retry.json().value).toMatchObject({ replayed: true, pointsAfter: '50' });
    expect((await balanceOf(app, eve.token)).balance).toBe('25.00');
    const small = await sealed(
      app,
      'POST',
      POINTS_API.convert,
      { ...body, points: 20, requestId: requestId('cv') },
      { token: eve.token },
    );
    expect([small.statusCode, small.json().code]).toEqual([400, 'POINTS_BELOW_MINIMUM']);
    await expectSoundLedger(getDb(), merchantId);
  });

  it('should leave the stock of the last item at zero, never below, when fifty redeem it at once', async () => {
    // Ten buyers, five requests each: the payment password's guard lets five guesses of one member be in flight.
    const buyers = await Promise.all(Array.from({ length: 10 }, () => withPassword()));
    for (const buyer of buyers) await givePoints(buyer, 1_000);
    const item = await newItem({ kind: 'CASH', name: 'Last one', pricePoints: 10, value: '1.00', stock: 1 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => redeem(buyers[n % buyers.length]!, { itemId: item })),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'OK' : a.json().code));
    expect(new Set(codes)).toEqual(new Set(['OK', 'MALL_OUT_OF_STOCK']));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'MALL_OUT_OF_STOCK')).toHaveLength(49);
    expect(await stockOf(item)).toBe(0);
    const { rows } = await getDb().query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM mall_redemptions WHERE item_id = $1',
      [item],
    );
    expect(rows[0]!.n).toBe(1);
    const total = (await Promise.all(buyers.map(points))).reduce((sum, p) => sum + Number(p), 0);
    expect(total).toBe(10_000 - 10);
    await expectSoundLedger(getDb(), merchantId);
  });
});
