#!/usr/bin/env node
// Agent contract settlement against plain SQL over the same rollups, in the same run (DESIGN.md §12, issue 19, ADR 0030):
//  1. creates a PostgreSQL database of its own and migrates it; seeds a merchant (Asia/Manila) and MEMBERS (200,000)
//     members in a tree eight levels deep under four top agents, as bench/agent-reports does, every agent holding an
//     ACTIVE daily-salary and real-time-salary contract (two tiers, rates falling by level, so each child stays under
//     its parent); seeds yesterday's team rollups (agent_team_days: every member's team, 70 % of members active) and
//     one 5-minute slot of real-time play (5 % of members), set-based with generate_series;
//  2. times one plain SQL aggregate over yesterday's rollups of every contract holder (the baseline), then the full
//     daily settlement of yesterday (counting every holder's window, then paying each one through the ledger) and
//     prints count / baseline and count+pay / baseline (goal <= 3x). Counting is one INSERT … SELECT; paying goes through
//     the ledger in batches (ADR 0038);
//  3. times the settlement of the 5-minute real-time window (count and pay) and prints it against the window's 5
//     minutes (goal < 1/10).
// Run: `npm run bench:agent-settlement` (BENCH_DATABASE_URL, SCALE=1 multiplies MEMBERS: SCALE=0.05 is a quick check;
// KEEP=1 keeps the database). The database is dropped after.
import pg from 'pg';
import { seedingSession, seedTree } from './lib/agent-tree.mjs';
import { openPostgres } from '@platform/server';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createEventBus } from '../apps/server/src/lib/event-bus.ts';
import { createAgentTeamModule } from '../apps/server/src/modules/agents/agent-team/index.ts';
import { createAgentContractModule, contractPayments } from '../apps/server/src/modules/agents/agent-contract/index.ts';
import { contractsRepository } from '../apps/server/src/modules/agents/agent-contract/contracts.repository.ts';
import { windowAt, localParts, zonedInstant } from '../apps/server/src/modules/agents/agent-contract/windows.ts';
import { createLedgerModule } from '../apps/server/src/modules/money/ledger/index.ts';
import { createWalletModule } from '../apps/server/src/modules/money/wallet/index.ts';
import { createMerchantModule } from '../apps/server/src/modules/platform/merchant/index.ts';

const URL_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCALE = Number(process.env.SCALE ?? 1);
const MEMBERS = Math.max(64, Math.round(Number(process.env.MEMBERS ?? 200_000) * SCALE));
const LEVELS = 8;
const TOP_AGENTS = 4;
const fmt = (n, digits = 0) => n.toFixed(digits);
const log = (line) => process.stdout.write(`${line}\n`);

const admin = async (sql) => {
  const client = new pg.Client({ connectionString: URL_BASE });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
};

const timed = async (label, fn) => {
  const start = performance.now();
  const result = await fn();
  const seconds = (performance.now() - start) / 1000;
  log(`${label}: ${fmt(seconds, 2)} s`);
  return { result, seconds };
};

/**
 * Yesterday's team rollups as the agent-team take-in leaves them (each member's own play summed over its uplines),
 * one 5-minute slot of play, the policies, and every agent's contracts (accepted the day before yesterday).
 */
