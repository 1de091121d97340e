import type { Database } from '../../../db/database';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { insertRound, upsertVendor } from '../../../test/bets-helpers';
import { insertMember } from '../../../test/identity-helpers';

/**
 * Two merchants of their own (no demo seed data in the figures), both in Asia/Manila (UTC+8). The clock stands at
 * 2026-03-10 12:00 Manila: "today" is [2026-03-09T16:00Z, 2026-03-10T16:00Z).
 */
export const HOST = 'reports.test';
export const OTHER_HOST = 'acme-reports.test';
export const NOW = Date.parse('2026-03-10T04:00:00Z');
export const TODAY = (hhmm: string) => `2026-03-10T${hhmm}:00Z`;
const YESTERDAY = (hhmm: string) => `2026-03-09T${hhmm}:00Z`;

let seq = 0;
const next = () => {
  seq += 1;
  return seq.toString().padStart(10, '0');
};

const member = async (db: Database, merchantCode: string, createdAt: string, userType = 0): Promise<bigint> => {
  const { id } = await insertMember(db, { merchantCode, userType });
  await db.query('UPDATE members SET created_at = $2::timestamptz WHERE id = $1', [id, createdAt]);
  return id;
};

const login = (db: Database, merchantId: number, memberId: bigint, at: string, method = 'PASSWORD') =>
  db.query(
    `INSERT INTO member_logins (merchant_id, member_id, logged_in_at, ip, method) VALUES ($1, $2, $3, '10.0.0.1', $4)`,
    [merchantId, memberId, at, method],
  );

const channel = async (db: Database, merchantId: number): Promise<bigint> => {
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO deposit_channels (merchant_id, code, kind, display_name, min_amount_minor, max_amount_minor,
       bank_name, bank_account_name, bank_account_number)
     VALUES ($1, 'rpt_bank', 'MANUAL_BANK', 'Report bank', 1, 100000000, 'BDO', 'Ops', '0001') RETURNING id`,
    [merchantId],
  );
  return rows[0]?.id ?? 0n;
};

export const deposit = (
  db: Database,
  merchantId: number,
  o: { memberId: bigint; channelId: bigint; amount: number; status: string; at: string },
) =>
  db.query(
    `INSERT INTO deposit_orders (merchant_id, order_no, member_id, channel_id, request_id, amount_minor, currency,
       status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'USD', $7, $8::timestamptz, $8::timestamptz + interval '30 minutes')`,
    [merchantId, `DRPT${next()}`, o.memberId, o.channelId, `req-${next()}`, o.amount, o.status, o.at],
  );

const withdrawAccount = async (db: Database, merchantId: number, memberId: bigint): Promise<bigint> => {
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO withdraw_accounts (merchant_id, member_id, bank_name, account_number, holder_name)
     VALUES ($1, $2, 'BDO', '12345678', 'Holder') RETURNING id`,
    [merchantId, memberId],
  );
  return rows[0]?.id ?? 0n;
};

const withdrawal = (
  db: Database,
  merchantId: number,
  o: { memberId: bigint; accountId: bigint; amount: number; status: string; at: string },
) =>
  db.query(
    `INSERT INTO withdraw_orders (merchant_id, order_no, member_id, request_id, account_id, bank_name, account_number,
       holder_name, amount_minor, status, created_at, request_day)
     VALUES ($1, $2, $3, $4, $5, 'BDO', '12345678', 'Holder', $6, $7, $8::timestamptz, $8::timestamptz::date)`,
    [merchantId, `WRPT${next()}`, o.memberId, `req-${next()}`, o.accountId, o.amount, o.status, o.at],
  );

const adjustment = (
  db: Database,
  merchantId: number,
  o: { memberId: bigint; amount: number; status: string; at: string },
) =>
  db.query(
    `INSERT INTO adjustment_requests (merchant_id, member_id, amount_minor, reason, requested_by, requested_at, status,
       decided_by, decided_at, idempotency_key, transfer_id)
     VALUES ($1, $2, $3, 'report test', 'ops', $4::timestamptz, $5, CASE WHEN $5 = 'PENDING' THEN NULL ELSE 'ops2' END,
       CASE WHEN $5 = 'PENDING' THEN NULL ELSE $4::timestamptz END, $6, CASE WHEN $5 = 'APPLIED' THEN 1 END)`,
    [merchantId, o.memberId, o.amount, o.at, o.status, `adj-rpt-${next()}`],
  );

/**
 * The figures every report test reads: members, logins, rounds, deposits, withdrawals and adjustments of merchant
 * `rpt` today and yesterday (Manila), and large figures of merchant `acme_rpt` that must never show in `rpt`'s reports.
 */
