import { formatMoney, type OpsRaffle, type OpsRaffleInput, type Raffle, type RaffleProof } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { PlayStatsModule } from '../../games/play-stats';
import { parseFieldAmount } from '../../money/wallet';
import { recordAudit } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import type { Merchant } from '../../platform/merchant';
import type { RewardOffer, RewardRow, RewardsService } from '../rewards';
import { holderOf, newSeed, RAFFLE_ALGORITHM, seedHashOf, winningTickets, type Holding } from './raffle-draw';
import { rafflesRepository, type RaffleRow, type WinnerRow } from './raffles.repository';

const DAY_MS = 86_400_000;
/** Domain-rules §4.5: a raffle prize is claimed within this many days of the draw. */
export const RAFFLE_CLAIM_DAYS = 14;
const BATCH = 20;
const LIST_SIZE = 20;

export const prizeKey = (raffleId: bigint, rank: number) => `raffle:${raffleId}:${rank}`;
const maskName = (username: string) => `${username.slice(0, 2)}***`;

/** An amount of the form, its field named in the answer so the form shows the message under it. */
const amountIn = parseFieldAmount;

export type RafflesDeps = {
  db: Database;
  now: Clock;
  play: Pick<PlayStatsModule, 'validBetByGameType'>;
  rewards: {
    offer: (merchantId: number, offer: RewardOffer) => Promise<{ reward: RewardRow; created: boolean }>;
    claim: RewardsService['claim'];
    byId: (merchantId: number, id: bigint) => Promise<RewardRow | undefined>;
  };
};

const statusOf = (r: RaffleRow, now: number): Raffle['status'] => {
  if (r.status === 'DRAWN' || r.status === 'CANCELLED') return r.status;
  if (now < r.opensAt.getTime()) return 'UPCOMING';
  return now < r.closesAt.getTime() ? 'OPEN' : 'CLOSED';
};

/**
 * Raffles (domain-rules §4.5, ADR 0045): tickets earned by credited deposits or valid bet between opening and closing,
 * one per ticket unit up to a cap per member; the seed's hash is shown from creation, the draw (raffle-draw.ts) picks
 * winning ticket numbers from the seed alone and reveals it; each winner is offered its prize in the reward centre
 * under `raffle:<id>:<rank>` and claims it (spec §7 raffle claim) within RAFFLE_CLAIM_DAYS.
 */
