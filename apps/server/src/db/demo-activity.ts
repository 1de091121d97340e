import {
  API,
  formatMoney,
  SEAMLESS_HEADERS,
  seamlessPath,
  USER_TYPE,
  type CreateDepositResponse,
  type SeamlessOp,
} from '@platform/contracts';
import type { Clock } from '../lib/clock';
import type { GameLauncher, LaunchGame } from '../modules/games/catalogue';
import { signSeamless, type VendorSecretResolver } from '../modules/games/seamless';
import type { DepositMemberService } from '../modules/money/deposit';
import type { Merchant } from '../modules/platform/merchant';
import type { Database } from './database';
import { DEMO_TEAM } from './seed-data/demo-team';

/** The merchant and vendor the demo activity plays on: the demo merchant's in-house games (RGS). */
export const DEMO_ACTIVITY_MERCHANT = 'demo';
export const DEMO_ACTIVITY_VENDOR = 'RGS';
/** The games each player plays, one game session each (a session names its game). */
export const DEMO_ACTIVITY_GAMES = ['rgs-lucky-lanterns', 'rgs-dice'] as const;
/** Prefix of every idempotency key the activity uses (deposit request ids, seamless transaction and round ids). */
export const DEMO_ACTIVITY_KEY = 'demo-activity';

/** Who plays: demo_member (its own profit and loss) and every member of demo_agent's team. */
export const DEMO_PLAYERS: readonly string[] = [
  'demo_member',
  'demo_downline',
  ...DEMO_TEAM.filter((account) => account.userType === USER_TYPE.MEMBER).map((account) => account.username),
];

/** One settled round: stake and payout in minor units, on one of DEMO_ACTIVITY_GAMES. */
export type DemoRound = { game: (typeof DEMO_ACTIVITY_GAMES)[number]; stakeMinor: bigint; payoutMinor: bigint };
export type DemoPlayerPlan = { username: string; depositMinor: bigint; rounds: DemoRound[] };

const STAKES = [10n, 20n, 5n, 50n, 10n, 25n, 15n, 30n] as const;
/** Payout as tenths of the stake: most rounds lose, a few win big, so some players end up ahead and some behind. */
const PAYOUT_TENTHS = [0n, 20n, 0n, 5n, 0n, 30n, 0n, 12n, 0n, 0n, 50n, 0n, 15n] as const;

/**
 * What each player does, the same on every run (so its idempotency keys name the same money): one deposit through the
 * demo payment gateway, then eight rounds over two games, some won and some lost. Amounts in minor units of a
 * two-decimal currency scaled by `unit` (100 for PHP: whole pesos).
 */
export const demoPlan = (players: readonly string[] = DEMO_PLAYERS, unit = 100n): DemoPlayerPlan[] =>
  players.map((username, i) => {
    const scale = BigInt(1 + (i % 3));
    return {
      username,
      depositMinor: (500n + 250n * BigInt(i % 4)) * unit,
      rounds: STAKES.map((stake, k) => {
        const stakeMinor = stake * scale * unit;
        const tenths = PAYOUT_TENTHS[(i * 5 + k) % PAYOUT_TENTHS.length] ?? 0n;
        return {
          game: DEMO_ACTIVITY_GAMES[k % DEMO_ACTIVITY_GAMES.length]!,
          stakeMinor,
          payoutMinor: (stakeMinor * tenths) / 10n,
        };
      }),
    };
  });

export type DemoActivityDeps = {
  db: Database;
  merchantById: (id: number) => Promise<Merchant>;
  findMember: (merchantId: number, username: string) => Promise<{ id: bigint; userType: number } | undefined>;
  /** The member's deposit calls (the demo gateway is one of the deposit module's gateways). */
  deposits: Pick<DepositMemberService, 'channels' | 'createOrder'>;
  /** The seamless launcher: issues the game session the vendor's calls name. */
  launcher: GameLauncher;
  /** The shared secret of (merchant, vendor): the activity signs its calls with it, as the vendor does. */
  vendorSecret: VendorSecretResolver;
  /** The platform's own address (undefined before it listens). */
  selfUrl: () => string | undefined;
  now: Clock;
};

/** What one run did: new money only (a replayed key counts nothing), and what it found already done. */
export type DemoActivityReport = {
  players: number;
  deposits: number;
  rounds: number;
  replayedDeposits: number;
  replayedRounds: number;
  skipped: string[];
};

type Envelope<T> = { success: boolean; value: T; code?: string; message?: string };
type SeamlessValue = { balance: string; duplicate?: boolean };

