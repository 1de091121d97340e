import type { Queryable } from '../../../db/database';
import type { Holding } from './raffle-draw';

export type RaffleRow = {
  id: bigint;
  title: Record<string, string>;
  basis: 'DEPOSIT' | 'VALID_BET';
  ticketUnitMinor: bigint;
  maxTicketsPerMember: number;
  prizesMinor: bigint[];
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
  seed: string;
  seedHash: string;
  status: 'SCHEDULED' | 'DRAWN' | 'CANCELLED';
  ticketTotal: number | null;
  drawnAt: Date | null;
};

export type NewRaffle = Omit<RaffleRow, 'id' | 'status' | 'ticketTotal' | 'drawnAt'>;

export type WinnerRow = {
  rank: number;
  ticketNo: number;
  memberId: bigint;
  username: string;
  amountMinor: bigint;
  rewardId: bigint;
};

type DbRow = {
  id: string;
  title: Record<string, string>;
  basis: RaffleRow['basis'];
  ticket_unit_minor: string;
  max_tickets_per_member: number;
  prizes: string[];
  opens_at: Date | string;
  closes_at: Date | string;
  draw_at: Date | string;
  seed: string;
  seed_hash: string;
  status: RaffleRow['status'];
  ticket_total: number | null;
  drawn_at: Date | string | null;
};

const COLUMNS = `id::text, title, basis, ticket_unit_minor::text, max_tickets_per_member, prizes, opens_at, closes_at,
  draw_at, seed, seed_hash, status, ticket_total, drawn_at`;

const toRow = (r: DbRow): RaffleRow => ({
  id: BigInt(r.id),
  title: r.title,
  basis: r.basis,
  ticketUnitMinor: BigInt(r.ticket_unit_minor),
  maxTicketsPerMember: r.max_tickets_per_member,
  prizesMinor: r.prizes.map((p) => BigInt(p)),
  opensAt: new Date(r.opens_at),
  closesAt: new Date(r.closes_at),
  drawAt: new Date(r.draw_at),
  seed: r.seed,
  seedHash: r.seed_hash,
  status: r.status,
  ticketTotal: r.ticket_total,
  drawnAt: r.drawn_at === null ? null : new Date(r.drawn_at),
});

