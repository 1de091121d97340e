import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { formatMoney } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { adjust } from '../../../test/wallet-helpers';
import { seamlessConformance } from './seamless.conformance-fixture';
import { launch, sessionFields, vendorId } from './seamless.test-support';

type Step =
  | { kind: 'deposit'; amount: number }
  | {
      kind: 'grant';
      amount: number;
      multiple: number;
      base: 'BONUS' | 'DEPOSIT_AND_BONUS';
      deposit: number;
      maxBet: number | null;
      cap: number | null;
      onWithdraw: 'FORFEIT' | 'REFUSE';
      weightRng: number;
      weightOther: number;
    }
  | { kind: 'bet'; game: 'rgs-lucky-lanterns' | 'rgs-dice'; amount: number; outcome: number | 'refund' }
  | { kind: 'expire' }
  | { kind: 'withdraw' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      amount: fc.integer({ min: 100, max: 5_000 }),
      multiple: fc.integer({ min: 1, max: 3 }),
      base: fc.constantFrom('BONUS' as const, 'DEPOSIT_AND_BONUS' as const),
      deposit: fc.integer({ min: 0, max: 3_000 }),
      maxBet: fc.option(fc.integer({ min: 100, max: 3_000 })),
      cap: fc.option(fc.integer({ min: 0, max: 6_000 })),
      onWithdraw: fc.constantFrom('FORFEIT' as const, 'REFUSE' as const),
      weightRng: fc.integer({ min: 0, max: 100 }),
      weightOther: fc.integer({ min: 0, max: 100 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      game: fc.constantFrom('rgs-lucky-lanterns' as const, 'rgs-dice' as const),
      amount: fc.integer({ min: 1, max: 3_000 }),
      outcome: fc.oneof(fc.integer({ min: 0, max: 6_000 }), fc.constant('refund' as const)),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'withdraw' as const }) },
);

type ModelGrant = {
  id: bigint;
  status: string;
  required: bigint;
  done: bigint;
  cap: bigint | null;
  maxBet: bigint | null;
  onWithdraw: 'FORFEIT' | 'REFUSE';
  weights: Record<string, number>;
};

const money = (minor: number | bigint) => formatMoney(BigInt(minor), 2);

/**
 * The bonus wallet against a model, through the seamless protocol (DESIGN.md §13): random deposits, grants, bets on
 * games of two weighted types with wins and refunds, expiries and withdrawals. After every step the member's cash and
 * bonus, and the grant's status and turnover, are what the model says: cash is spent before bonus, wins and refunds
 * return in the stake's proportion, turnover is the weighted sum of the stakes, and conversion, its cap, expiry and
 * forfeit move what they should. After the test the ledger audit finds every balance conserved.
 */
