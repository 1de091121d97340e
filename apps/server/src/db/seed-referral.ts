import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock';
import type { Database, Queryable } from './database';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** demo_member's referral code: its link is /register?referralCode=DEMOFRND. */
export const DEMO_REFERRAL_CODE = 'DEMOFRND';

const seedPair = () => {
  const seed = randomBytes(32);
  return { seed: seed.toString('hex'), hash: createHash('sha256').update(seed).digest('hex') };
};

/**
 * Invite friends and raffles on the demo merchant (issue 21), written only while it has no referral settings, so
 * restarts add nothing and an operator's settings are never touched. demo_member's code DEMOFRND, two friends (one
 * qualified with its reward waiting, one whose deposits and rounds from the demo activity qualify it through the
 * referral.qualify job), a raffle open for a week with tickets, and one that closes ten minutes after the first start
 * (the raffles.draw job draws it from the demo activity's deposits). Development's embedded mode only (ADR 0016).
 */
export const seedDemoReferral = async (db: Database, now: Clock, merchantCode = 'demo'): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-referral:' || current_schema()))");
    const { rows } = await tx.query<{ id: number }>(
      `SELECT m.id FROM merchants m WHERE m.code = $1
         AND NOT EXISTS (SELECT 1 FROM referral_settings s WHERE s.merchant_id = m.id)`,
      [merchantCode],
    );
    const merchant = rows[0];
    if (merchant === undefined) return 0;
    const at = new Date(now());
    await tx.query(
      `INSERT INTO referral_settings (merchant_id, enabled, min_deposit_minor, min_valid_bet_minor, window_days,
         reward_minor, share_bp, updated_at, updated_by)
       VALUES ($1, true, 5000, 10000, 30, 2000, 50, $2, 'demo')`,
      [merchant.id, at],
    );
    const members = await membersByName(tx, merchant.id, ['demo_member', 'demo_team_ana', 'demo_team_ben']);
    const referrer = members.get('demo_member');
    if (referrer !== undefined) {
      await tx.query('INSERT INTO referral_codes (merchant_id, member_id, code, created_at) VALUES ($1, $2, $3, $4)', [
        merchant.id,
        referrer,
        DEMO_REFERRAL_CODE,
        at,
      ]);
      for (const friend of ['demo_team_ana', 'demo_team_ben']) {
        const id = members.get(friend);
        if (id === undefined) continue;
        const qualified = friend === 'demo_team_ben';
        await tx.query(
          `INSERT INTO referral_friends (merchant_id, friend_id, referrer_id, registered_at, qualified_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
          [merchant.id, id, referrer, new Date(now() - DAY_MS), qualified ? at : null],
        );
        if (qualified) {
          await tx.query(
            `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, period, details, expires_at,
               created_at)
             VALUES ($1, $2, 'REFERRAL', $3, 2000, $4, '{"demo": true}', $5, $6) ON CONFLICT DO NOTHING`,
            [merchant.id, referrer, `referral:${id}`, at.toISOString().slice(0, 10), new Date(now() + 30 * DAY_MS), at],
          );
        }
      }
    }
    await seedRaffles(tx, merchant.id, now, referrer);
    return 1;
  });

const membersByName = async (tx: Queryable, merchantId: number, names: string[]) => {
  const { rows } = await tx.query<{ id: string; username: string }>(
    'SELECT id::text, lower(username) AS username FROM members WHERE merchant_id = $1 AND lower(username) = ANY($2)',
    [merchantId, names],
  );
  return new Map(rows.map((r) => [r.username, BigInt(r.id)]));
};

const seedRaffles = async (tx: Queryable, merchantId: number, now: Clock, holder: bigint | undefined) => {
  const raffles = [
    {
      title: { EN: 'Weekly valid-bet raffle', TY: 'Lingguhang raffle ng valid bet' },
      ...{ basis: 'VALID_BET', unit: 5_000, max: 20, prizes: ['50000', '20000', '10000'] },
      ...{ opens: now() - DAY_MS, closes: now() + 6 * DAY_MS },
    },
    {
      title: { EN: 'Deposit raffle', TY: 'Raffle ng deposito' },
      ...{ basis: 'DEPOSIT', unit: 1_000, max: 10, prizes: ['10000', '5000'] },
      ...{ opens: now() - DAY_MS, closes: now() + 10 * MINUTE_MS },
    },
  ];
  for (const r of raffles) {
    const { seed, hash } = seedPair();
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO raffles (merchant_id, title, basis, ticket_unit_minor, max_tickets_per_member, prizes, opens_at,
         closes_at, draw_at, seed, seed_hash, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, 'demo') RETURNING id::text`,
      [
        ...[merchantId, JSON.stringify(r.title), r.basis, r.unit, r.max, JSON.stringify(r.prizes)],
        ...[new Date(r.opens), new Date(r.closes), seed, hash, new Date(now())],
      ],
    );
    // A few tickets to show at once; the raffles.tickets job recounts them from the figures within minutes.
    if (holder !== undefined && r.basis === 'VALID_BET') {
      await tx.query(
        `INSERT INTO raffle_tickets (merchant_id, raffle_id, member_id, tickets, updated_at) VALUES ($1, $2, $3, 3, $4)`,
        [merchantId, rows[0]!.id, holder, new Date(now())],
      );
    }
  }
};
