import type { Database, Queryable } from '../db/database';
import type { Clock } from '../lib/clock';
import { RgsError } from '../lib/errors';
import type { RgsFamily } from '../lib/games';
import type { Json } from '../lib/json';
import { toWire } from '../lib/money';
import { insertCall, insertCalls } from '../platform/call-outbox';
import type { NewCall, Payments } from '../platform/payments';
import { refusalError } from '../platform/refusals';
import type { PageSession } from '../sessions/sessions';
import { applyRoundCalls, moveMoney, type WalletKey } from '../wallet/wallet';

/**
 * Rounds: the record of every play, and the one way a play starts: the bet is written (round DEBITING and its debit
 * call) and sent before anything is decided; only an accepted bet takes a nonce and gets an outcome. A refused bet
 * refuses the play with the platform's answer (and balance); a bet without an answer is rolled back.
 * A round of a transfer-mode session (wallet 'transfer') pays from the RGS-held wallet instead: the bet is taken in
 * the transaction that writes the round, and the win is paid in the transaction that settles it; no platform call.
 */
export type RoundState = 'DEBITING' | 'OPEN' | 'SETTLED' | 'REFUSED' | 'CANCELLED';

export type RoundRow = {
  id: string;
  operator: string;
  player_id: string;
  currency: string;
  mode: 'real' | 'play';
  game_code: string;
  family: RgsFamily;
  seed_id: bigint | null;
  nonce: number | null;
  crash_chain_id: number | null;
  crash_round_no: number | null;
  params: Json;
  outcome: Json;
  bet_minor: bigint;
  win_minor: bigint;
  jackpot_minor: bigint;
  bet_transaction_id: string;
  state: RoundState;
  created_at: Date;
  settled_at: Date | null;
};

/** A round with what it takes to verify it (seed or chain data), as recall and replay read it. */
export type RoundDetailRow = RoundRow & {
  server_seed: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  crash_hash: string | null;
  crash_e2: number | null;
  crash_state: string | null;
  terminating_hash: string | null;
  salt: string | null;
  unsettled_calls: bigint;
};

export type RoundView = {
  roundId: string;
  family: RgsFamily;
  game: string;
  currency: string;
  mode: 'real' | 'play';
  state: RoundState;
  bet: string;
  win: string;
  jackpotWin: string;
  createdAt: string;
  settledAt: string | null;
  /** 'pending' while a win waits for a retry of its credit. */
  settlement: 'done' | 'pending';
  params: Json;
  outcome: Json;
  fair: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } | null;
  crash: {
    chainId: number;
    roundNo: number;
    hash: string | null;
    crashE2: number | null;
    terminatingHash: string;
    salt: string;
  } | null;
  /** The platform's verifier page with this round's inputs, once the server seed (or crash hash) is revealed. */
  verifyUrl: string | null;
  replayUrl: string;
};

const DETAIL_SELECT = `SELECT r.id, r.operator, r.player_id, r.currency, r.mode, r.game_code, r.family, r.seed_id, r.nonce,
    r.crash_chain_id, r.crash_round_no, r.params, r.outcome, r.bet_minor, r.win_minor, r.jackpot_minor,
    r.bet_transaction_id, r.state, r.created_at, r.settled_at,
    CASE WHEN f.revealed_at IS NULL THEN NULL ELSE f.server_seed END AS server_seed,
    f.server_seed_hash, f.client_seed,
    CASE WHEN cr.state IN ('CRASHED', 'INTERRUPTED') THEN cr.hash END AS crash_hash,
    CASE WHEN cr.state IN ('CRASHED', 'INTERRUPTED') THEN cr.crash_e2 END AS crash_e2,
    cr.state AS crash_state, cc.terminating_hash, cc.salt,
    (SELECT count(*) FROM platform_calls c
      WHERE c.round_id = r.id AND c.op <> 'debit' AND c.status IN ('PENDING', 'FAILED')) AS unsettled_calls
  FROM rounds r
  LEFT JOIN fair_seeds f ON f.id = r.seed_id
  LEFT JOIN crash_rounds cr ON cr.chain_id = r.crash_chain_id AND cr.round_no = r.crash_round_no
  LEFT JOIN crash_chains cc ON cc.id = r.crash_chain_id`;

export const RECALL_LIMIT_DEFAULT = 20;
export const RECALL_LIMIT_MAX = 100;

const verifyUrlFor = (verifierUrl: string, row: RoundDetailRow): string | null => {
  if (row.state !== 'SETTLED') return null;
  if (row.family === 'crash') {
    if (row.crash_hash === null || row.salt === null || row.terminating_hash === null) return null;
    const query = new URLSearchParams({
      family: 'crash',
      hash: row.crash_hash,
      salt: row.salt,
      terminatingHash: row.terminating_hash,
      round: String(row.crash_round_no),
    });
    return `${verifierUrl}?${query.toString()}`;
  }
  if (row.server_seed === null || row.client_seed === null || row.nonce === null) return null;
  const query = new URLSearchParams({
    family: row.family,
    serverSeed: row.server_seed,
    // The hash the player was shown before play: the verifier checks the revealed seed against it.
    ...(row.server_seed_hash === null ? {} : { serverSeedHash: row.server_seed_hash }),
    clientSeed: row.client_seed,
    nonce: String(row.nonce),
    params: JSON.stringify(row.params),
  });
  return `${verifierUrl}?${query.toString()}`;
};

