import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import { createEventBus } from '../../../lib/event-bus';
import { describeEachDatabase } from '../../../test/databases';
import { freshMerchant } from '../../../test/ledger-helpers';
import { createLedgerModule } from '../../money/ledger';
import { createWalletModule } from '../../money/wallet';
import { createMerchantModule } from '../../platform/merchant';
import { createAgentTeamModule } from './index';

/**
 * The team's promotion cash per business day (ADR 0049): transfers into members' CASH with code BONUS or REBATE, taken
 * in from the ledger's ledger_promotion_cash onto every upline's day once, however often the take-in runs; a reversal
 * counts negative; a grant into BONUS, a salary and a staff adjustment are not promotion cash.
 */
let seq = 0;
const addMember = async (db: Database, merchantId: number, parentId: bigint | null, userType: number) => {
  seq += 1;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO members (merchant_id, username, user_type, parent_id, password_hash, password_changed_at)
     VALUES ($1, $2, $3, $4, 'not-a-hash', now()) RETURNING id::text`,
    [merchantId, `atp${process.pid.toString(36)}${Date.now().toString(36)}${seq}`, userType, parentId],
  );
  return BigInt(rows[0]!.id);
};

describeEachDatabase('agent team rollups: promotion cash', (getDb) => {
  let merchantId: number;

  beforeAll(async () => {
    merchantId = await freshMerchant(getDb());
  });

  it('should put each bonus and rebate paid in cash on every upline day once, a reversal negative, and nothing else', async () => {
    const db = getDb();
    const top = await addMember(db, merchantId, null, 1);
    const sub = await addMember(db, merchantId, top, 2);
    const p1 = await addMember(db, merchantId, sub, 0);
    const p2 = await addMember(db, merchantId, top, 0);
    const ledger = createLedgerModule({ db, groupCommit: false });
    const wallet = createWalletModule({ ledger: ledger.service, bus: createEventBus(() => undefined) }).service;
    const merchant = (await createMerchantModule({ db, defaultMerchantCode: 'demo' }).service.byId(merchantId))!;
    const promotions = await wallet.systemAccount(merchant, 'PROMOTIONS');
    const cashier = await wallet.systemAccount(merchant, 'CASHIER');
    const commissions = await wallet.systemAccount(merchant, 'COMMISSIONS');
    const cash = (member: bigint) => wallet.memberAccount(merchant, member, 'CASH');
    const post = async (key: string, debit: bigint, credit: bigint, amount: bigint, code: string) => {
      const result = await wallet.post(
        {
          merchantId,
          source: 'test-promotions',
          idempotencyKey: key,
          legs: [{ debitAccountId: debit, creditAccountId: credit, amountMinor: amount, code: code as 'BONUS' }],
        },
        [],
      );
      return result.transfers[0]!.id;
    };
    await post('rebate-p1', promotions, await cash(p1), 1_200n, 'REBATE');
    await post('bonus-p2', promotions, await cash(p2), 500n, 'BONUS');
    const reversed = await post('bonus-p2-again', promotions, await cash(p2), 300n, 'BONUS');
    await ledger.service.reverse({
      merchantId,
      transferId: reversed,
      source: 'test-promotions',
      idempotencyKey: 'rev',
    });
    // Not promotion cash: a grant into the BONUS account, a salary, a staff adjustment.
    await post('grant-p1', promotions, await wallet.memberAccount(merchant, p1, 'BONUS'), 5_000n, 'BONUS');
    await post('salary-sub', commissions, await cash(sub), 700n, 'SALARY');
    await post('adjust-p1', cashier, await cash(p1), 900n, 'CORRECTION');

    const team = createAgentTeamModule({ db });
    await team.rollUp();
    await team.rollUp();
    const { rows } = await db.query<{ agent: string; bonus: string; rebate: string }>(
      `SELECT agent_id::text AS agent, sum(bonus_minor)::text AS bonus, sum(rebate_minor)::text AS rebate
       FROM agent_team_day_facts WHERE merchant_id = $1 GROUP BY agent_id ORDER BY agent_id`,
      [merchantId],
    );
    expect(rows).toEqual([
      { agent: top.toString(), bonus: '500', rebate: '1200' },
      { agent: sub.toString(), bonus: '0', rebate: '1200' },
      { agent: p1.toString(), bonus: '0', rebate: '1200' },
      { agent: p2.toString(), bonus: '500', rebate: '0' },
    ]);
    const facts = await db.query<{ kind: string; n: string; total: string }>(
      `SELECT kind, count(*)::text AS n, sum(amount_minor)::text AS total FROM agent_team_facts
       WHERE merchant_id = $1 AND kind IN ('B', 'R') GROUP BY kind ORDER BY kind`,
      [merchantId],
    );
    expect(facts.rows).toEqual([
      { kind: 'B', n: '3', total: '500' },
      { kind: 'R', n: '1', total: '1200' },
    ]);
  });
});
