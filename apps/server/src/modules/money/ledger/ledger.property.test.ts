import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import { describeEachDatabase } from '../../../test/databases';
import { groupCommitPoster } from './ledger.poster';
import { ledgerServiceFactory, type LedgerService } from './ledger.service';
import { expectSoundLedger, ledgerFixture, type LedgerFixture } from '../../../test/ledger-helpers';
import type { Leg, PostResult, TransferCode } from './ledger.types';

/**
 * Random sequences of ledger operations, checked against a model of the balances and then against every invariant
 * (issue 4 "property tests over random sequences of ledger operations hold every invariant").
 */
const MEMBERS = 3;
const amount = fc.bigInt({ min: 1n, max: 5_000n });
const member = fc.nat({ max: MEMBERS - 1 });

type Op =
  | { t: 'deposit' | 'bet' | 'win' | 'hold' | 'paid' | 'release'; m: number; a: bigint }
  | { t: 'transfer'; m: number; to: number; a: bigint }
  | { t: 'betWithFee'; m: number; a: bigint; fee: bigint }
  | { t: 'retry' | 'conflict' | 'reverse'; i: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('deposit' as const), m: member, a: amount }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('bet' as const), m: member, a: amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('win' as const), m: member, a: amount }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constantFrom('hold' as const, 'paid' as const, 'release' as const),
      m: member,
      a: amount,
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('transfer' as const), m: member, to: member, a: amount }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('betWithFee' as const), m: member, a: amount, fee: amount }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constantFrom('retry' as const, 'conflict' as const, 'reverse' as const),
      i: fc.nat(),
    }),
  },
);

/** Names of the model's accounts; the fixture maps them to ledger ids. */
type Name = `cash${number}` | `frozen${number}` | 'cashier' | 'house' | 'promotions';
type Request = { key: string; legs: { from: Name; to: Name; a: bigint; code: TransferCode }[] };

const legsOf = (op: Exclude<Op, { i: number }>): Request['legs'] => {
  const cash = `cash${op.m}` as const;
  const frozen = `frozen${op.m}` as const;
  switch (op.t) {
    case 'deposit':
      return [{ from: 'cashier', to: cash, a: op.a, code: 'DEPOSIT' }];
    case 'bet':
      return [{ from: cash, to: 'house', a: op.a, code: 'BET' }];
    case 'win':
      return [{ from: 'house', to: cash, a: op.a, code: 'WIN' }];
    case 'hold':
      return [{ from: cash, to: frozen, a: op.a, code: 'WITHDRAW_HOLD' }];
    case 'paid':
      return [{ from: frozen, to: 'cashier', a: op.a, code: 'WITHDRAW_PAID' }];
    case 'release':
      return [{ from: frozen, to: cash, a: op.a, code: 'WITHDRAW_RELEASE' }];
    case 'transfer':
      return [
        {
          from: cash,
          to: op.to === op.m ? `cash${(op.m + 1) % MEMBERS}` : `cash${op.to}`,
          a: op.a,
          code: 'TRANSFER_UPLINE',
        },
      ];
    case 'betWithFee':
      return [
        { from: cash, to: 'house', a: op.a, code: 'BET' },
        { from: cash, to: 'promotions', a: op.fee, code: 'BET' },
      ];
  }
};

type World = { ledger: LedgerService; fx: LedgerFixture; ids: Map<Name, bigint> };

const world = async (getDb: () => Parameters<typeof ledgerFixture>[0]): Promise<World> => {
  const db = getDb();
  const ledger = ledgerServiceFactory({ db, poster: groupCommitPoster(db) });
  const fx = await ledgerFixture(db, ledger, MEMBERS);
  const ids = new Map<Name, bigint>([
    ['cashier', fx.cashier.id],
    ['house', fx.house.id],
    ['promotions', fx.promotions.id],
  ]);
  for (let m = 0; m < MEMBERS; m += 1) {
    ids.set(`cash${m}`, fx.members[m]!.id);
    const frozen = await ledger.openAccount({
      merchantId: fx.merchantId,
      ownerKind: 'MEMBER',
      ownerId: BigInt(m + 1),
      purpose: 'FROZEN',
      currency: 'USD',
    });
    ids.set(`frozen${m}`, frozen.id);
  }
  return { ledger, fx, ids };
};

const send = (w: World, req: Request): Promise<PostResult> =>
  w.ledger.post({
    merchantId: w.fx.merchantId,
    source: 'prop',
    idempotencyKey: req.key,
    legs: req.legs.map((leg): Leg => ({
      debitAccountId: w.ids.get(leg.from)!,
      creditAccountId: w.ids.get(leg.to)!,
      amountMinor: leg.a,
      code: leg.code,
    })),
  });

