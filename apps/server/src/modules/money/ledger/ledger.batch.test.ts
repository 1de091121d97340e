import { expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import { describeEachDatabase, openSecondPool } from '../../../test/databases';
import { expectSoundLedger, ledgerFixture } from '../../../test/ledger-helpers';
import { groupCommitPoster } from './ledger.poster';
import { ledgerServiceFactory, MAX_GATHERED_POSTS, type PostManyOutcome } from './ledger.service';
import type { PostInput } from './ledger.types';

/**
 * Posts gathered by the caller (postMany) and owned accounts opened in bulk (openOwnedAccounts): each post keeps the
 * rules of `post` — all or nothing, once per key, refusals its own — across statements and across processes.
 */
describeEachDatabase('ledger batches', (getDb) => {
  const service = (db = getDb()) => ledgerServiceFactory({ db, poster: groupCommitPoster(db) });

  const setup = async () => {
    const ledger = service();
    const fx = await ledgerFixture(getDb(), ledger, 0);
    const key = { merchantId: fx.merchantId, ownerKind: 'MEMBER', purpose: 'CASH', currency: 'USD' } as const;
    /** Pays `n` members 100 + i minor units each from PROMOTIONS, under keys `prefix:i`. */
    const payouts = (accounts: Map<string, bigint>, n: number, prefix = 'pay'): PostInput[] =>
      Array.from({ length: n }, (_, i) => ({
        merchantId: fx.merchantId,
        source: 'test.salary',
        idempotencyKey: `${prefix}:${i}`,
        reference: `window ${i}`,
        legs: [
          {
            debitAccountId: fx.promotions.id,
            creditAccountId: accounts.get(String(i + 1))!,
            amountMinor: BigInt(100 + i),
            code: 'SALARY',
          },
        ],
      }));
    const owners = (n: number) => Array.from({ length: n }, (_, i) => BigInt(i + 1));
    return { ledger, fx, key, payouts, owners };
  };
  const balanceOf = async (ledger: ReturnType<typeof service>, merchantId: number, id: bigint) =>
    (await ledger.getAccount(merchantId, id)).balanceMinor;
  const oks = (outcomes: PostManyOutcome[]) => outcomes.filter((o) => o.ok && !o.result.replayed).length;

  it('should open each owner account once, however often and however many at a time', async () => {
    const { ledger, key, owners } = await setup();
    const first = await ledger.openOwnedAccounts(key, owners(3));
    const again = await ledger.openOwnedAccounts(key, [...owners(5), 2n]);
    expect(first.size).toBe(3);
    expect(again.size).toBe(5);
    for (const [owner, id] of first) expect(again.get(owner)).toBe(id);
    const single = await ledger.openAccount({ ...key, ownerId: 4n });
    expect(single.id).toBe(again.get('4'));
    await expect(
      ledger.openOwnedAccounts({ ...key, ownerKind: 'MERCHANT', purpose: 'COMMISSIONS' }, [0n]),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('should apply every post of a batch larger than one statement once, and replay the batch when it comes again', async () => {
    const { ledger, fx, key, payouts, owners } = await setup();
    const n = MAX_GATHERED_POSTS + 7;
    const accounts = await ledger.openOwnedAccounts(key, owners(n));
    const posts = payouts(accounts, n);
    const first = await ledger.postMany(posts);
    expect(oks(first)).toBe(n);
    const again = await ledger.postMany(posts);
    expect(again.every((o) => o.ok && o.result.replayed)).toBe(true);
    expect(again.map((o) => (o.ok ? o.result.transfers[0]!.id : 0n))).toEqual(
      first.map((o) => (o.ok ? o.result.transfers[0]!.id : 0n)),
    );
    expect(await balanceOf(ledger, fx.merchantId, accounts.get(String(n))!)).toBe(BigInt(100 + n - 1));
    const total = BigInt(n * 100 + (n * (n - 1)) / 2);
    expect(await balanceOf(ledger, fx.merchantId, fx.promotions.id)).toBe(-total);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should answer a refused post on its own and apply the others of its batch', async () => {
    const { ledger, fx, key, payouts, owners } = await setup();
    const accounts = await ledger.openOwnedAccounts(key, owners(3));
    const posts = payouts(accounts, 3);
    await ledger.postMany([posts[1]!]);
    // The same key with another amount, and a member paying more than it holds: both refused, the third applied.
    const conflicting = { ...posts[1]!, legs: [{ ...posts[1]!.legs[0]!, amountMinor: 5n }] };
    const overdraw: PostInput = {
      ...posts[0]!,
      idempotencyKey: 'overdraw',
      legs: [{ ...posts[0]!.legs[0]!, debitAccountId: accounts.get('3')!, creditAccountId: accounts.get('1')! }],
    };
    const outcomes = await ledger.postMany([overdraw, conflicting, posts[2]!]);
    expect(outcomes.map((o) => (o.ok ? 'OK' : o.error.code))).toEqual([
      'INSUFFICIENT_FUNDS',
      'IDEMPOTENCY_CONFLICT',
      'OK',
    ]);
    expect(outcomes[0]!.ok ? null : outcomes[0]!.error).toBeInstanceOf(AppError);
    expect(await balanceOf(ledger, fx.merchantId, accounts.get('1')!)).toBe(0n);
    expect(await balanceOf(ledger, fx.merchantId, accounts.get('2')!)).toBe(101n);
    expect(await balanceOf(ledger, fx.merchantId, accounts.get('3')!)).toBe(102n);
    // Invalid input is a programming error: refused before anything moves.
    await expect(
      ledger.postMany([
        posts[0]!,
        { ...posts[0]!, idempotencyKey: 'bad', legs: [{ ...posts[0]!.legs[0]!, amountMinor: 0n }] },
      ]),
    ).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(await balanceOf(ledger, fx.merchantId, accounts.get('1')!)).toBe(0n);
    // Every debit on a system account: the batch goes as sets, and the odd posts are still answered each on its own.
    const nowhere = {
      ...posts[0]!,
      idempotencyKey: 'nowhere',
      legs: [{ ...posts[0]!.legs[0]!, creditAccountId: 987_654_321n }],
    };
    const mixed = await ledger.postMany([posts[2]!, conflicting, nowhere, { ...posts[0]!, idempotencyKey: 'fresh' }]);
    expect(mixed.map((o) => (o.ok ? (o.result.replayed ? 'REPLAYED' : 'OK') : o.error.code))).toEqual([
      'REPLAYED',
      'IDEMPOTENCY_CONFLICT',
      'ACCOUNT_NOT_FOUND',
      'OK',
    ]);
    expect(await balanceOf(ledger, fx.merchantId, accounts.get('1')!)).toBe(100n);
    expect(await balanceOf(ledger, fx.merchantId, fx.promotions.id)).toBe(-303n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should move money once when two processes post the same batch at once', async () => {
    const db = getDb();
    const { ledger, fx, key, payouts, owners } = await setup();
    const accounts = await ledger.openOwnedAccounts(key, owners(60));
    const posts = payouts(accounts, 60, 'race');
    const second = db.kind === 'postgres' ? await openSecondPool(db) : db;
    try {
      const [one, two] = await Promise.all([ledger.postMany(posts), service(second).postMany(posts)]);
      expect(oks(one) + oks(two)).toBe(60);
      expect([...one, ...two].every((o) => o.ok)).toBe(true);
    } finally {
      if (second !== db) await second.close();
    }
    expect(await balanceOf(ledger, fx.merchantId, fx.promotions.id)).toBe(-BigInt(60 * 100 + (60 * 59) / 2));
    await expectSoundLedger(db, fx.merchantId);
  });
});
