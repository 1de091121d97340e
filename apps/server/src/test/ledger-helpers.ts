import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { auditLedger, type Account, type LedgerService, type LedgerViolation } from '../modules/money/ledger';

let merchantSeq = 0;

/** Migrates (idempotent) and adds a bare merchant, so each test works on its own tenant of a shared database. */
export const freshMerchant = async (db: Database, currency = 'USD'): Promise<number> => {
  await migrate(db);
  merchantSeq += 1;
  const code = `ledger-${process.pid}-${merchantSeq}-${Math.floor(Math.random() * 1e6)}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO merchants (code, name, default_language, currency_code, logo_url, main_domain, lottery_type,
       esport_game, cockfight_game)
     VALUES ($1, $1, 'EN', $2, '/logo.png', $1 || '.test', 'x', 'x', 'x') RETURNING id`,
    [code, currency],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('merchant not created');
  return id;
};

export type LedgerFixture = {
  merchantId: number;
  cashier: Account;
  house: Account;
  promotions: Account;
  members: Account[];
};

/** A merchant with CASHIER, a sharded HOUSE:RGS, PROMOTIONS and `memberCount` members' CASH accounts in USD. */
export const ledgerFixture = async (
  db: Database,
  ledger: LedgerService,
  memberCount: number,
  houseShards = 4,
): Promise<LedgerFixture> => {
  const merchantId = await freshMerchant(db);
  const system = { merchantId, ownerKind: 'MERCHANT', ownerId: 0n, currency: 'USD' } as const;
  const cashier = await ledger.openAccount({ ...system, purpose: 'CASHIER' }, { shards: 2 });
  const house = await ledger.openAccount({ ...system, purpose: 'HOUSE:RGS' }, { shards: houseShards });
  const promotions = await ledger.openAccount({ ...system, purpose: 'PROMOTIONS' }, { shards: 1 });
  const members: Account[] = [];
  for (let i = 1; i <= memberCount; i += 1) {
    members.push(
      await ledger.openAccount({
        merchantId,
        ownerKind: 'MEMBER',
        ownerId: BigInt(i),
        purpose: 'CASH',
        currency: 'USD',
      }),
    );
  }
  return { merchantId, cashier, house, promotions, members };
};

/** The test helper of issue 4: fails with every violation listed. */
export const expectSoundLedger = async (db: Database, merchantId?: number): Promise<void> => {
  const violations: LedgerViolation[] = await auditLedger(db, merchantId);
  if (violations.length > 0) {
    throw new Error(`ledger invariants violated:\n${violations.map((v) => JSON.stringify(v, bigintJson)).join('\n')}`);
  }
};

export const bigintJson = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