const seedPlayAndContracts = async (db, merchantId, day, slotStart, acceptedAt) => {
  await db.query(
    `CREATE TABLE bench_play AS
     SELECT b.id AS member_id, (100 + (b.n * 31) % 9900) * 10 AS valid_bet, -((b.n * 17) % 7 - 2) * 300 AS profit
     FROM bench_members b WHERE b.n % 10 < 7`,
  );
  await db.query(
    `INSERT INTO agent_team_days (merchant_id, agent_id, business_day, rounds, stake_minor, valid_bet_minor, payout_minor,
       profit_minor, active_members)
     SELECT $1, t.ancestor_id, $2::date, count(*), sum(p.valid_bet), sum(p.valid_bet), sum(p.valid_bet + p.profit),
       sum(p.profit), count(*)
     FROM bench_play p JOIN member_tree t ON t.merchant_id = $1 AND t.descendant_id = p.member_id
     GROUP BY t.ancestor_id`,
    [merchantId, day],
  );
  await db.query(
    `INSERT INTO agent_contract_slots (merchant_id, slot_start, member_id, rounds, valid_bet_minor, profit_minor)
     SELECT $1, $2, member_id, 3, valid_bet, profit FROM bench_play WHERE member_id % 14 = 0`,
    [merchantId, slotStart],
  );
  await db.query('INSERT INTO agent_contract_seals (merchant_id, sealed_until) VALUES ($1, $2)', [
    merchantId,
    slotStart,
  ]);
  for (const type of ['DAILY_SALARY', 'REALTIME_SALARY']) {
    await db.query(
      `INSERT INTO agent_contract_policies (merchant_id, type, enabled, top_rate_bps, max_tiers, max_tier_valid_bet_minor,
         max_tier_active_members, min_active_members, downline_may_offer, updated_at)
       VALUES ($1, $2, true, 500, 5, 1000000000000, 100000, 0, true, now())`,
      [merchantId, type],
    );
    await db.query(
      `INSERT INTO agent_contracts (merchant_id, type, version, holder_id, offered_by_id, status, tiers, offered_at,
         accepted_at)
       SELECT $1, $2, 1, b.id, m.parent_id, 'ACTIVE',
         jsonb_build_array(
           jsonb_build_object('minValidBetMinor', '0', 'minActiveMembers', 0, 'rateBps', 150 - 15 * b.level),
           jsonb_build_object('minValidBetMinor', '1000000', 'minActiveMembers', 5, 'rateBps', 200 - 15 * b.level)),
         $3, $3
       FROM bench_members b JOIN members m ON m.id = b.id WHERE b.level < $4`,
      [merchantId, type, acceptedAt, LEVELS - 1],
    );
  }
  await db.query('ANALYZE');
};