/**
 * Demo activity (issue 18): the demo team deposits and plays, so that a newcomer's agent centre and profit-and-loss
 * pages show figures. Every cent moves through the platform's own money paths, nothing is written behind a module's
 * back: each deposit is a member's order on the demo gateway's channel, paid on the gateway's page (HTTP), whose
 * signed notification credits it (the webhook); each round is a signed seamless debit and credit (HTTP), as the
 * in-house vendor sends them, on a game session issued by the launcher. Every key (deposit request id, transaction
 * and round ids) is fixed per member, so a second run, or a restart on another day, moves no money: the deposit call
 * answers the order already made, a player whose rounds are all settled is not launched again, and the vendor calls
 * of a run cut short answer `duplicate`. Rounds settle at the time of the run (the
 * protocol has no back-dating), so the figures land on the day the platform first started.
 */
export const createDemoActivity = (deps: DemoActivityDeps) => {
  const base = (): string => {
    const url = deps.selfUrl();
    if (url === undefined) throw new Error('demo activity: the platform is not listening yet');
    return url;
  };

  const vendorCall = async (secret: string, op: SeamlessOp, body: Record<string, unknown>): Promise<SeamlessValue> => {
    const raw = JSON.stringify(body);
    const timestamp = String(deps.now());
    const res = await fetch(`${base()}${seamlessPath(op)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SEAMLESS_HEADERS.merchant]: DEMO_ACTIVITY_MERCHANT,
        [SEAMLESS_HEADERS.vendor]: DEMO_ACTIVITY_VENDOR,
        [SEAMLESS_HEADERS.timestamp]: timestamp,
        [SEAMLESS_HEADERS.signature]: signSeamless(secret, timestamp, raw),
      },
      body: raw,
    });
    const answer = (await res.json()) as Envelope<SeamlessValue>;
    if (!answer.success) {
      throw new Error(`demo activity: ${op} refused: ${answer.code ?? res.status} ${answer.message}`);
    }
    return answer.value;
  };

  /** The member's order (made once per request id), paid on the gateway's page if it is still open. */
  const deposit = async (merchant: Merchant, memberId: bigint, channelId: string, amountMinor: bigint) => {
    const self = base();
    const order = (): Promise<CreateDepositResponse> =>
      deps.deposits.createOrder(
        { merchant, memberId },
        { channelId, amount: formatMoney(amountMinor, merchant.currencyScale), requestId: `${DEMO_ACTIVITY_KEY}-1` },
        {
          returnUrl: (orderNo) => `${self}/member?page=depositv2&order=${encodeURIComponent(orderNo)}`,
          notifyUrl: (gateway) => `${self}${API.deposit.webhook.replace(':gateway', gateway)}`,
        },
      );
    const made = await order();
    if (made.status === 'PAID') return made.replayed ? 'replayed' : 'paid';
    if (made.paymentUrl === null) throw new Error(`demo activity: order ${made.orderNo} is ${made.status}`);
    // The player presses Pay on the gateway's page; the gateway notifies our webhook, which credits the order.
    const paid = await fetch(made.paymentUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`demo activity: the gateway answered ${paid.status}`);
    const after = await order();
    if (after.status !== 'PAID') throw new Error(`demo activity: order ${after.orderNo} is ${after.status} after Pay`);
    return 'paid';
  };

  /** The catalogue's published read of its games (docs/architecture.md "Read-only views"). */
  const games = async (merchantId: number): Promise<Map<string, LaunchGame>> => {
    const { rows } = await deps.db.query<LaunchGame>(
      `SELECT id, vendor_code AS "vendorCode", game_type AS "gameType", game_code AS "gameCode" FROM game_directory
       WHERE merchant_id = $1 AND vendor_code = $2 AND game_code = ANY($3::text[]) AND status = 'ACTIVE'`,
      [merchantId, DEMO_ACTIVITY_VENDOR, [...DEMO_ACTIVITY_GAMES]],
    );
    return new Map(rows.map((row) => [row.gameCode, row]));
  };

  const roundIdOf = (memberId: bigint, k: number) => `${DEMO_ACTIVITY_KEY}.${memberId}.${k}`;

  /**
   * Whether every round of the player's plan is settled already (the seamless module's published read of its rounds):
   * a restart then launches nothing and sends no call. A run cut short replays its keys instead, and the vendor calls
   * already applied answer `duplicate`.
   */
  const played = async (merchantId: number, memberId: bigint, plan: DemoPlayerPlan): Promise<boolean> => {
    const { rows } = await deps.db.query<{ settled: number }>(
      `SELECT count(*)::int AS settled FROM game_round_facts
       WHERE merchant_id = $1 AND vendor_code = $2 AND round_id = ANY($3::text[]) AND member_id = $4
         AND status = 'SETTLED'`,
      [merchantId, DEMO_ACTIVITY_VENDOR, plan.rounds.map((_, k) => roundIdOf(memberId, k)), memberId],
    );
    return rows[0]?.settled === plan.rounds.length;
  };

  /** Launches each game the player plays, then plays its rounds: debit, then credit with endRound. */
  const play = async (merchant: Merchant, memberId: bigint, plan: DemoPlayerPlan, found: Map<string, LaunchGame>) => {
    if (await played(merchant.id, memberId, plan)) return { fresh: 0, replayed: plan.rounds.length };
    const secret = deps.vendorSecret(DEMO_ACTIVITY_MERCHANT, DEMO_ACTIVITY_VENDOR) ?? '';
    const sessions = new Map<string, { sessionToken: string; playerId: string; currency: string }>();
    for (const code of DEMO_ACTIVITY_GAMES) {
      const game = found.get(code);
      if (game === undefined) throw new Error(`demo activity: game ${code} is not in the catalogue`);
      const launch = { merchantId: merchant.id, merchantCode: merchant.code, memberId, game, play: false };
      const { url } = await deps.launcher.launch({
        ...launch,
        ...{ currency: merchant.currencyCode, language: 'EN', theme: 'dark' },
      });
      const query = new URL(url, base()).searchParams;
      sessions.set(code, {
        sessionToken: query.get('token') ?? '',
        playerId: query.get('player') ?? '',
        currency: query.get('currency') ?? merchant.currencyCode,
      });
    }
    let fresh = 0;
    let replayed = 0;
    for (const [k, round] of plan.rounds.entries()) {
      const session = sessions.get(round.game);
      if (session === undefined) throw new Error('demo activity: no session');
      const roundId = roundIdOf(memberId, k);
      const money = (minor: bigint) => formatMoney(minor, merchant.currencyScale);
      await vendorCall(secret, 'debit', {
        ...session,
        ...{ transactionId: `${roundId}.bet`, roundId, gameCode: round.game, amount: money(round.stakeMinor) },
      });
      const credit = await vendorCall(secret, 'credit', {
        ...session,
        ...{ transactionId: `${roundId}.win`, betTransactionId: `${roundId}.bet`, roundId },
        ...{ amount: money(round.payoutMinor), endRound: true },
      });
      if (credit.duplicate === true) replayed += 1;
      else fresh += 1;
    }
    return { fresh, replayed };
  };

  const runOnce = async (players: readonly string[]): Promise<DemoActivityReport> => {
    const report: DemoActivityReport = {
      ...{ players: 0, deposits: 0, rounds: 0, replayedDeposits: 0, replayedRounds: 0 },
      skipped: [],
    };
    const { rows } = await deps.db.query<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [
      DEMO_ACTIVITY_MERCHANT,
    ]);
    const merchantId = rows[0]?.id;
    if (merchantId === undefined) return { ...report, skipped: ['no demo merchant'] };
    const merchant = await deps.merchantById(merchantId);
    const channel = (await deps.deposits.channels(merchant)).find((c) => c.kind === 'GATEWAY');
    if (channel === undefined) return { ...report, skipped: ['no gateway deposit channel'] };
    // A start without the in-house vendor's secret (no RGS in this process) cannot sign a round.
    if ((deps.vendorSecret(DEMO_ACTIVITY_MERCHANT, DEMO_ACTIVITY_VENDOR) ?? '') === '') {
      return { ...report, skipped: [`no ${DEMO_ACTIVITY_VENDOR} vendor secret`] };
    }
    const found = await games(merchantId);
    const unit = 10n ** BigInt(merchant.currencyScale);
    // The players side by side, as players are: their calls share the database's group commits.
    const plans = demoPlan(DEMO_PLAYERS, unit).filter((p) => players.includes(p.username));
    await Promise.all(
      plans.map(async (plan) => {
        const member = await deps.findMember(merchantId, plan.username);
        if (member === undefined || member.userType !== USER_TYPE.MEMBER) {
          report.skipped.push(plan.username);
          return;
        }
        const paid = await deposit(merchant, member.id, channel.id, plan.depositMinor);
        if (paid === 'paid') report.deposits += 1;
        else report.replayedDeposits += 1;
        const rounds = await play(merchant, member.id, plan, found);
        report.rounds += rounds.fresh;
        report.replayedRounds += rounds.replayed;
        report.players += 1;
      }),
    );
    return report;
  };

  // One run at a time: a run asked for while another is going starts after it, and so finds its work done.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    /** Runs the plan for each of `players` that exists on the demo merchant; safe to run any number of times. */
    run: (players: readonly string[] = DEMO_PLAYERS): Promise<DemoActivityReport> => {
      const next = queue.then(() => runOnce(players));
      queue = next.catch(() => undefined);
      return next;
    },
  };
};

export type DemoActivity = ReturnType<typeof createDemoActivity>;
