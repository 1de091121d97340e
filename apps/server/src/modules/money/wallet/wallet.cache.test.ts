import { expect, it, vi } from 'vitest';
import { createEventBus } from '../../../lib/event-bus';
import { describeEachDatabase } from '../../../test/databases';
import { createLedgerModule } from '../ledger';
import { freshMerchant } from '../../../test/ledger-helpers';
import { createMerchantModule } from '../../platform/merchant';
import { walletServiceFactory } from './wallet.service';

describeEachDatabase('wallet account-id cache', (getDb) => {
  it('should keep at most the bound of account ids and read an evicted one again, to the same account', async () => {
    const db = getDb();
    const merchantId = await freshMerchant(db);
    const merchant = await createMerchantModule({ db, defaultMerchantCode: 'unused' }).service.byId(merchantId);
    const ledger = createLedgerModule({ db, groupCommit: false }).service;
    const openAccount = vi.spyOn(ledger, 'openAccount');
    const wallet = walletServiceFactory({ ledger, bus: createEventBus(() => undefined), maxCachedAccountIds: 3 });

    const members = [1n, 2n, 3n, 4n, 5n];
    const first = new Map<bigint, bigint>();
    for (const memberId of members) {
      first.set(memberId, await wallet.memberAccount(merchant, memberId, 'CASH'));
      expect(wallet.cachedAccountIds()).toBeLessThanOrEqual(3);
    }
    expect(wallet.cachedAccountIds()).toBe(3);
    expect(new Set(first.values()).size).toBe(members.length);
    expect(openAccount).toHaveBeenCalledTimes(5);

    // The three most recent are answered from memory.
    for (const memberId of [3n, 4n, 5n]) {
      expect(await wallet.memberAccount(merchant, memberId, 'CASH')).toBe(first.get(memberId));
    }
    expect(openAccount).toHaveBeenCalledTimes(5);

    // Member 1 was evicted: read again from the ledger (the same account, not a new one), and the least recently used
    // of the cached ones (member 3) makes room for it.
    expect(await wallet.memberAccount(merchant, 1n, 'CASH')).toBe(first.get(1n));
    expect(openAccount).toHaveBeenCalledTimes(6);
    expect(wallet.cachedAccountIds()).toBe(3);
    expect(await wallet.memberAccount(merchant, 5n, 'CASH')).toBe(first.get(5n));
    expect(openAccount).toHaveBeenCalledTimes(6);
    expect(await wallet.memberAccount(merchant, 3n, 'CASH')).toBe(first.get(3n));
    expect(openAccount).toHaveBeenCalledTimes(7);

    const { rows } = await db.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM ledger_accounts WHERE merchant_id = $1 AND owner_kind = 'MEMBER'`,
      [merchantId],
    );
    expect(rows[0]?.count).toBe('5');
  });
});