const outcome = async (promise: Promise<PostResult>): Promise<PostResult | string> => {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

const isOwned = (name: Name) => /^(cash|frozen)\d+$/.test(name);

describeEachDatabase('ledger properties', (getDb) => {
  it('should match a model of the balances and hold every invariant over random operation sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), async (ops) => {
        const w = await world(getDb);
        const balances = new Map<Name, bigint>();
        const bal = (n: Name) => balances.get(n) ?? 0n;
        const requests: Request[] = [];
        // key -> the request applied under it and its transfer ids; absent: not applied (refused or never sent)
        const applied = new Map<string, { req: Request; ids: bigint[] }>();
        const reversed = new Set<bigint>();
        let seq = 0;

        const fits = (legs: Request['legs']) => {
          const next = new Map(balances);
          for (const leg of legs) {
            const after = (next.get(leg.from) ?? 0n) - leg.a;
            if (isOwned(leg.from) && after < 0n) return null;
            next.set(leg.from, after);
            next.set(leg.to, (next.get(leg.to) ?? 0n) + leg.a);
          }
          return next;
        };

        const run = async (req: Request) => {
          const result = await outcome(send(w, req));
          const previous = applied.get(req.key);
          if (previous !== undefined) {
            const same =
              JSON.stringify(previous.req.legs, (_k, v) => (typeof v === 'bigint' ? `${v}` : v)) ===
              JSON.stringify(req.legs, (_k, v) => (typeof v === 'bigint' ? `${v}` : v));
            if (same) {
              expect(typeof result === 'object' && result.replayed).toBe(true);
              expect(typeof result === 'object' && result.transfers.map((t) => t.id)).toEqual(previous.ids);
            } else expect(result).toBe('IDEMPOTENCY_CONFLICT');
            return;
          }
          const next = fits(req.legs);
          if (next === null) {
            expect(result).toBe('INSUFFICIENT_FUNDS');
            return;
          }
          if (typeof result !== 'object')
            throw new Error(`expected success for ${JSON.stringify(req.legs, (_k, v) => `${v}`)}, got ${result}`);
          expect(result.replayed).toBe(false);
          for (const [name, value] of next) balances.set(name, value);
          applied.set(req.key, { req, ids: result.transfers.map((t) => t.id) });
        };

        for (const op of ops) {
          if ('i' in op) {
            const target = requests[op.i % Math.max(requests.length, 1)];
            if (target === undefined) continue;
            if (op.t === 'retry') await run(target);
            else if (op.t === 'conflict') {
              await run({ key: target.key, legs: target.legs.map((leg) => ({ ...leg, a: leg.a + 1n })) });
            } else {
              const first = applied.get(target.key);
              if (first === undefined) continue;
              // The transfer that stands under the key: a conflict may have been the first to succeed with it, with
              // other amounts than the request the key was drawn for.
              const leg = first.req.legs[0]!;
              const transferId = first.ids[0]!;
              seq += 1;
              const result = await outcome(
                w.ledger.reverse({
                  merchantId: w.fx.merchantId,
                  transferId,
                  source: 'prop',
                  idempotencyKey: `rev${seq}`,
                }),
              );
              if (reversed.has(transferId)) expect(result).toBe('ALREADY_REVERSED');
              else {
                const next = fits([{ from: leg.to, to: leg.from, a: leg.a, code: 'CORRECTION' }]);
                if (next === null) expect(result).toBe('INSUFFICIENT_FUNDS');
                else {
                  expect(typeof result).toBe('object');
                  for (const [name, value] of next) balances.set(name, value);
                  reversed.add(transferId);
                }
              }
            }
            continue;
          }
          seq += 1;
          const req: Request = { key: `k${seq}`, legs: legsOf(op) };
          requests.push(req);
          await run(req);
        }

        for (const [name, id] of w.ids) {
          expect((await w.ledger.getAccount(w.fx.merchantId, id)).balanceMinor, name).toBe(bal(name));
        }
        await expectSoundLedger(getDb(), w.fx.merchantId);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('should hold every invariant when random operations run concurrently through group commit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }),
        async (chunks) => {
          const w = await world(getDb);
          const requests: Request[] = [];
          let seq = 0;
          for (const chunk of chunks) {
            // Each chunk runs at once: its posts share batches; their order is the database's.
            await Promise.all(
              chunk.map(async (op) => {
                if ('i' in op) {
                  const target = requests[op.i % Math.max(requests.length, 1)];
                  if (target === undefined) return;
                  const req =
                    op.t === 'conflict'
                      ? { key: target.key, legs: target.legs.map((l) => ({ ...l, a: l.a + 1n })) }
                      : target;
                  // The key may be taken already (a replay or a conflict) or still free (its first post was refused
                  // or is in flight): any answer but an unexpected error is right; the audit judges the effects.
                  const result = await outcome(send(w, req));
                  if (typeof result !== 'object') {
                    expect(['IDEMPOTENCY_CONFLICT', 'INSUFFICIENT_FUNDS']).toContain(result);
                  }
                  return;
                }
                seq += 1;
                const req: Request = { key: `k${seq}`, legs: legsOf(op) };
                requests.push(req);
                const result = await outcome(send(w, req));
                if (typeof result !== 'object') expect(result).toBe('INSUFFICIENT_FUNDS');
              }),
            );
          }
          await expectSoundLedger(getDb(), w.fx.merchantId);
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
