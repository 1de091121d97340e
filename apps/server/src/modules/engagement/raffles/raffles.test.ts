import { createHash } from 'node:crypto';
import { REFERRAL_API, REFERRAL_OPS_API, type Raffle, type RaffleProof } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../../test/identity-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';
import { creditedDeposit } from '../../../test/referral-helpers';
import { holderOf, seedHashOf, verifyDraw, winningTickets } from './raffle-draw';

const SEED = 'a'.repeat(64);

describe('raffle draw', () => {
  it('should pick the same ticket numbers whoever holds the tickets, from the seed and the list length alone', () => {
    const a = winningTickets(SEED, 7n, 10, 3);
    expect(new Set(a).size).toBe(3);
    expect(a.every((t) => t >= 0 && t < 10)).toBe(true);
    // Two different holders of the same ten tickets: the winning numbers do not move; only their holders do.
    const one = [
      { memberId: 1n, tickets: 5 },
      { memberId: 2n, tickets: 5 },
    ];
    const other = [
      { memberId: 9n, tickets: 1 },
      { memberId: 3n, tickets: 9 },
    ];
    expect(winningTickets(SEED, 7n, 10, 3)).toEqual(a);
    expect(a.map((t) => holderOf(one, t))).toEqual(a.map((t) => (t < 5 ? 1n : 2n)));
    expect(a.map((t) => holderOf(other, t))).toEqual(a.map((t) => (t < 9 ? 3n : 9n)));
    // Another seed or another raffle draws other numbers.
    expect(winningTickets('b'.repeat(64), 7n, 1000, 3)).not.toEqual(winningTickets(SEED, 7n, 1000, 3));
    expect(winningTickets(SEED, 8n, 1000, 3)).not.toEqual(winningTickets(SEED, 7n, 1000, 3));
  });

  it('should verify a draw from its revealed seed and refuse a seed that does not match its hash', () => {
    const seedHash = seedHashOf(SEED);
    expect(seedHash).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    const winners = winningTickets(SEED, 3n, 50, 2).map((ticketNo, i) => ({ rank: i + 1, ticketNo }));
    const draw = { seed: SEED, seedHash, raffleId: 3n, ticketTotal: 50, prizes: 2, winners };
    expect(verifyDraw(draw)).toBe(true);
    expect(verifyDraw({ ...draw, seed: 'c'.repeat(64) })).toBe(false);
    expect(
      verifyDraw({ ...draw, winners: [{ rank: 1, ticketNo: (winners[0]!.ticketNo + 1) % 50 }, winners[1]!] }),
    ).toBe(false);
    // More prizes than tickets: each ticket wins once at most; no tickets, no winners.
    expect(winningTickets(SEED, 3n, 2, 5).sort()).toEqual([0, 1]);
    expect(winningTickets(SEED, 3n, 0, 5)).toEqual([]);
  });
});

/**
 * Raffles (issue 21; spec §7 raffle claim; domain-rules §4.5): staff create a raffle and only the seed's hash is
 * shown; tickets follow credited deposits; the draw reveals a seed that hashes to what was published and recomputes to
 * the winners; a winner's claim pays once, a second claim and a stranger's claim are refused and write nothing.
 */
