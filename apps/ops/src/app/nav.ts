/** The side navigation's groups, in display order (issue 7). Each route in routes.tsx may put an entry in one. */
export const NAV_GROUPS = [
  'dashboard',
  'cashier',
  'members',
  'content',
  'configuration',
  'gamesPayments',
  'reports',
  'audit',
  'staff',
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];