describeEachDatabase('bonus wallet properties over the seamless wallet', (getDb) => {
  const { app, clock, vendor, player } = seamlessConformance(getDb);
  let merchantId = 0;

  beforeAll(async () => {
    const db = getDb();
    merchantId = (await db.query<{ id: number }>("SELECT id FROM merchants WHERE code = 'demo'")).rows[0]!.id;
    // Dice becomes a PVP game, so that the two games count toward turnover at different weights.
    await db.query(
      `INSERT INTO game_vendor_types (merchant_id, vendor_code, game_type, large_icon_url)
       VALUES ($1, 'RGS', 'PVP', '/pvp.png') ON CONFLICT DO NOTHING`,
      [merchantId],
    );
    await db.query(`UPDATE games SET game_type = 'PVP' WHERE merchant_id = $1 AND game_code = 'rgs-dice'`, [
      merchantId,
    ]);
    app().bus.emit('catalogue.changed', { merchantId });
  });

  const balances = async (memberId: bigint) => {
    const { rows } = await getDb().query<{ purpose: string; balance: bigint }>(
      `SELECT purpose, balance_minor AS balance FROM ledger_accounts
       WHERE owner_kind = 'MEMBER' AND owner_id = $1 AND purpose IN ('CASH', 'BONUS') AND shard = 0`,
      [memberId],
    );
    const of = (purpose: string) => rows.find((r) => r.purpose === purpose)?.balance ?? 0n;
    return { cash: of('CASH'), bonus: of('BONUS') };
  };

  let grantSeq = 0;

  it('should keep cash, bonus, turnover, conversions, caps and forfeits as the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 12 }), async (steps) => {
        const alice = await player('0.00');
        const dice = sessionFields(await launch(app(), getDb(), alice.token, 'rgs-dice'));
        const sessions = { 'rgs-lucky-lanterns': alice.session, 'rgs-dice': dice };
        const typeOf = { 'rgs-lucky-lanterns': 'RNG', 'rgs-dice': 'PVP' } as const;
        let cash = 0n;
        let bonus = 0n;
        let grant: ModelGrant | null = null;
        const active = () => (grant?.status === 'ACTIVE' ? grant : null);
        const convertIfReady = () => {
          const g = active();
          if (g === null || g.done < g.required) return;
          const converted = g.cap === null || g.cap > bonus ? bonus : g.cap;
          cash += converted;
          bonus = 0n;
          g.status = 'CONVERTED';
        };

        for (const step of steps) {
          switch (step.kind) {
            case 'deposit':
              await adjust(app(), alice.username, money(step.amount));
              cash += BigInt(step.amount);
              break;
            case 'grant': {
              grantSeq += 1;
              const terms = {
                amountMinor: BigInt(step.amount),
                turnoverBase: step.base,
                turnoverMultiple: step.multiple,
                depositMinor: BigInt(step.deposit),
                weights: { RNG: step.weightRng },
                defaultWeight: step.weightOther,
                maxBetMinor: step.maxBet === null ? null : BigInt(step.maxBet),
                maxConversionMinor: step.cap === null ? null : BigInt(step.cap),
                onWithdraw: step.onWithdraw,
                expiresAt: new Date(clock.now() + 1_000),
              };
              const granting = app().bonusWallet.grant(merchantId, alice.id, `prop-${process.pid}-${grantSeq}`, terms);
              if (active() !== null) {
                await expect(granting).rejects.toMatchObject({ code: 'BONUS_ACTIVE' });
                break;
              }
              const row = await granting;
              const base = step.base === 'BONUS' ? step.amount : step.amount + step.deposit;
              grant = {
                id: row.id,
                status: 'ACTIVE',
                required: BigInt(step.multiple * base),
                done: 0n,
                cap: terms.maxConversionMinor,
                maxBet: terms.maxBetMinor,
                onWithdraw: step.onWithdraw,
                weights: { RNG: step.weightRng, PVP: step.weightOther },
              };
              bonus += BigInt(step.amount);
              break;
            }
            case 'bet': {
              const amount = BigInt(step.amount);
              const g = active();
              const bet = {
                ...sessions[step.game],
                transactionId: vendorId('pbet'),
                roundId: vendorId('pround'),
                gameCode: step.game,
                amount: money(amount),
              };
              if (g?.maxBet != null && amount > g.maxBet) {
                await vendor.refused('debit', bet, 'BONUS_MAX_BET', 422);
                break;
              }
              if (amount > cash + bonus) {
                await vendor.refused('debit', bet, 'INSUFFICIENT_FUNDS', 422);
                break;
              }
              await vendor.ok('debit', bet);
              // Cash first, then bonus.
              const cashPart = cash < amount ? cash : amount;
              const bonusPart = amount - cashPart;
              cash -= cashPart;
              bonus -= bonusPart;
              const weighted = g === null ? 0n : (amount * BigInt(g.weights[typeOf[step.game]] ?? 0)) / 100n;
              if (g !== null) g.done += weighted;
              if (step.outcome === 'refund') {
                await vendor.ok('rollback', {
                  ...sessions[step.game],
                  transactionId: vendorId('prb'),
                  betTransactionId: bet.transactionId,
                  roundId: bet.roundId,
                });
                cash += cashPart;
                bonus += bonusPart;
                if (g !== null) g.done -= weighted;
              } else {
                const win = BigInt(step.outcome);
                await vendor.ok('credit', {
                  ...sessions[step.game],
                  transactionId: vendorId('pwin'),
                  betTransactionId: bet.transactionId,
                  roundId: bet.roundId,
                  amount: money(win),
                  endRound: true,
                });
                if (g !== null && bonusPart > 0n) {
                  const cashShare = (win * cashPart) / amount;
                  cash += cashShare;
                  bonus += win - cashShare;
                } else {
                  cash += win;
                }
              }
              convertIfReady();
              break;
            }
            case 'expire': {
              clock.advance(2_000);
              await app().bonusWallet.sweep();
              const g = active();
              if (g !== null) {
                g.status = 'EXPIRED';
                bonus = 0n;
              }
              break;
            }
            case 'withdraw': {
              const g = active();
              const merchant = { id: merchantId, currencyCode: 'USD' } as never;
              const withdrawing = app().bonusWallet.beforeWithdraw(merchant, alice.id, true);
              if (g?.onWithdraw === 'REFUSE') {
                await expect(withdrawing).rejects.toMatchObject({ code: 'BONUS_WAGERING' });
                break;
              }
              await withdrawing;
              if (g !== null) {
                g.status = 'FORFEITED';
                bonus = 0n;
              }
              break;
            }
          }
          expect(await balances(alice.id), JSON.stringify(step)).toEqual({ cash, bonus });
          if (grant !== null) {
            const row = await app().bonusWallet.byId(merchantId, grant.id);
            expect({ status: row?.status, done: row?.turnoverDoneMinor }, JSON.stringify(step)).toEqual({
              status: grant.status,
              done: grant.done,
            });
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
