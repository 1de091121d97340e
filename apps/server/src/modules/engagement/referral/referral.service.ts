import { randomInt } from 'node:crypto';
import { formatMoney, WHITELABEL_MODULES, type ReferralSettings, type ReferralState } from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { PlayStatsModule } from '../../games/play-stats';
import type { Referral, ReferralPort } from '../../identity/identity';
import { isModuleEnabled, type Merchant, type MerchantService } from '../../platform/merchant';
import { rewardWire, type RewardOffer, type RewardRow, type RewardsQueries } from '../rewards';
import type { FriendRow, ReferralRepository, ReferralSettingsRow } from './referral.repository';

const DAY_MS = 86_400_000;
/** A referral reward waits this long in the reward centre. */
export const REFERRAL_REWARD_EXPIRY_DAYS = 30;
/** Closed days the share job looks back at: a missed run still pays each day once, by its key. */
export const REFERRAL_SHARE_LOOKBACK_DAYS = 3;
const FRIENDS_SHOWN = 200;
const BATCH = 500;
/** Codes avoid look-alike characters (0/O, 1/I/L): they are read aloud and typed. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const friendKey = (friendId: bigint) => `referral:${friendId}`;
export const shareKey = (day: string, referrerId: bigint) => `referral-share:${day}:${referrerId}`;

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** `ab***`: a friend's username shown to the referrer, enough to recognise, not to log in with. */
export const maskName = (username: string) => `${username.slice(0, 2)}***`;

export type ReferralDeps = {
  repo: ReferralRepository;
  now: Clock;
  merchants: Pick<MerchantService, 'whitelabelTree'>;
  play?: Pick<PlayStatsModule, 'memberFigures'>;
  rewards?: {
    offer: (merchantId: number, offer: RewardOffer) => Promise<{ reward: RewardRow; created: boolean }>;
    queries: Pick<RewardsQueries, 'ofKind' | 'byKeys'>;
  };
  bus?: Pick<EventBus, 'emit'>;
};

/**
 * The part of invite friends that registration needs (identity's ReferralPort) and the public state's flag, built
 * before the engagement modules (platform-modules.ts wires them into identity and promotions).
 */
export const referralProgrammeFactory = ({ repo, now, merchants }: Omit<ReferralDeps, 'play' | 'rewards' | 'bus'>) => {
  /** Spec §6: the referral entry depends on the site flag (REFERRAL3) and the promotion setting. */
  const enabled = async (merchantId: number): Promise<boolean> => {
    const [tree, settings] = await Promise.all([merchants.whitelabelTree(merchantId), repo.settings(merchantId)]);
    return isModuleEnabled(tree, WHITELABEL_MODULES.REFERRAL) && settings.enabled;
  };
  const registrations: ReferralPort = {
    find: async (merchantId, code) => {
      const normalised = code.trim().toUpperCase();
      if (!/^[A-Z0-9]{8}$/.test(normalised) || !(await enabled(merchantId))) return undefined;
      const referrerId = await repo.memberOfCode(merchantId, normalised);
      return referrerId === undefined ? undefined : { referrerId };
    },
    registered: (merchantId: number, referral: Referral, memberId: bigint, at: Date) =>
      repo.addFriend(merchantId, referral.referrerId, memberId, at),
  };
  /** The member's code, made on first use (a collision draws again). */
  const codeOf = async (merchantId: number, memberId: bigint): Promise<string> => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const existing = await repo.codeOf(merchantId, memberId);
      if (existing !== undefined) return existing;
      const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
      await repo.insertCode(merchantId, memberId, code, new Date(now()));
    }
    throw new Error('no free referral code after 8 draws');
  };
  return { enabled, registrations, codeOf };
};

export const settingsWire = (s: ReferralSettingsRow, scale: number): ReferralSettings => ({
  enabled: s.enabled,
  minDeposit: formatMoney(s.minDepositMinor, scale),
  minValidBet: formatMoney(s.minValidBetMinor, scale),
  windowDays: s.windowDays,
  reward: formatMoney(s.rewardMinor, scale),
  sharePercent: (s.shareBp / 100).toString(),
});

/**
 * Invite friends (domain-rules §4.6, ADR 0045): a friend qualifies once its credited deposits and its valid bet (play
 * statistics, DESIGN.md §11) since registration reach the merchant's thresholds within the window; the referrer is then
 * offered a reward in the reward centre once per friend (`referral:<friend>`) and `referral.qualified` is emitted. A
 * daily job offers the referrer a share of its qualified friends' valid bet, once per referrer and day.
 */
