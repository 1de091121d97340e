import type { ComponentType } from 'react';
import { DEFAULT_MEMBER_PAGE, MEMBER_PAGE_KEYS, type MemberPageKey } from '@platform/contracts';
import { SecurityCenter } from './security-center';

export type MemberPage = { titleKey: string; Component: ComponentType };

/**
 * The member-centre pages that exist. A page key of the spec (§2) appears in the navigation only once
 * its page is registered here: no empty pages in the menu.
 */
export const MEMBER_PAGES: Partial<Record<MemberPageKey, MemberPage>> = {
  securityCenter: { titleKey: 'member.pages.securityCenter', Component: SecurityCenter },
};

/** Entries that show a count badge (spec §2: mission, message and reward). */
export const BADGE_PAGE_KEYS = ['missionLeaderboard', 'messageV2', 'rewardCenter'] as const;
export type BadgePageKey = (typeof BADGE_PAGE_KEYS)[number];
export type BadgeCounts = Partial<Record<BadgePageKey, number>>;

export const availableMemberPages = (): MemberPageKey[] => MEMBER_PAGE_KEYS.filter((key) => MEMBER_PAGES[key]);

/** `?page=<key>` when that page exists, else the default page (spec §4: securityCenter). */
export const resolveMemberPage = (requested: string | null): MemberPageKey => {
  const match = MEMBER_PAGE_KEYS.find((key) => key === requested);
  return match && MEMBER_PAGES[match] ? match : DEFAULT_MEMBER_PAGE;
};