/** SQL of raffles, raffle_tickets and raffle_winners (migration 0047). */
export const rafflesRepository = (db: Queryable) => ({
  insert: async (merchantId: number, r: NewRaffle, by: string, now: Date): Promise<RaffleRow> => {
    const { rows } = await db.query<DbRow>(
      `INSERT INTO raffles (merchant_id, title, basis, ticket_unit_minor, max_tickets_per_member, prizes, opens_at,
         closes_at, draw_at, seed, seed_hash, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
      [
        ...[merchantId, JSON.stringify(r.title), r.basis, r.ticketUnitMinor.toString(), r.maxTicketsPerMember],
        ...[JSON.stringify(r.prizesMinor.map(String)), r.opensAt, r.closesAt, r.drawAt, r.seed, r.seedHash, now, by],
      ],
    );
    return toRow(rows[0]!);
  },

  byId: async (merchantId: number, id: bigint, lock = false): Promise<RaffleRow | undefined> => {
    const { rows } = await db.query<DbRow>(
      `SELECT ${COLUMNS} FROM raffles WHERE merchant_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [merchantId, id.toString()],
    );
    return rows[0] === undefined ? undefined : toRow(rows[0]);
  },

  /** The newest raffles (the member page: cancelled ones left out). */
  list: async (merchantId: number, limit: number, withCancelled: boolean): Promise<RaffleRow[]> => {
    const { rows } = await db.query<DbRow>(
      `SELECT ${COLUMNS} FROM raffles WHERE merchant_id = $1 ${withCancelled ? '' : "AND status <> 'CANCELLED'"}
       ORDER BY draw_at DESC, id DESC LIMIT $2`,
      [merchantId, limit],
    );
    return rows.map(toRow);
  },

  /** Raffles whose tickets are still counted: open (or closed) and not yet frozen by the draw. */
  counting: async (now: Date, limit: number): Promise<(RaffleRow & { merchantId: number })[]> => {
    const { rows } = await db.query<DbRow & { merchant_id: number }>(
      `SELECT merchant_id, ${COLUMNS} FROM raffles
       WHERE status = 'SCHEDULED' AND ticket_total IS NULL AND opens_at <= $1 ORDER BY draw_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => ({ ...toRow(r), merchantId: r.merchant_id }));
  },

  /** Raffles due for their draw. */
  due: async (now: Date, limit: number): Promise<{ merchantId: number; id: bigint }[]> => {
    const { rows } = await db.query<{ merchant_id: number; id: string }>(
      `SELECT merchant_id, id::text FROM raffles WHERE status = 'SCHEDULED' AND draw_at <= $1 ORDER BY draw_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => ({ merchantId: r.merchant_id, id: BigInt(r.id) }));
  },

  /** Replaces the raffle's ticket counts (only while not frozen). */
  setTickets: async (merchantId: number, raffleId: bigint, holdings: readonly Holding[], now: Date): Promise<void> => {
    await db.query('DELETE FROM raffle_tickets WHERE merchant_id = $1 AND raffle_id = $2', [
      merchantId,
      raffleId.toString(),
    ]);
    if (holdings.length === 0) return;
    await db.query(
      `INSERT INTO raffle_tickets (merchant_id, raffle_id, member_id, tickets, updated_at)
       SELECT $1, $2, m, t, $5 FROM unnest($3::bigint[], $4::integer[]) AS x(m, t)`,
      [
        merchantId,
        raffleId.toString(),
        holdings.map((h) => h.memberId.toString()),
        holdings.map((h) => h.tickets),
        now,
      ],
    );
  },

  /** The ticket list in its published order: member id ascending. */
  holdings: async (merchantId: number, raffleId: bigint): Promise<(Holding & { username: string })[]> => {
    const { rows } = await db.query<{ member_id: string; tickets: number; username: string | null }>(
      `SELECT t.member_id::text, t.tickets, m.username FROM raffle_tickets t
       LEFT JOIN member_directory m ON m.merchant_id = t.merchant_id AND m.id = t.member_id
       WHERE t.merchant_id = $1 AND t.raffle_id = $2 ORDER BY t.member_id`,
      [merchantId, raffleId.toString()],
    );
    return rows.map((r) => ({ memberId: BigInt(r.member_id), tickets: r.tickets, username: r.username ?? '' }));
  },

  ticketsOf: async (
    merchantId: number,
    raffleIds: readonly bigint[],
    memberId: bigint,
  ): Promise<Map<bigint, number>> => {
    if (raffleIds.length === 0) return new Map();
    const { rows } = await db.query<{ raffle_id: string; tickets: number }>(
      `SELECT raffle_id::text, tickets FROM raffle_tickets
       WHERE merchant_id = $1 AND raffle_id = ANY($2::bigint[]) AND member_id = $3`,
      [merchantId, raffleIds.map(String), memberId.toString()],
    );
    return new Map(rows.map((r) => [BigInt(r.raffle_id), r.tickets]));
  },

  /** Per raffle: how many members hold tickets, and how many tickets they hold together. */
  holderCounts: async (
    merchantId: number,
    raffleIds: readonly bigint[],
  ): Promise<Map<bigint, { holders: number; tickets: number }>> => {
    if (raffleIds.length === 0) return new Map();
    const { rows } = await db.query<{ raffle_id: string; n: number; tickets: number }>(
      `SELECT raffle_id::text, count(*)::integer AS n, sum(tickets)::integer AS tickets FROM raffle_tickets
       WHERE merchant_id = $1 AND raffle_id = ANY($2::bigint[]) GROUP BY raffle_id`,
      [merchantId, raffleIds.map(String)],
    );
    return new Map(rows.map((r) => [BigInt(r.raffle_id), { holders: r.n, tickets: r.tickets }]));
  },

  /** Freezes the ticket list for the draw; false when it was frozen already. */
  freeze: async (merchantId: number, raffleId: bigint, total: number): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE raffles SET ticket_total = $3 WHERE merchant_id = $1 AND id = $2 AND ticket_total IS NULL RETURNING id`,
      [merchantId, raffleId.toString(), total],
    );
    return rows.length === 1;
  },

  insertWinner: async (merchantId: number, raffleId: bigint, w: Omit<WinnerRow, 'username'>): Promise<void> => {
    await db.query(
      `INSERT INTO raffle_winners (merchant_id, raffle_id, rank, ticket_no, member_id, amount_minor, reward_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [
        ...[merchantId, raffleId.toString(), w.rank, w.ticketNo, w.memberId.toString()],
        ...[w.amountMinor.toString(), w.rewardId.toString()],
      ],
    );
  },

  markDrawn: async (merchantId: number, raffleId: bigint, now: Date): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE raffles SET status = 'DRAWN', drawn_at = $3 WHERE merchant_id = $1 AND id = $2 AND status = 'SCHEDULED'
       RETURNING id`,
      [merchantId, raffleId.toString(), now],
    );
    return rows.length === 1;
  },

  cancel: async (merchantId: number, raffleId: bigint): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE raffles SET status = 'CANCELLED'
       WHERE merchant_id = $1 AND id = $2 AND status = 'SCHEDULED' AND ticket_total IS NULL RETURNING id`,
      [merchantId, raffleId.toString()],
    );
    return rows.length === 1;
  },

  winners: async (merchantId: number, raffleIds: readonly bigint[]): Promise<Map<bigint, WinnerRow[]>> => {
    const found = new Map<bigint, WinnerRow[]>();
    if (raffleIds.length === 0) return found;
    const { rows } = await db.query<{
      raffle_id: string;
      rank: number;
      ticket_no: number;
      member_id: string;
      username: string | null;
      amount_minor: string;
      reward_id: string;
    }>(
      `SELECT w.raffle_id::text, w.rank, w.ticket_no, w.member_id::text, m.username, w.amount_minor::text,
              w.reward_id::text
       FROM raffle_winners w LEFT JOIN member_directory m ON m.merchant_id = w.merchant_id AND m.id = w.member_id
       WHERE w.merchant_id = $1 AND w.raffle_id = ANY($2::bigint[]) ORDER BY w.raffle_id, w.rank`,
      [merchantId, raffleIds.map(String)],
    );
    for (const r of rows) {
      const id = BigInt(r.raffle_id);
      found.set(id, [
        ...(found.get(id) ?? []),
        {
          rank: r.rank,
          ticketNo: r.ticket_no,
          memberId: BigInt(r.member_id),
          username: r.username ?? '',
          amountMinor: BigInt(r.amount_minor),
          rewardId: BigInt(r.reward_id),
        },
      ]);
    }
    return found;
  },

  /** Credited deposits per member created in [from, to). */
  depositsBetween: async (merchantId: number, from: Date, to: Date) => {
    const { rows } = await db.query<{ member_id: string; total: string }>(
      `SELECT member_id::text, sum(amount_minor)::text AS total FROM deposit_order_facts
       WHERE merchant_id = $1 AND status IN ('PAID', 'APPROVED') AND created_at >= $2 AND created_at < $3
       GROUP BY member_id`,
      [merchantId, from, to],
    );
    return rows.map((r) => ({ memberId: BigInt(r.member_id), amountMinor: BigInt(r.total) }));
  },

  /** The merchant's time zone (IANA), in which staff see raffle times. */
  timezone: async (merchantId: number): Promise<string> => {
    const { rows } = await db.query<{ timezone: string }>('SELECT timezone FROM merchant_directory WHERE id = $1', [
      merchantId,
    ]);
    return rows[0]?.timezone ?? 'UTC';
  },

  dayOf: async (merchantId: number, at: Date): Promise<string> => {
    const { rows } = await db.query<{ day: string }>(
      'SELECT ((($2::timestamptz) AT TIME ZONE timezone)::date)::text AS day FROM merchant_directory WHERE id = $1',
      [merchantId, at],
    );
    return rows[0]?.day ?? at.toISOString().slice(0, 10);
  },
});

export type RafflesRepository = ReturnType<typeof rafflesRepository>;