export const rafflesServiceFactory = ({ db, now, play, rewards }: RafflesDeps) => {
  const repo = rafflesRepository(db);

  /** Each member's tickets from the figures of the window (capped), members without a whole ticket left out. */
  const countTickets = async (merchantId: number, r: RaffleRow): Promise<Holding[]> => {
    const amounts = new Map<bigint, bigint>();
    if (r.basis === 'DEPOSIT') {
      for (const d of await repo.depositsBetween(merchantId, r.opensAt, r.closesAt)) {
        amounts.set(d.memberId, d.amountMinor);
      }
    } else {
      // Play statistics are per business day: the days from the opening's to the closing's (exclusive end).
      const from = await repo.dayOf(merchantId, r.opensAt);
      const to = await repo.dayOf(merchantId, new Date(r.closesAt.getTime() - 1));
      for (const v of await play.validBetByGameType(merchantId, from, to)) {
        amounts.set(v.memberId, (amounts.get(v.memberId) ?? 0n) + v.validBetMinor);
      }
    }
    const holdings: Holding[] = [];
    for (const [memberId, amount] of amounts) {
      const whole = amount / r.ticketUnitMinor;
      const tickets = Number(whole > BigInt(r.maxTicketsPerMember) ? BigInt(r.maxTicketsPerMember) : whole);
      if (tickets > 0) holdings.push({ memberId, tickets });
    }
    return holdings.sort((a, b) => (a.memberId < b.memberId ? -1 : 1));
  };

  /** Counts the tickets one last time, freezes the list, draws, offers the prizes and reveals the seed. */
  const draw = async (merchantId: number, id: bigint): Promise<boolean> => {
    const raffle = await repo.byId(merchantId, id);
    if (raffle === undefined || raffle.status !== 'SCHEDULED' || raffle.drawAt.getTime() > now()) return false;
    if (raffle.ticketTotal === null) {
      // Counted before the transaction (its reads are other modules' views, on the pool): the lock only guards the
      // write, so a concurrent draw or ticket run cannot replace a list once it is frozen.
      const holdings = await countTickets(merchantId, raffle);
      await db.transaction(async (tx) => {
        const locked = await rafflesRepository(tx).byId(merchantId, id, true);
        if (locked?.ticketTotal !== null) return;
        await rafflesRepository(tx).setTickets(merchantId, id, holdings, new Date(now()));
        await rafflesRepository(tx).freeze(
          merchantId,
          id,
          holdings.reduce((sum, h) => sum + h.tickets, 0),
        );
      });
    }
    // From here the list is frozen: a rerun after a crash draws the same winners under the same keys.
    const frozen = (await repo.byId(merchantId, id))!;
    const holdings = await repo.holdings(merchantId, id);
    const tickets = winningTickets(frozen.seed, id, frozen.ticketTotal ?? 0, frozen.prizesMinor.length);
    for (const [index, ticketNo] of tickets.entries()) {
      const rank = index + 1;
      const memberId = holderOf(holdings, ticketNo);
      const amountMinor = frozen.prizesMinor[index]!;
      const { reward } = await rewards.offer(merchantId, {
        ...{ memberId, kind: 'RAFFLE', key: prizeKey(id, rank), amountMinor, period: String(id) },
        details: { raffleId: String(id), rank, ticketNo },
        expiresAt: new Date(now() + RAFFLE_CLAIM_DAYS * DAY_MS),
      });
      await repo.insertWinner(merchantId, id, {
        rank,
        ticketNo,
        memberId: reward.memberId,
        amountMinor,
        rewardId: reward.id,
      });
    }
    return repo.markDrawn(merchantId, id, new Date(now()));
  };

  const wire = async (merchant: Merchant, rows: RaffleRow[], memberId: bigint | null, language: string) => {
    const ids = rows.map((r) => r.id);
    const [mine, winners] = await Promise.all([
      memberId === null ? new Map<bigint, number>() : repo.ticketsOf(merchant.id, ids, memberId),
      repo.winners(merchant.id, ids),
    ]);
    const claimedOf = async (w: WinnerRow) => (await rewards.byId(merchant.id, w.rewardId))?.status === 'CLAIMED';
    const scale = merchant.currencyScale;
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id.toString(),
        title: r.title[language] ?? r.title.EN ?? '',
        basis: r.basis,
        ticketUnit: formatMoney(r.ticketUnitMinor, scale),
        maxTicketsPerMember: r.maxTicketsPerMember,
        prizes: r.prizesMinor.map((p) => formatMoney(p, scale)),
        opensAt: r.opensAt.toISOString(),
        closesAt: r.closesAt.toISOString(),
        drawAt: r.drawAt.toISOString(),
        status: statusOf(r, now()),
        seedHash: r.seedHash,
        seed: r.status === 'DRAWN' ? r.seed : null,
        ticketTotal: r.ticketTotal,
        myTickets: mine.get(r.id) ?? 0,
        winners: await Promise.all(
          (winners.get(r.id) ?? []).map(async (w) => ({
            rank: w.rank,
            ticketNo: w.ticketNo,
            username: maskName(w.username),
            amount: formatMoney(w.amountMinor, scale),
            mine: memberId !== null && w.memberId === memberId,
            claimed: await claimedOf(w),
          })),
        ),
      })),
    );
  };

  /** Raffles as staff see them: no ticket of their own, but how many members hold how many tickets. */
  const opsWire = async (merchant: Merchant, rows: RaffleRow[]): Promise<OpsRaffle[]> => {
    const [wired, counts] = await Promise.all([
      wire(merchant, rows, null, merchant.defaultLanguage),
      repo.holderCounts(
        merchant.id,
        rows.map((r) => r.id),
      ),
    ]);
    return wired.map(({ myTickets: _mine, ...r }) => {
      const count = counts.get(BigInt(r.id));
      return { ...r, holders: count?.holders ?? 0, tickets: r.ticketTotal ?? count?.tickets ?? 0 };
    });
  };

  return {
    /** The `raffles.tickets` job: ticket counts of raffles still open (or closed and not yet drawn). */
    countOpen: async (signal?: AbortSignal): Promise<{ raffles: number }> => {
      const open = await repo.counting(new Date(now()), BATCH);
      for (const r of open) {
        if (signal?.aborted === true) break;
        const holdings = await countTickets(r.merchantId, r);
        await db.transaction(async (tx) => {
          const locked = await rafflesRepository(tx).byId(r.merchantId, r.id, true);
          if (locked?.status !== 'SCHEDULED' || locked.ticketTotal !== null) return;
          await rafflesRepository(tx).setTickets(r.merchantId, r.id, holdings, new Date(now()));
        });
      }
      return { raffles: open.length };
    },
    /** The `raffles.draw` job: every raffle due. */
    drawDue: async (signal?: AbortSignal): Promise<{ drawn: number }> => {
      let drawn = 0;
      for (const { merchantId, id } of await repo.due(new Date(now()), BATCH)) {
        if (signal?.aborted === true) break;
        if (await draw(merchantId, id)) drawn += 1;
      }
      return { drawn };
    },
    draw,
    /** The raffle page: the newest raffles with the caller's tickets and prizes (a guest sees none of its own). */
    list: async (merchant: Merchant, memberId: bigint | null, language: string) => ({
      list: await wire(merchant, await repo.list(merchant.id, LIST_SIZE, false), memberId, language),
    }),
    /** The published ticket list and winners of a drawn raffle: what anyone needs to recompute the draw. */
    proof: async (merchant: Merchant, id: bigint): Promise<RaffleProof> => {
      const r = await repo.byId(merchant.id, id);
      if (r === undefined || r.status !== 'DRAWN') throw new AppError('RAFFLE_NOT_FOUND', 404, 'No such drawn raffle');
      const [holdings, winners] = await Promise.all([repo.holdings(merchant.id, id), repo.winners(merchant.id, [id])]);
      return {
        id: id.toString(),
        seedHash: r.seedHash,
        seed: r.seed,
        holders: holdings.map((h) => ({ holder: maskName(h.username), tickets: h.tickets })),
        ticketTotal: r.ticketTotal ?? 0,
        winners: (winners.get(id) ?? []).map((w) => ({ rank: w.rank, ticketNo: w.ticketNo })),
        algorithm: RAFFLE_ALGORITHM,
      };
    },
    /** Spec §7 raffle claim: pays the caller's pending prizes of the raffle (each once, through the reward centre). */
    claim: async (merchant: Merchant, memberId: bigint, id: bigint): Promise<RewardRow[]> => {
      const mine = ((await repo.winners(merchant.id, [id])).get(id) ?? []).filter((w) => w.memberId === memberId);
      if (mine.length === 0) throw new AppError('RAFFLE_NO_PRIZE', 404, 'No prize of yours in this raffle');
      const claimed: RewardRow[] = [];
      for (const w of mine) {
        const reward = await rewards.byId(merchant.id, w.rewardId);
        if (reward?.status === 'PENDING') claimed.push(await rewards.claim(merchant, memberId, w.rewardId));
      }
      if (claimed.length === 0) throw new AppError('REWARD_CLAIMED', 409, 'This prize was claimed already');
      return claimed;
    },
    /** Staff: the newest raffles, cancelled ones included, and the merchant's time zone to show their times in. */
    opsList: async (merchant: Merchant) => {
      const rows = await repo.list(merchant.id, 100, true);
      const [list, timezone] = await Promise.all([opsWire(merchant, rows), repo.timezone(merchant.id)]);
      return { list, timezone };
    },
    /** Staff: a new raffle; the server draws its seed and shows only the hash until the draw. */
    create: async (caller: StaffCaller, input: OpsRaffleInput) => {
      const merchant = caller.merchant;
      const seed = newSeed();
      const title: Record<string, string> = { EN: input.title.EN };
      if (input.title.TY) title.TY = input.title.TY;
      const ticketUnitMinor = amountIn(input.ticketUnit, merchant, 'ticketUnit');
      const prizesMinor = input.prizes.map((p, i) => amountIn(p, merchant, `prizes.${i}`));
      const row = await db.transaction(async (tx) => {
        const created = await rafflesRepository(tx).insert(
          merchant.id,
          {
            ...{ title, basis: input.basis, ticketUnitMinor, maxTicketsPerMember: input.maxTicketsPerMember },
            prizesMinor,
            ...{ opensAt: new Date(input.opensAt), closesAt: new Date(input.closesAt), drawAt: new Date(input.drawAt) },
            ...{ seed, seedHash: seedHashOf(seed) },
          },
          caller.staff,
          new Date(now()),
        );
        await recordAudit(tx, caller, {
          ...{ action: 'raffle.create', targetType: 'raffle', targetId: created.id.toString() },
          after: { ...input, seedHash: created.seedHash },
        });
        return created;
      });
      return (await opsWire(merchant, [row]))[0]!;
    },
    /** Staff: cancels a raffle whose tickets are not yet frozen for its draw. */
    cancel: async (caller: StaffCaller, id: bigint) => {
      const merchant = caller.merchant;
      await db.transaction(async (tx) => {
        const r = await rafflesRepository(tx).byId(merchant.id, id, true);
        if (r === undefined) throw new AppError('RAFFLE_NOT_FOUND', 404, 'No such raffle');
        if (!(await rafflesRepository(tx).cancel(merchant.id, id))) {
          throw new AppError('RAFFLE_DRAWN', 409, 'This raffle was drawn or cancelled already');
        }
        await recordAudit(tx, caller, { action: 'raffle.cancel', targetType: 'raffle', targetId: id.toString() });
      });
      return (await opsWire(merchant, [(await repo.byId(merchant.id, id))!]))[0]!;
    },
  };
};

export type RafflesService = ReturnType<typeof rafflesServiceFactory>;
