import type { ComponentType } from 'react';
import { DEFAULT_MEMBER_PAGE, MEMBER_PAGE_KEYS, type MemberPageKey } from '@platform/contracts';

export type MemberPage = { titleKey: string; Component: ComponentType };
/**
 * The member-centre pages that exist, composed in `app/member-pages.ts` from the features that own them (wallet pages
 * live in their own features). A page key of the spec (§2) appears in the navigation only once its page is registered:
 * no empty pages in the menu.
 */
export type MemberPages = Partial<Record<MemberPageKey, MemberPage>>;

/**
 * Entries that show a count badge (spec §2: mission, message and reward; promotions: availablePromoCount, §3; referral:
 * its rewards waiting for a claim, issue 21).
 */
export const BADGE_PAGE_KEYS = ['missionLeaderboard', 'messageV2', 'rewardCenter', 'referral', 'promotions'] as const;
export type BadgePageKey = (typeof BADGE_PAGE_KEYS)[number];
export type BadgeCounts = Partial<Record<BadgePageKey, number>>;

export const availableMemberPages = (pages: MemberPages): MemberPageKey[] =>
  MEMBER_PAGE_KEYS.filter((key) => pages[key]);

/** `?page=<key>` when that page exists, else the default page (spec §4: securityCenter). */
export const resolveMemberPage = (pages: MemberPages, requested: string | null): MemberPageKey => {
  const match = MEMBER_PAGE_KEYS.find((key) => key === requested);
  return match && pages[match] ? match : DEFAULT_MEMBER_PAGE;
};
