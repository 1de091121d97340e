import type { MemberPages } from '@/features/member/components/member-pages';
import { SecurityCenter } from '@/features/member/components/security-center';

/**
 * The member centre's pages (spec §2 page keys), from the features that own them. Features never import each other,
 * so the composition happens here.
 */
export const MEMBER_PAGES: MemberPages = {
  securityCenter: { titleKey: 'member.pages.securityCenter', Component: SecurityCenter },
};
