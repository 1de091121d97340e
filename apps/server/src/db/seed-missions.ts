import type { Clock } from '../lib/clock';
import type { Database } from './database';

const DAY_MS = 86_400_000;

/** The demo missions: daily and weekly tasks, and one-off ones (minor units for bets and deposits), in EN and TY. */
export const DEMO_MISSIONS = [
  {
    name: 'Spin 5 rounds',
    nameTy: 'Umikot nang 5 beses',
    cadence: 'DAILY',
    metric: 'ROUNDS',
    gameType: null,
    target: 5n,
    reward: 300n,
  },
  {
    name: 'Bet 50 on slots',
    nameTy: 'Tumaya ng 50 sa slots',
    cadence: 'DAILY',
    metric: 'VALID_BET',
    gameType: 'RNG',
    target: 5_000n,
    reward: 500n,
  },
  {
    name: 'Weekly high roller',
    nameTy: 'Malakas na taya ngayong linggo',
    cadence: 'WEEKLY',
    metric: 'VALID_BET',
    gameType: null,
    target: 100_000n,
    reward: 5_000n,
  },
  {
    name: 'Deposit 100 this week',
    nameTy: 'Mag-deposito ng 100 ngayong linggo',
    cadence: 'WEEKLY',
    metric: 'DEPOSIT',
    gameType: null,
    target: 10_000n,
    reward: 1_000n,
  },
  {
    name: 'Log in 3 days in a row',
    nameTy: 'Mag-log in nang 3 sunod-sunod na araw',
    cadence: 'WEEKLY',
    metric: 'LOGIN_STREAK',
    gameType: null,
    target: 3n,
    reward: 800n,
  },
  {
    name: 'First withdrawal',
    nameTy: 'Unang pag-withdraw',
    cadence: 'ONCE',
    metric: 'FIRST_WITHDRAWAL',
    gameType: null,
    target: 1n,
    reward: 1_000n,
  },
  {
    name: 'Invite 3 friends',
    nameTy: 'Mag-imbita ng 3 kaibigan',
    cadence: 'ONCE',
    metric: 'FRIENDS_INVITED',
    gameType: null,
    target: 3n,
    reward: 3_000n,
  },
] as const;

/**
 * The demo merchant's missions and two running races (issue 21): a week-long valid-bet race the demo players enter by
 * playing (the demo activity plays at start) and a best-multiplier race on slots. Written only while the merchant has
 * no missions, so restarts add nothing and an operator's missions are never touched. Development's embedded mode only.
 */
export const seedDemoMissions = async (db: Database, now: Clock, merchantCode = 'demo'): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-missions:' || current_schema()))");
    const { rows } = await tx.query<{ id: number; today: string }>(
      `SELECT m.id, (($2::timestamptz) AT TIME ZONE d.timezone)::date::text AS today
       FROM merchants m JOIN merchant_directory d ON d.id = m.id
       WHERE m.code = $1 AND NOT EXISTS (SELECT 1 FROM missions x WHERE x.merchant_id = m.id)`,
      [merchantCode, new Date(now())],
    );
    const merchant = rows[0];
    if (merchant === undefined) return 0;
    for (const [sort, m] of DEMO_MISSIONS.entries()) {
      await tx.query(
        `INSERT INTO missions (merchant_id, name, cadence, metric, game_type, target, reward_minor, starts_on, sort,
           created_at, name_ty)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          ...[merchant.id, m.name, m.cadence, m.metric, m.gameType, m.target.toString(), m.reward.toString()],
          ...[merchant.today, sort, new Date(now()), m.nameTy],
        ],
      );
    }
    const races = [
      {
        name: 'Weekly wager race',
        nameTy: 'Lingguhang karera ng taya',
        metric: 'VALID_BET',
        gameType: null,
        prizes: ['10000', '5000', '2000'],
      },
      {
        name: 'Slot multiplier hunt',
        nameTy: 'Habulan ng multiplier sa slots',
        metric: 'MULTIPLIER',
        gameType: 'RNG',
        prizes: ['3000', '1000'],
      },
    ];
    for (const r of races) {
      await tx.query(
        `INSERT INTO races (merchant_id, name, name_ty, metric, game_type, min_stake_minor, starts_at, ends_at, prizes,
           created_at)
         VALUES ($1, $2, $3, $4, $5, 100, $6, $7, $8, $6)`,
        [
          ...[merchant.id, r.name, r.nameTy, r.metric, r.gameType],
          ...[new Date(now() - DAY_MS), new Date(now() + 7 * DAY_MS), JSON.stringify(r.prizes)],
        ],
      );
    }
    return DEMO_MISSIONS.length;
  });