const median = async (runs, fn) => {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push((performance.now() - start) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
};

const main = async () => {
  const name = `bench_agent_settlement_${process.pid}_${Date.now() % 100000}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(URL_BASE);
  url.pathname = `/${name}`;
  const db = await openPostgres({ url: url.toString(), maxConnections: 8 });
  const seeder = new pg.Client({ connectionString: url.toString() });
  await seeder.connect();
  const seed = { query: (sql, params) => seeder.query(sql, params), exec: (sql) => seeder.query(sql) };
  await seedingSession(seed);
  let ok = true;
  try {
    await migrate(db);
    log(`agent settlement: ${MEMBERS} members in ${LEVELS} levels (SCALE=${SCALE})`);
    const { result: world } = await timed('seeded the tree', () =>
      seedTree(seed, { members: MEMBERS, levels: LEVELS, top: TOP_AGENTS, days: 30 }),
    );
    const { merchantId, timezone } = world;
    log(`levels: ${world.sizes.join(', ')}`);
    const now = new Date();
    const today = localParts(timezone, now).day;
    const yesterday = windowAt(
      { type: 'DAILY_SALARY', period: null },
      timezone,
      new Date(zonedInstant(timezone, today).getTime() - 1),
    );
    const slot = windowAt(
      { type: 'REALTIME_SALARY', period: null },
      timezone,
      new Date(yesterday.start.getTime() + 12 * 3_600_000),
    );
    const acceptedAt = new Date(yesterday.start.getTime() - 86_400_000);
    await timed('seeded the rollups, the slot and the contracts', () =>
      seedPlayAndContracts(seeder, merchantId, yesterday.firstDay, slot.start, acceptedAt),
    );
    const { rows: holders } = await db.query(
      "SELECT count(*)::integer AS n FROM agent_contracts WHERE merchant_id = $1 AND type = 'DAILY_SALARY'",
      [merchantId],
    );
    log(`contract holders per type: ${holders[0].n}`);

    // The baseline: one plain SQL aggregate over the same day's rollups of every contract holder.
    const baseline = await median(5, () =>
      db.query(
        `SELECT count(*), sum(d.valid_bet_minor), sum(d.profit_minor), sum(d.active_members)
         FROM agent_contracts c
         JOIN agent_team_days d ON d.merchant_id = c.merchant_id AND d.agent_id = c.holder_id AND d.business_day = $2
         WHERE c.merchant_id = $1 AND c.type = 'DAILY_SALARY' AND c.status = 'ACTIVE'`,
        [merchantId, yesterday.firstDay],
      ),
    );
    log(`plain SQL aggregate over yesterday's rollups (median of 5): ${fmt(baseline * 1000, 1)} ms`);
    // The floor of counting: writing one settlement row per holder alone, with constant figures (rolled back). The
    // records pages, paying and the exactly-once key need that row, so counting can be no faster than this.
    const floor = await median(3, async () => {
      await seeder.query('BEGIN');
      try {
        await seeder.query(
          `INSERT INTO agent_contract_windows (merchant_id, agent_id, type, window_start, window_end, first_day,
             last_day, contract_id, parent_agent_id, team_valid_bet_minor, team_profit_minor, active_members,
             deductions_minor, carried_in_minor, correction_minor, team_base_minor, rate_bps, gross_minor, downline_minor,
             accrued_in_minor, net_minor, carry_out_minor, status, settled_at)
           SELECT $1, holder_id, type, $2, $3, $4, $4, id, NULL, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 'COUNTED', now()
           FROM agent_contracts WHERE merchant_id = $1 AND type = 'DAILY_SALARY' ORDER BY holder_id`,
          [merchantId, yesterday.start, yesterday.end, yesterday.firstDay],
        );
      } finally {
        await seeder.query('ROLLBACK');
      }
    });
    log(`writing one settlement row per holder alone (median of 3): ${fmt(floor * 1000, 1)} ms`);

    const team = createAgentTeamModule({ db });
    const ledger = createLedgerModule({ db });
    const wallet = createWalletModule({ ledger: ledger.service, bus: createEventBus(() => undefined) });
    const merchants = createMerchantModule({ db, defaultMerchantCode: 'bench' }).service;
    const payments = contractPayments({ wallet: wallet.service, merchantById: merchants.byId });
    // Time inside the payment port (accounts and ledger posts) against the rest of paying (reading and marking windows).
    let portSeconds = 0;
    const timedPayMany = async (merchantId, batch) => {
      const start = performance.now();
      try {
        return await payments.payMany(merchantId, batch);
      } finally {
        portSeconds += (performance.now() - start) / 1000;
      }
    };
    const module = createAgentContractModule({
      db,
      now: () => Date.now(),
      ports: { teamsPlay: team.teamsPlay, payMany: timedPayMany },
      adjust: payments.adjust,
    });
    const policies = await contractsRepository.policies(db, merchantId);
    const policy = (type) => policies.find((p) => p.type === type);

    const { result: counted, seconds: countSeconds } = await timed('daily settlement: counted every window', () =>
      module.settlement.countWindow(merchantId, policy('DAILY_SALARY'), yesterday, now),
    );
    const { result: paid, seconds: paySeconds } = await timed('daily settlement: paid through the ledger', () =>
      module.settlement.payUnpaid(merchantId, 'DAILY_SALARY', now),
    );
    log(`daily settlement: ${counted} windows counted, ${paid.paid} paid, ${paid.failed} failed`);
    log(`daily settlement counting / plain aggregate = ${fmt(countSeconds / baseline, 1)}x (goal <= 3)`);
    log(
      `writing the rows alone / plain aggregate = ${fmt(floor / baseline, 1)}x; counting / writing the rows alone = ${fmt(countSeconds / floor, 1)}x`,
    );
    log(`daily settlement counting and paying / plain aggregate = ${fmt((countSeconds + paySeconds) / baseline, 1)}x`);
    log(
      `paying: ${fmt(paid.paid / paySeconds)} transfers/s (${fmt(portSeconds, 1)} s of ${fmt(paySeconds, 1)} s in accounts and ledger posts)`,
    );

    // Check: the holders' payouts add up to the top agents' rate times their teams' bases.
    const { rows: check } = await db.query(
      `SELECT (SELECT sum(net_minor) FROM agent_contract_windows WHERE merchant_id = $1 AND type = 'DAILY_SALARY')::text AS paid,
         (SELECT sum(gross_minor) FROM agent_contract_windows WHERE merchant_id = $1 AND type = 'DAILY_SALARY'
            AND parent_agent_id IS NULL)::text AS top`,
      [merchantId],
    );
    ok = check[0].paid === check[0].top;
    log(`payouts sum to the top agents' gross: ${ok ? 'yes' : 'NO'} (${check[0].paid} vs ${check[0].top})`);

    const { seconds: realtime } = await timed('real-time window: counted and paid', async () => {
      await module.settlement.countWindow(merchantId, policy('REALTIME_SALARY'), slot, now);
      return module.settlement.payUnpaid(merchantId, 'REALTIME_SALARY', now);
    });
    log(`real-time window settlement / its 5 minutes = ${fmt(realtime / 300, 4)} (goal < 0.1)`);
  } finally {
    await seeder.end();
    await db.close();
    if (process.env.KEEP === '1') log(`kept database ${name}`);
    else await admin(`DROP DATABASE IF EXISTS ${name}`);
  }
  if (!ok) process.exit(1);
};

await main();