export const seedReportFigures = async (db: Database): Promise<void> => {
  const [rptId, acmeId] = await db.transaction(async (tx) => [
    await insertMerchant(tx, { ...demoMerchantTemplate(), code: 'rpt', name: 'Reports', hosts: [HOST] }),
    await insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_rpt', name: 'Acme', hosts: [OTHER_HOST] }),
  ]);
  if (rptId === undefined || acmeId === undefined) throw new Error('merchants not inserted');

  // Members: two new accounts today (a member and an agent); one just before local midnight (yesterday); a trial.
  const m1 = await member(db, 'rpt', TODAY('01:00'));
  const m2 = await member(db, 'rpt', YESTERDAY('15:59'));
  const trial = await member(db, 'rpt', TODAY('02:00'), 4);
  const agent = await member(db, 'rpt', TODAY('03:00'), 1);
  await login(db, rptId, m2, TODAY('02:00'));
  await login(db, rptId, m2, TODAY('03:00'));
  await login(db, rptId, m1, YESTERDAY('10:00'));
  await login(db, rptId, trial, TODAY('02:00'), 'FREEPLAY');

  // Rounds: a vendor whose name looks like a formula (CSV escaping).
  await upsertVendor(db, rptId, { code: 'PG', displayName: '=PG Soft' });
  await upsertVendor(db, rptId, { code: 'JL', displayName: 'Jili' });
  const round = (r: Omit<Parameters<typeof insertRound>[2], 'roundId' | 'gameCode'>) =>
    insertRound(db, rptId, { ...r, roundId: `r${next()}`, gameCode: 'g1' });
  await round({
    vendor: 'PG',
    memberId: m1,
    betMinor: 1000n,
    winMinor: 300n,
    startedAtMs: Date.parse(TODAY('01:30')),
  });
  await round({
    vendor: 'JL',
    memberId: m1,
    betMinor: 500n,
    winMinor: 900n,
    startedAtMs: Date.parse(TODAY('02:30')),
  });
  // A bet rolled back: a round and a player, no turnover.
  await round({
    ...{ vendor: 'PG', memberId: agent, betMinor: 400n, validBetMinor: 0n, status: 'CANCELLED' },
    startedAtMs: Date.parse(TODAY('03:30')),
  });
  await round({
    vendor: 'PG',
    memberId: trial,
    betMinor: 99_999n,
    play: true,
    startedAtMs: Date.parse(TODAY('02:10')),
  });
  await round({ vendor: 'PG', memberId: m2, betMinor: 700n, startedAtMs: Date.parse(YESTERDAY('15:00')) });

  // Deposits and withdrawals: today's in every state, and yesterday's paid ones.
  const ch = await channel(db, rptId);
  for (const [amount, status, at] of [
    [5000, 'APPROVED', TODAY('01:00')],
    [2500, 'PAID', TODAY('15:59')],
    [1000, 'PENDING', TODAY('03:00')],
    [700, 'REJECTED', TODAY('03:00')],
    [300, 'EXPIRED', TODAY('03:00')],
    [10000, 'APPROVED', YESTERDAY('10:00')],
  ] as const) {
    await deposit(db, rptId, { memberId: m1, channelId: ch, amount, status, at });
  }
  const account = await withdrawAccount(db, rptId, m1);
  for (const [amount, status, at] of [
    [2000, 'PAID', TODAY('01:00')],
    [1500, 'PENDING', TODAY('02:00')],
    [100, 'HOLDING', TODAY('02:00')],
    [800, 'REJECTED', TODAY('02:00')],
    [3000, 'PAID', YESTERDAY('10:00')],
  ] as const) {
    await withdrawal(db, rptId, { memberId: m1, accountId: account, amount, status, at });
  }
  for (const [amount, status, at] of [
    [1200, 'APPLIED', TODAY('01:00')],
    [-300, 'APPLIED', TODAY('01:00')],
    [50000, 'PENDING', TODAY('01:00')],
    [10, 'REJECTED', TODAY('01:00')],
    [100, 'APPLIED', YESTERDAY('10:00')],
  ] as const) {
    await adjustment(db, rptId, { memberId: m1, amount, status, at });
  }

  // Another merchant with large figures of its own, the same day: never in the figures above.
  const a1 = await member(db, 'acme_rpt', TODAY('01:00'));
  await login(db, acmeId, a1, TODAY('01:00'));
  await upsertVendor(db, acmeId, { code: 'PG', displayName: 'Acme PG' });
  await insertRound(db, acmeId, {
    ...{ vendor: 'PG', roundId: 'acme1', memberId: a1, gameCode: 'g1', betMinor: 777_700n, winMinor: 1n },
    startedAtMs: Date.parse(TODAY('01:00')),
  });
  const acmeChannel = await channel(db, acmeId);
  await deposit(db, acmeId, {
    memberId: a1,
    channelId: acmeChannel,
    amount: 999_900,
    status: 'APPROVED',
    at: TODAY('01:00'),
  });
  const acmeAccount = await withdrawAccount(db, acmeId, a1);
  await withdrawal(db, acmeId, {
    memberId: a1,
    accountId: acmeAccount,
    amount: 888_800,
    status: 'PAID',
    at: TODAY('01:00'),
  });
  await adjustment(db, acmeId, { memberId: a1, amount: 666_600, status: 'APPLIED', at: TODAY('01:00') });
};