export const referralServiceFactory = (deps: Required<ReferralDeps>) => {
  const { repo, now, play, rewards, bus } = deps;
  const programme = referralProgrammeFactory(deps);

  const figuresOf = async (merchantId: number, friends: readonly FriendRow[], today: string) => {
    const ids = friends.map((f) => f.friendId);
    const from = friends.reduce((min, f) => (f.registeredDay < min ? f.registeredDay : min), today);
    const [deposits, play_] = await Promise.all([
      repo.deposits(merchantId, ids),
      play.memberFigures(merchantId, ids, from, today),
    ]);
    return (id: bigint) => ({
      depositMinor: deposits.get(id) ?? 0n,
      validBetMinor: play_.get(id.toString())?.validBetMinor ?? 0n,
    });
  };

  const qualifyMerchant = async (merchantId: number, today: string): Promise<number> => {
    if (!(await programme.enabled(merchantId))) return 0;
    const settings = await repo.settings(merchantId);
    const since = new Date(now() - settings.windowDays * DAY_MS);
    const open = await repo.openFriends(merchantId, since, BATCH);
    if (open.length === 0) return 0;
    const figures = await figuresOf(merchantId, open, today);
    let qualified = 0;
    for (const friend of open) {
      const f = figures(friend.friendId);
      if (f.depositMinor < settings.minDepositMinor || f.validBetMinor < settings.minValidBetMinor) continue;
      // The reward first, under its key: a crash before the mark offers nothing twice on the next run.
      if (settings.rewardMinor > 0n) {
        await rewards.offer(merchantId, {
          ...{ memberId: friend.referrerId, kind: 'REFERRAL', key: friendKey(friend.friendId) },
          ...{ amountMinor: settings.rewardMinor, period: today },
          details: {
            friendId: String(friend.friendId),
            deposit: String(f.depositMinor),
            validBet: String(f.validBetMinor),
          },
          expiresAt: new Date(now() + REFERRAL_REWARD_EXPIRY_DAYS * DAY_MS),
        });
      }
      if (await repo.markQualified(merchantId, friend.friendId, new Date(now()))) {
        qualified += 1;
        bus.emit('referral.qualified', { merchantId, memberId: friend.referrerId, friendId: friend.friendId });
      }
    }
    return qualified;
  };

  const shareDay = async (merchantId: number, day: string, shareBp: number): Promise<number> => {
    const byReferrer = new Map<bigint, bigint>();
    let after = 0n;
    for (;;) {
      const batch = await repo.qualifiedFriends(merchantId, after, BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.friendId;
      const figures = await play.memberFigures(
        merchantId,
        batch.map((b) => b.friendId),
        day,
        day,
      );
      for (const { friendId, referrerId } of batch) {
        const validBet = figures.get(friendId.toString())?.validBetMinor ?? 0n;
        byReferrer.set(referrerId, (byReferrer.get(referrerId) ?? 0n) + validBet);
      }
    }
    let offered = 0;
    for (const [referrerId, validBet] of byReferrer) {
      const amountMinor = (validBet * BigInt(shareBp)) / 10_000n;
      if (amountMinor <= 0n) continue;
      const { created } = await rewards.offer(merchantId, {
        ...{ memberId: referrerId, kind: 'REFERRAL', key: shareKey(day, referrerId), amountMinor, period: day },
        details: { share: true, validBet: String(validBet), shareBp },
        expiresAt: new Date(now() + REFERRAL_REWARD_EXPIRY_DAYS * DAY_MS),
      });
      if (created) offered += 1;
    }
    return offered;
  };

  return {
    ...programme,
    /** The `referral.qualify` job: friends within their window whose figures reached the thresholds. */
    qualify: async (signal?: AbortSignal): Promise<{ qualified: number }> => {
      let qualified = 0;
      for (const { merchantId, today } of await repo.merchants(new Date(now()))) {
        if (signal?.aborted === true) break;
        qualified += await qualifyMerchant(merchantId, today);
      }
      return { qualified };
    },
    /** The `referral.share` job: each closed day of the last few, the share of qualified friends' valid bet. */
    share: async (signal?: AbortSignal): Promise<{ offered: number }> => {
      let offered = 0;
      for (const { merchantId, today } of await repo.merchants(new Date(now()))) {
        const settings = await repo.settings(merchantId);
        if (settings.shareBp === 0 || !(await programme.enabled(merchantId))) continue;
        for (let back = REFERRAL_SHARE_LOOKBACK_DAYS; back >= 1; back -= 1) {
          if (signal?.aborted === true) return { offered };
          offered += await shareDay(merchantId, addDays(today, -back), settings.shareBp);
        }
      }
      return { offered };
    },
    /** The member centre's referral page: the link, the friends with their figures and rewards, and the badge. */
    state: async (merchant: Merchant, memberId: bigint): Promise<ReferralState> => {
      const scale = merchant.currencyScale;
      const [on, settings] = await Promise.all([programme.enabled(merchant.id), repo.settings(merchant.id)]);
      const code = on ? await programme.codeOf(merchant.id, memberId) : null;
      const friends = await repo.friendsOf(merchant.id, memberId, FRIENDS_SHOWN);
      const today = await repo.dayOf(merchant.id, new Date(now()));
      const figures = await figuresOf(merchant.id, friends, today);
      const [friendRewards, mine] = await Promise.all([
        rewards.queries.byKeys(
          merchant.id,
          friends.map((f) => friendKey(f.friendId)),
        ),
        rewards.queries.ofKind(merchant.id, memberId, 'REFERRAL', 100, new Date(now())),
      ]);
      return {
        enabled: on,
        code,
        linkPath: code === null ? null : `/register?referralCode=${code}`,
        settings: settingsWire(settings, scale),
        friends: friends.map((friend) => {
          const f = figures(friend.friendId);
          const reward = friendRewards.get(friendKey(friend.friendId));
          return {
            username: maskName(friend.username),
            registeredAt: friend.registeredAt.toISOString(),
            deposit: formatMoney(f.depositMinor, scale),
            validBet: formatMoney(f.validBetMinor, scale),
            qualified: friend.qualifiedAt !== null,
            qualifiedAt: friend.qualifiedAt?.toISOString() ?? null,
            reward: reward === undefined ? null : rewardWire(reward, scale),
          };
        }),
        qualifiedCount: friends.filter((f) => f.qualifiedAt !== null).length,
        pendingCount: mine.pendingCount,
        shares: mine.list
          .filter((r) => r.rewardKey.startsWith('referral-share:'))
          .slice(0, 30)
          .map((r) => rewardWire(r, scale)),
      };
    },
  };
};

export type ReferralService = ReturnType<typeof referralServiceFactory>;
