import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import { describeEachDatabase } from '../../../test/databases';
import { auditLedger } from './ledger.audit';
import { directPoster, groupCommitPoster } from './ledger.poster';
import { ledgerServiceFactory } from './ledger.service';
import { expectSoundLedger, ledgerFixture } from '../../../test/ledger-helpers';
import type { Leg } from './ledger.types';

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describeEachDatabase('ledger', (getDb) => {
  const service = () => ledgerServiceFactory({ db: getDb(), poster: groupCommitPoster(getDb()) });

  const setup = async (members = 2) => {
    const ledger = service();
    const fx = await ledgerFixture(getDb(), ledger, members);
    const [alice, bob] = fx.members as [(typeof fx.members)[0], (typeof fx.members)[0]];
    const deposit = (key: string, amountMinor: bigint, to = alice.id) =>
      ledger.post({
        merchantId: fx.merchantId,
        source: 'test.deposit',
        idempotencyKey: key,
        legs: [{ debitAccountId: fx.cashier.id, creditAccountId: to, amountMinor, code: 'DEPOSIT' }],
      });
    const bet = (key: string, amountMinor: bigint, from = alice.id) =>
      ledger.post({
        merchantId: fx.merchantId,
        source: 'vendor:RGS',
        idempotencyKey: key,
        reference: `round-${key}`,
        legs: [{ debitAccountId: from, creditAccountId: fx.house.id, amountMinor, code: 'BET' }],
      });
    const balance = async (id: bigint) => (await ledger.getAccount(fx.merchantId, id)).balanceMinor;
    return { ledger, fx, alice, bob, deposit, bet, balance };
  };

  it('should credit a deposit to the member and debit the cashier, recording the balances after', async () => {
    const { fx, alice, deposit, balance } = await setup();
    const result = await deposit('d1', 10_000n);
    expect(result.replayed).toBe(false);
    const [transfer] = result.transfers;
    expect(transfer).toMatchObject({ code: 'DEPOSIT', amountMinor: 10_000n, creditBalanceAfterMinor: 10_000n, leg: 0 });
    expect(await balance(alice.id)).toBe(10_000n);
    expect(await balance(fx.cashier.id)).toBe(-10_000n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should return the first result for the same key and request, and move money once', async () => {
    const { fx, alice, deposit, balance } = await setup();
    const first = await deposit('d1', 500n);
    const again = await deposit('d1', 500n);
    expect(again.replayed).toBe(true);
    expect(again.transfers.map((t) => t.id)).toEqual(first.transfers.map((t) => t.id));
    expect(again.transfers[0]?.creditBalanceAfterMinor).toBe(500n);
    expect(await balance(alice.id)).toBe(500n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should refuse the same key with another request and move nothing', async () => {
    const { fx, alice, bob, deposit, balance } = await setup();
    await deposit('d1', 500n);
    expect(await codeOf(deposit('d1', 501n))).toBe('IDEMPOTENCY_CONFLICT');
    expect(await codeOf(deposit('d1', 500n, bob.id))).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balance(alice.id)).toBe(500n);
    expect(await balance(bob.id)).toBe(0n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should refuse a debit beyond the balance and allow one down to exactly zero', async () => {
    const { fx, alice, deposit, bet, balance } = await setup();
    await deposit('d1', 1_000n);
    expect(await codeOf(bet('b1', 1_001n))).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(alice.id)).toBe(1_000n);
    // A refused key was not applied: it can be used again for a request that fits.
    const ok = await bet('b1', 1_000n);
    expect(ok.transfers[0]?.debitBalanceAfterMinor).toBe(0n);
    expect(await balance(alice.id)).toBe(0n);
    expect(await balance(fx.house.id)).toBe(1_000n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should apply a post of several legs all or nothing', async () => {
    const { ledger, fx, alice, deposit, balance } = await setup();
    await deposit('d1', 1_000n);
    const betAndFee = (key: string, betMinor: bigint, feeMinor: bigint) =>
      ledger.post({
        merchantId: fx.merchantId,
        source: 'vendor:RGS',
        idempotencyKey: key,
        legs: [
          { debitAccountId: alice.id, creditAccountId: fx.house.id, amountMinor: betMinor, code: 'BET' },
          { debitAccountId: alice.id, creditAccountId: fx.promotions.id, amountMinor: feeMinor, code: 'BET' },
        ],
      });
    // The fee leg does not fit after the bet: neither leg is applied.
    expect(await codeOf(betAndFee('b1', 900n, 101n))).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(alice.id)).toBe(1_000n);
    expect(await balance(fx.house.id)).toBe(0n);
    const ok = await betAndFee('b2', 900n, 100n);
    expect(ok.transfers.map((t) => [t.leg, t.debitBalanceAfterMinor])).toEqual([
      [0, 100n],
      [1, 0n],
    ]);
    expect(ok.transfers[0]!.id < ok.transfers[1]!.id).toBe(true);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it("should refuse another merchant's account, a currency mismatch and invalid amounts", async () => {
    const { ledger, fx, alice, deposit } = await setup();
    const other = await ledgerFixture(getDb(), ledger, 1);
    expect(await codeOf(deposit('x1', 100n, other.members[0]!.id))).toBe('ACCOUNT_NOT_FOUND');
    const points = await ledger.openAccount({
      merchantId: fx.merchantId,
      ownerKind: 'MEMBER',
      ownerId: 1n,
      purpose: 'POINTS',
      currency: 'PTS',
    });
    expect(await codeOf(deposit('x2', 100n, points.id))).toBe('CURRENCY_MISMATCH');
    for (const amountMinor of [0n, -5n])
      expect(await codeOf(deposit(`x3${amountMinor}`, amountMinor))).toBe('INVALID_AMOUNT');
    const same: Leg = { debitAccountId: alice.id, creditAccountId: alice.id, amountMinor: 1n, code: 'BET' };
    expect(
      await codeOf(ledger.post({ merchantId: fx.merchantId, source: 's', idempotencyKey: 'k', legs: [same] })),
    ).toBe('VALIDATION_FAILED');
    expect(await ledger.getAccount(fx.merchantId, alice.id)).toMatchObject({ balanceMinor: 0n });
    await expectSoundLedger(getDb(), fx.merchantId);
    await expectSoundLedger(getDb(), other.merchantId);
  });

  it('should correct a transfer with a reversing one, once, never below zero', async () => {
    const { ledger, fx, alice, deposit, bet, balance } = await setup();
    const wrong = await deposit('d1', 700n);
    const reversal = await ledger.reverse({
      merchantId: fx.merchantId,
      transferId: wrong.transfers[0]!.id,
      source: 'ops.correction',
      idempotencyKey: 'c1',
    });
    expect(reversal.transfers[0]).toMatchObject({
      code: 'CORRECTION',
      debitAccountId: alice.id,
      creditAccountId: fx.cashier.id,
      reversesTransferId: wrong.transfers[0]!.id,
    });
    expect(await balance(alice.id)).toBe(0n);
    const twice = ledger.reverse({
      merchantId: fx.merchantId,
      transferId: wrong.transfers[0]!.id,
      source: 'ops.correction',
      idempotencyKey: 'c2',
    });
    expect(await codeOf(twice)).toBe('ALREADY_REVERSED');
    // A deposit already spent cannot be reversed into a negative balance.
    const spent = await deposit('d2', 300n);
    await bet('b1', 200n);
    const key = { merchantId: fx.merchantId, source: 'ops.correction', idempotencyKey: 'c3' };
    expect(await codeOf(ledger.reverse({ ...key, transferId: spent.transfers[0]!.id }))).toBe('INSUFFICIENT_FUNDS');
    expect(await codeOf(ledger.reverse({ ...key, transferId: 999_999_999n }))).toBe('TRANSFER_NOT_FOUND');
    expect(await balance(alice.id)).toBe(100n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should forbid changing or deleting a transfer and deleting an account', async () => {
    const { fx, deposit } = await setup();
    await deposit('d1', 100n);
    const db = getDb();
    await expect(
      db.query('UPDATE ledger_transfers SET amount_minor = 1 WHERE merchant_id = $1', [fx.merchantId]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger_transfers WHERE merchant_id = $1', [fx.merchantId])).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('DELETE FROM ledger_accounts WHERE merchant_id = $1', [fx.merchantId])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      db.query('UPDATE ledger_accounts SET balance_minor = -1 WHERE merchant_id = $1 AND id = $2', [
        fx.merchantId,
        fx.members[0]!.id,
      ]),
    ).rejects.toThrow(/check constraint/);
  });

  it("should hold the row rules in the database for rows written past the ledger's functions", async () => {
    const { fx, deposit } = await setup();
    await deposit('d1', 100n);
    const db = getDb();
    const before = await db.query('SELECT * FROM ledger_accounts WHERE merchant_id = $1 ORDER BY id, shard', [
      fx.merchantId,
    ]);
    const rule = async (sql: string, params: unknown[]) => {
      try {
        await db.query(sql, params);
      } catch (error) {
        const { code, constraint } = error as { code?: string; constraint?: string };
        return `${code} ${constraint ?? ''}`.trim();
      }
      return 'accepted';
    };
    // An account's metadata is checked when its row is written and never changes after.
    const account = (purpose: string, ownerKind: string, allowNegative: boolean, shardCount = 1, currency = 'USD') =>
      rule(
        `INSERT INTO ledger_accounts (merchant_id, id, shard, owner_kind, owner_id, purpose, currency, allow_negative,
           shard_count) VALUES ($1, nextval('ledger_account_id_seq'), 0, $2, 7, $3, $4, $5, $6)`,
        [fx.merchantId, ownerKind, purpose, currency, allowNegative, shardCount],
      );
    expect(await account('LOANS', 'MEMBER', false)).toBe('23514 ledger_accounts_purpose');
    expect(await account('CASH', 'ROBOT', false)).toBe('23514 ledger_accounts_owner_kind');
    expect(await account('CASH', 'MEMBER', false, 1, 'usd')).toBe('23514 ledger_accounts_currency');
    expect(await account('CASH', 'MEMBER', true)).toBe('23514 ledger_accounts_allow_negative');
    expect(await account('HOUSE:X', 'MEMBER', true)).toBe('23514 ledger_accounts_allow_negative_owner');
    expect(await account('CASH', 'MEMBER', false, 4)).toBe('23514 ledger_accounts_shard_count_owned');
    expect(await account('HOUSE:X', 'MERCHANT', true, 65)).toBe('23514 ledger_accounts_shard_count');
    const member = fx.members[0]!.id;
    for (const set of ["purpose = 'BONUS'", 'allow_negative = true', 'owner_id = 99', 'shard_count = 2']) {
      expect(
        await rule(`UPDATE ledger_accounts SET ${set} WHERE merchant_id = $1 AND id = $2`, [fx.merchantId, member]),
      ).toBe('23001');
    }
    // A transfer is checked when it is inserted (it can never be updated).
    const insert = (changes: Record<string, unknown>) => {
      const values = {
        source: 'test.sql',
        idempotency_key: 'k1',
        leg: 0,
        request_hash: 'a'.repeat(64),
        code: 'DEPOSIT',
        debit_account_id: fx.cashier.id,
        credit_account_id: member,
        amount_minor: 5n,
        reference: null as string | null,
        ...changes,
      };
      return rule(
        `INSERT INTO ledger_transfers (merchant_id, id, source, idempotency_key, leg, request_hash, code,
           debit_account_id, debit_shard, credit_account_id, credit_shard, amount_minor, currency, debit_balance_after,
           credit_balance_after, reference)
         VALUES ($1, nextval('ledger_transfer_id_seq'), $2, $3, $4, $5, $6, $7, 0, $8, 0, $9, 'USD', 0, 0, $10)`,
        [
          fx.merchantId,
          values.source,
          values.idempotency_key,
          values.leg,
          values.request_hash,
          values.code,
          values.debit_account_id,
          values.credit_account_id,
          values.amount_minor,
          values.reference,
        ],
      );
    };
    expect(await insert({ amount_minor: 0n })).toBe('23514 ledger_transfers_amount_minor');
    expect(await insert({ amount_minor: -5n })).toBe('23514 ledger_transfers_amount_minor');
    expect(await insert({ credit_account_id: fx.cashier.id })).toBe('23514 ledger_transfers_accounts');
    expect(await insert({ code: 'GIFT' })).toBe('23514 ledger_transfers_code');
    expect(await insert({ source: 'has space' })).toBe('23514 ledger_transfers_source');
    expect(await insert({ request_hash: 'not-a-hash' })).toBe('23514 ledger_transfers_request_hash');
    expect(await insert({ idempotency_key: '' })).toBe('23514 ledger_transfers_idempotency_key');
    expect(await insert({ leg: 8 })).toBe('23514 ledger_transfers_leg');
    expect(await insert({ reference: 'r'.repeat(201) })).toBe('23514 ledger_transfers_reference');
    // None of the refused writes changed anything.
    expect(
      await db.query('SELECT * FROM ledger_accounts WHERE merchant_id = $1 ORDER BY id, shard', [fx.merchantId]),
    ).toEqual(before);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should spread a hot system account over shards whose sum is its balance', async () => {
    const { fx, deposit, bet, balance } = await setup();
    await deposit('d1', 10_000n);
    for (let i = 0; i < 40; i += 1) await bet(`b${i}`, 10n);
    const { rows } = await getDb().query<{ shard: number; balance_minor: bigint }>(
      'SELECT shard, balance_minor FROM ledger_accounts WHERE merchant_id = $1 AND id = $2 ORDER BY shard',
      [fx.merchantId, fx.house.id],
    );
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.balance_minor > 0n).length).toBeGreaterThan(1);
    expect(rows.reduce((sum, row) => sum + row.balance_minor, 0n)).toBe(400n);
    expect(await balance(fx.house.id)).toBe(400n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it("should page an account's transfers newest first with a cursor", async () => {
    const { ledger, fx, alice, deposit, bet } = await setup();
    await deposit('d1', 1_000n);
    for (let i = 0; i < 6; i += 1) await bet(`b${i}`, 10n);
    const first = await ledger.listTransfers({ merchantId: fx.merchantId, accountId: alice.id, limit: 4 });
    expect(first.items.map((t) => t.code)).toEqual(['BET', 'BET', 'BET', 'BET']);
    expect(first.items[0]?.debitBalanceAfterMinor).toBe(940n);
    const second = await ledger.listTransfers({
      merchantId: fx.merchantId,
      accountId: alice.id,
      limit: 4,
      beforeId: first.nextBeforeId,
    });
    expect(second.items.map((t) => t.code)).toEqual(['BET', 'BET', 'DEPOSIT']);
    expect(second.nextBeforeId).toBeNull();
    const ids = [...first.items, ...second.items].map((t) => t.id);
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
    expect(await codeOf(ledger.listTransfers({ merchantId: fx.merchantId, accountId: alice.id, limit: 101 }))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('should give each caller of a group commit its own result', async () => {
    const { fx, alice, bob, deposit, bet, balance } = await setup();
    await deposit('d1', 100n);
    const results = await Promise.all([
      codeOf(bet('g1', 60n)),
      codeOf(bet('g2', 60n)),
      codeOf(bet('g3', 5n, bob.id)),
      codeOf(deposit('d1', 999n)),
      codeOf(deposit('g4', 50n, bob.id)),
      codeOf(deposit('g4', 50n, bob.id)),
    ]);
    expect(results.filter((code) => code === 'OK')).toHaveLength(3);
    expect(results.slice(0, 2).sort()).toEqual(['INSUFFICIENT_FUNDS', 'OK']);
    expect(results[3]).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balance(alice.id)).toBe(40n);
    expect(await balance(bob.id)).toBe(50n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });

  it('should report a balance that does not match its transfers', async () => {
    const ledger = ledgerServiceFactory({ db: getDb(), poster: directPoster(getDb()) });
    const fx = await ledgerFixture(getDb(), ledger, 1);
    await ledger.post({
      merchantId: fx.merchantId,
      source: 't',
      idempotencyKey: 'd',
      legs: [{ debitAccountId: fx.cashier.id, creditAccountId: fx.members[0]!.id, amountMinor: 5n, code: 'DEPOSIT' }],
    });
    const tamper = (delta: bigint) =>
      getDb().query(
        'UPDATE ledger_accounts SET balance_minor = balance_minor + $3 WHERE merchant_id = $1 AND id = $2',
        [fx.merchantId, fx.members[0]!.id, delta],
      );
    await tamper(1n);
    const kinds = (await auditLedger(getDb(), fx.merchantId)).map((v) => v.kind).sort();
    expect(kinds).toEqual(['BALANCE_NOT_SUM_OF_TRANSFERS', 'CURRENCY_NOT_ZERO_SUM']);
    await tamper(-1n);
    await expectSoundLedger(getDb(), fx.merchantId);
  });
});

describe('ledger request hash', () => {
  it('should differ when anything the post does differs', async () => {
    const { requestHash } = await import('./ledger.hash');
    const leg: Leg = { debitAccountId: 1n, creditAccountId: 2n, amountMinor: 3n, code: 'BET' };
    const base = requestHash([leg], 'r', null);
    expect(requestHash([leg], 'r', null)).toBe(base);
    expect(requestHash([{ ...leg, amountMinor: 4n }], 'r', null)).not.toBe(base);
    expect(requestHash([{ ...leg, code: 'WIN' }], 'r', null)).not.toBe(base);
    expect(requestHash([leg], null, null)).not.toBe(base);
    expect(requestHash([leg], 'r', 9n)).not.toBe(base);
  });
});