describeEachDatabase('raffles', (getDb) => {
  let app: FastifyInstance;
  let merchantId = 0;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const list = async (token?: string): Promise<Raffle[]> => {
    const res = await app.inject({ url: REFERRAL_API.raffles, ...(token ? { headers: bearer(token) } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.list as Raffle[];
  };
  const ledgerTransfers = async () => {
    const { rows } = await getDb().query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM ledger_transfers WHERE source = 'rewards' AND reference LIKE 'raffle:%'",
    );
    return rows[0]!.n;
  };

  it('should publish the seed hash, count tickets from deposits, draw verifiably and pay each prize once', async () => {
    const now = Date.now();
    const create = await app.inject({
      method: 'POST',
      url: REFERRAL_OPS_API.raffles,
      headers: await staffHeaders(app, 'admin'),
      payload: {
        ...{ title: { EN: 'Test raffle', TY: 'Raffle' }, basis: 'DEPOSIT', ticketUnit: '10.00' },
        ...{ maxTicketsPerMember: 5, prizes: ['30.00', '10.00'] },
        opensAt: new Date(now - 3_600_000).toISOString(),
        closesAt: new Date(now + 3_600_000).toISOString(),
        drawAt: new Date(now + 3_600_000).toISOString(),
      },
    });
    expect(create.statusCode, create.body).toBe(200);
    const id = create.json().value.id as string;
    const members = [
      await memberWithSession(app, getDb()),
      await memberWithSession(app, getDb()),
      await memberWithSession(app, getDb()),
    ];
    // 25.00 → 2 tickets; 100.00 → capped at 5; 9.99 → none.
    await creditedDeposit(getDb(), merchantId, members[0]!.id, 2_500n, new Date(now - 60_000));
    await creditedDeposit(getDb(), merchantId, members[1]!.id, 10_000n, new Date(now - 60_000));
    await creditedDeposit(getDb(), merchantId, members[2]!.id, 999n, new Date(now - 60_000));
    await app.jobs.trigger('raffles.tickets');
    const open = (await list(members[0]!.token)).find((r) => r.id === id)!;
    expect(open).toMatchObject({ status: 'OPEN', seed: null, myTickets: 2, winners: [] });
    expect(open.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await list(members[1]!.token)).find((r) => r.id === id)!.myTickets).toBe(5);
    // Staff see the tickets counted so far before the draw freezes them, and the zone the times are shown in.
    const ops = await app.inject({ url: REFERRAL_OPS_API.raffles, headers: await staffHeaders(app, 'admin') });
    expect(ops.statusCode, ops.body).toBe(200);
    expect(ops.json().value.timezone).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
    expect(ops.json().value.list.find((r: { id: string }) => r.id === id)).toMatchObject({
      ...{ status: 'OPEN', ticketTotal: null, tickets: 7, holders: 2, seedHash: open.seedHash, seed: null },
    });

    // Not yet due: the draw job leaves it alone.
    await app.jobs.trigger('raffles.draw');
    expect((await list()).find((r) => r.id === id)!.status).toBe('OPEN');
    await getDb().query(`UPDATE raffles SET closes_at = $2, draw_at = $2 WHERE id = $1`, [
      id,
      new Date(Date.now() - 1_000),
    ]);
    await app.jobs.trigger('raffles.draw');
    await app.jobs.trigger('raffles.draw');
    const drawn = (await list()).find((r) => r.id === id)!;
    expect(drawn).toMatchObject({ status: 'DRAWN', ticketTotal: 7 });
    expect(seedHashOf(drawn.seed!)).toBe(open.seedHash);

    const proofRes = await app.inject({ url: REFERRAL_API.raffleProof.replace(':id', id) });
    expect(proofRes.statusCode, proofRes.body).toBe(200);
    const proof = proofRes.json().value as RaffleProof;
    expect(proof.holders.map((h) => h.tickets)).toEqual([2, 5]);
    expect(
      verifyDraw({
        ...proof,
        raffleId: BigInt(id),
        prizes: 2,
        ticketTotal: proof.ticketTotal,
        seedHash: open.seedHash,
      }),
    ).toBe(true);
    const ordered = [members[0]!, members[1]!].sort((a, b) => (a.id < b.id ? -1 : 1));
    const holdings = ordered.map((m) => ({ memberId: m.id, tickets: m === members[0] ? 2 : 5 }));
    const winnerIds = proof.winners.map((w) => holderOf(holdings, w.ticketNo));

    const winner = members.find((m) => m.id === winnerIds[0])!;
    const claim = (token: string) =>
      app.inject({ method: 'POST', url: REFERRAL_API.raffleClaim.replace(':id', id), headers: bearer(token) });
    const stranger = members[2]!;
    const refused = await claim(stranger.token);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'RAFFLE_NO_PRIZE']);
    expect(await ledgerTransfers()).toBe(0);
    const paid = await claim(winner.token);
    expect(paid.statusCode, paid.body).toBe(200);
    const expected = winnerIds.filter((w) => w === winner.id).length;
    expect(paid.json().value.claimed).toHaveLength(expected);
    const twice = await claim(winner.token);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'REWARD_CLAIMED']);
    expect(await ledgerTransfers()).toBe(expected);
    const mine = (await list(winner.token)).find((r) => r.id === id)!;
    expect(mine.winners.filter((w) => w.mine).every((w) => w.claimed)).toBe(true);
    await expectSoundLedger(getDb(), merchantId);

    const cancel = await app.inject({
      method: 'POST',
      url: REFERRAL_OPS_API.raffleCancel.replace(':id', id),
      headers: await staffHeaders(app, 'admin'),
    });
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, 'RAFFLE_DRAWN']);
  });

  it('should refuse a ticket unit or prize with more decimals than the currency, naming the field', async () => {
    const body = {
      ...{ title: { EN: 'Decimals' }, basis: 'DEPOSIT', ticketUnit: '10.00', maxTicketsPerMember: 5 },
      ...{ opensAt: '2026-05-01T00:00:00Z', closesAt: '2026-05-02T00:00:00Z', drawAt: '2026-05-03T00:00:00Z' },
    };
    const headers = await staffHeaders(app, 'admin');
    const unit = await app.inject({
      method: 'POST',
      url: REFERRAL_OPS_API.raffles,
      headers,
      payload: { ...body, ticketUnit: '10.001', prizes: ['5.00'] },
    });
    expect([unit.statusCode, unit.json().code, unit.json().value.fields[0].path]).toEqual([
      400,
      'INVALID_AMOUNT',
      'ticketUnit',
    ]);
    const prize = await app.inject({
      method: 'POST',
      url: REFERRAL_OPS_API.raffles,
      headers,
      payload: { ...body, prizes: ['5.00', '1.255'] },
    });
    expect([prize.statusCode, prize.json().value.fields[0].path]).toEqual([400, 'prizes.1']);
    const { rows } = await getDb().query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM raffles WHERE title->>'EN' = 'Decimals'",
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('should refuse a raffle whose closing is before its opening', async () => {
    const res = await app.inject({
      method: 'POST',
      url: REFERRAL_OPS_API.raffles,
      headers: await staffHeaders(app, 'admin'),
      payload: {
        ...{ title: { EN: 'Bad' }, basis: 'VALID_BET', ticketUnit: '10.00', maxTicketsPerMember: 5, prizes: ['1.00'] },
        ...{ opensAt: '2026-05-02T00:00:00Z', closesAt: '2026-05-01T00:00:00Z', drawAt: '2026-05-03T00:00:00Z' },
      },
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const { rows } = await getDb().query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM raffles WHERE title->>'EN' = 'Bad'",
    );
    expect(rows[0]!.n).toBe(0);
  });
});