export const toRoundView = (row: RoundDetailRow, verifierUrl: string): RoundView => ({
  roundId: row.id,
  family: row.family,
  game: row.game_code,
  currency: row.currency,
  mode: row.mode,
  state: row.state,
  bet: toWire(row.bet_minor),
  win: toWire(row.win_minor),
  jackpotWin: toWire(row.jackpot_minor),
  createdAt: row.created_at.toISOString(),
  settledAt: row.settled_at?.toISOString() ?? null,
  settlement: row.unsettled_calls > 0n ? 'pending' : 'done',
  params: row.params,
  outcome: row.outcome,
  fair:
    row.seed_id === null || row.server_seed_hash === null || row.client_seed === null || row.nonce === null
      ? null
      : {
          serverSeedHash: row.server_seed_hash,
          serverSeed: row.server_seed,
          clientSeed: row.client_seed,
          nonce: row.nonce,
        },
  crash:
    row.crash_chain_id === null || row.crash_round_no === null
      ? null
      : {
          chainId: row.crash_chain_id,
          roundNo: row.crash_round_no,
          hash: row.crash_hash,
          crashE2: row.crash_e2,
          terminatingHash: row.terminating_hash ?? '',
          salt: row.salt ?? '',
        },
  verifyUrl: verifyUrlFor(verifierUrl, row),
  replayUrl: `/rgs/replay/${encodeURIComponent(row.id)}`,
});

const ROUND_PREFIX: Record<RgsFamily, string> = {
  slot: 'slot',
  dice: 'dice',
  mines: 'mines',
  plinko: 'plinko',
  crash: 'crash',
  lottery: 'lot',
};

/** The RGS-held wallet a transfer-mode session plays from. */
export const walletKeyOf = (session: Pick<PageSession, 'operator' | 'playerId' | 'currency'>): WalletKey => ({
  operator: session.operator,
  playerId: session.playerId,
  currency: session.currency,
});

export type BeginRound = {
  family: RgsFamily;
  params: Json;
  betMinor: bigint;
  crash?: { chainId: number; roundNo: number };
};

