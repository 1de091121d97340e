import type { StaffRole } from '@platform/contracts';

export type DemoStaff = {
  username: string;
  displayName: string;
  role: Exclude<StaffRole, 'super'>;
  /** Enrolled with DEMO_STAFF_TOTP_SECRET; false: the first sign-in enrols (the enrolment demo). */
  enrolled: boolean;
};

/** Public, like the demo members' passwords: these accounts exist on the demo merchant only. */
export const DEMO_STAFF_PASSWORD = 'Ops#2026';
/** The demo staff's TOTP secret (base32): add it to any authenticator app, or compute codes with `otpauth`. */
export const DEMO_STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Back-office demo accounts, one per role (STAFF.md), printed by the start banner. */
export const DEMO_STAFF: readonly DemoStaff[] = [
  { username: 'ops_owner', displayName: 'Olivia Owner', role: 'owner', enrolled: true },
  { username: 'ops_admin', displayName: 'Adrian Admin', role: 'admin', enrolled: true },
  { username: 'ops_cashier', displayName: 'Carla Cashier', role: 'cashier', enrolled: true },
  { username: 'ops_risk', displayName: 'Rico Risk', role: 'risk', enrolled: true },
  { username: 'ops_support', displayName: 'Sofia Support', role: 'support', enrolled: true },
  { username: 'ops_content', displayName: 'Carlo Content', role: 'content', enrolled: true },
  { username: 'ops_finance', displayName: 'Fiona Finance', role: 'finance', enrolled: true },
  { username: 'ops_new', displayName: 'Nina New', role: 'support', enrolled: false },
];