export const roundsFactory = (deps: {
  db: Database;
  clock: Clock;
  payments: Payments;
  randomBytes: (n: number) => Uint8Array;
  verifierUrl: string;
}) => {
  const { db, clock, payments } = deps;

  const newRoundId = (family: RgsFamily): string =>
    `${ROUND_PREFIX[family]}-${Buffer.from(deps.randomBytes(16)).toString('hex')}`;

  const insertRound = async (
    tx: Queryable,
    session: PageSession,
    input: BeginRound,
    ids: { roundId: string; betTransactionId: string },
    now: number,
  ): Promise<void> => {
    await tx.query(
      `INSERT INTO rounds (id, operator, player_id, currency, mode, game_code, family, session_id, crash_chain_id,
         crash_round_no, params, bet_minor, bet_transaction_id, state, created_at, wallet)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'DEBITING', $14, $15)`,
      [
        ids.roundId,
        session.operator,
        session.playerId,
        session.currency,
        session.mode,
        session.gameCode,
        input.family,
        session.idHash,
        input.crash?.chainId ?? null,
        input.crash?.roundNo ?? null,
        JSON.stringify(input.params),
        input.betMinor,
        ids.betTransactionId,
        new Date(now),
        session.wallet,
      ],
    );
  };

  /**
   * Transfer mode: the round and its bet in one transaction, from the RGS-held wallet. Without the funds nothing is
   * written and the play is refused with the balance, as the platform would refuse it.
   */
  const beginLocal = async (
    session: PageSession,
    input: BeginRound,
    ids: { roundId: string; betTransactionId: string },
  ) => {
    const now = clock.now();
    const balanceMinor = await db.transaction(async (tx) => {
      await insertRound(tx, session, input, ids, now);
      const key = walletKeyOf(session);
      const bet = { entryKey: ids.betTransactionId, kind: 'BET' as const, amountMinor: input.betMinor };
      const moved = await moveMoney(tx, key, { ...bet, roundId: ids.roundId }, now);
      if (moved.status === 'INSUFFICIENT') {
        throw new RgsError('INSUFFICIENT_FUNDS', 402, 'Not enough funds for this bet', {
          balance: toWire(moved.balanceMinor),
        });
      }
      return moved.balanceMinor;
    });
    return { ...ids, balance: toWire(balanceMinor) };
  };

  /**
   * Writes the round and its bet, then sends the bet. Resolves when the platform took it (with the balance it
   * answered); throws the refusal (402 INSUFFICIENT_FUNDS with the balance, 401 SESSION_EXPIRED, ...) or a 503
   * when there was no answer (the bet is then rolled back).
   */
  const begin = async (session: PageSession, input: BeginRound) => {
    const roundId = newRoundId(input.family);
    const betTransactionId = `${roundId}:bet`;
    if (session.wallet === 'transfer') return beginLocal(session, input, { roundId, betTransactionId });
    const now = clock.now();
    await db.transaction(async (tx) => {
      await insertRound(tx, session, input, { roundId, betTransactionId }, now);
      await insertCall(tx, { transactionId: betTransactionId, roundId, op: 'debit', amountMinor: input.betMinor }, now);
    });
    const outcome = await payments.debit(betTransactionId);
    if (outcome.kind === 'ok') return { roundId, betTransactionId, balance: outcome.answer.balance };
    if (outcome.kind === 'refused') {
      await db.query(`UPDATE rounds SET state = 'REFUSED', settled_at = $2 WHERE id = $1`, [roundId, new Date(now)]);
      throw refusalError(outcome, 'PLATFORM_REFUSED');
    }
    throw new RgsError('PLATFORM_UNAVAILABLE', 503, 'The casino did not answer; your bet was cancelled');
  };

  /**
   * Settles a round in the caller's transaction: outcome, win, state SETTLED, and the calls that pay it (sent to the
   * platform after commit; in transfer mode paid into the RGS-held wallet right here). A transfer-mode round that was
   * cancelled meanwhile (its bet refunded) cannot be settled: that would pay it twice.
   */
  const settle = async (
    tx: Queryable,
    round: { roundId: string; outcome: Json; winMinor: bigint; jackpotMinor?: bigint; calls: NewCall[] },
  ): Promise<void> => {
    const now = clock.now();
    const { rows } = await tx.query<{
      wallet: 'seamless' | 'transfer';
      operator: string;
      player_id: string;
      currency: string;
    }>(
      `UPDATE rounds SET outcome = $2, win_minor = $3, jackpot_minor = $4, state = 'SETTLED', settled_at = $5
       WHERE id = $1 AND (wallet = 'seamless' OR state IN ('DEBITING', 'OPEN'))
       RETURNING wallet, operator, player_id, currency`,
      [round.roundId, JSON.stringify(round.outcome), round.winMinor, round.jackpotMinor ?? 0n, new Date(now)],
    );
    const settled = rows[0];
    if (settled === undefined) throw new RgsError('ROUND_NOT_OPEN', 409, 'This round was cancelled and refunded');
    if (settled.wallet === 'transfer') {
      const key = { operator: settled.operator, playerId: settled.player_id, currency: settled.currency };
      await applyRoundCalls(tx, key, round.roundId, round.calls, now);
      return;
    }
    for (const call of round.calls) await insertCall(tx, call, now);
  };

  /**
   * settle() for many rounds in the caller's transaction (a lottery issue's batch): the seamless rounds in two
   * statements, the others (transfer mode) one by one as settle() does them.
   */
  const settleMany = async (
    tx: Queryable,
    list: readonly { roundId: string; outcome: Json; winMinor: bigint; calls: NewCall[] }[],
  ): Promise<void> => {
    const now = clock.now();
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE rounds r SET outcome = t.outcome::jsonb, win_minor = t.win, state = 'SETTLED', settled_at = $4
       FROM unnest($1::text[], $2::text[], $3::bigint[]) AS t (id, outcome, win)
       WHERE r.id = t.id AND r.wallet = 'seamless' RETURNING r.id`,
      [
        list.map((r) => r.roundId),
        list.map((r) => JSON.stringify(r.outcome)),
        list.map((r) => r.winMinor.toString()),
        new Date(now),
      ],
    );
    const seamless = new Set(rows.map((r) => r.id));
    await insertCalls(
      tx,
      list.filter((r) => seamless.has(r.roundId)).flatMap((r) => r.calls),
      now,
    );
    for (const round of list) if (!seamless.has(round.roundId)) await settle(tx, round);
  };

  const detail = async (roundId: string): Promise<RoundDetailRow | undefined> => {
    const { rows } = await db.query<RoundDetailRow>(`${DETAIL_SELECT} WHERE r.id = $1`, [roundId]);
    return rows[0];
  };

  return {
    begin,
    settle,
    settleMany,
    detail,
    view: async (roundId: string): Promise<RoundView> => {
      const row = await detail(roundId);
      if (row === undefined) throw new RgsError('NOT_FOUND', 404, 'No such round');
      return toRoundView(row, deps.verifierUrl);
    },
    /** The player's last rounds, newest first; refused bets (nothing happened) and bets in flight are left out. */
    recall: async (key: { operator: string; playerId: string }, family: RgsFamily | undefined, limit: number) => {
      const params: unknown[] = [key.operator, key.playerId, limit];
      const byFamily = family === undefined ? '' : ' AND r.family = $4';
      if (family !== undefined) params.push(family);
      const { rows } = await db.query<RoundDetailRow>(
        `${DETAIL_SELECT} WHERE r.operator = $1 AND r.player_id = $2 AND r.state NOT IN ('REFUSED', 'DEBITING')${byFamily}
         ORDER BY r.seq DESC LIMIT $3`,
        params,
      );
      return rows.map((row) => toRoundView(row, deps.verifierUrl));
    },
  };
};
export type Rounds = ReturnType<typeof roundsFactory>;
