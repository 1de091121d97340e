import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { MerchantResolver, PasswordHasher } from '../../identity/identity';
import type { RateLimiter } from '../../platform/rate-limit';
import { staffAccountsServiceFactory } from './staff-accounts.service';
import { createStaffAuth } from './staff-auth';
import type { SecretBox } from './staff-secrets';
import { staffInvitationServiceFactory } from './staff-invitation.service';
import { signInServiceFactory } from './staff-sign-in.service';
import { staffRepository } from './staff.repository';
import { staffRoutes } from './staff.routes';

export { createStaffAuth, STAFF_TOUCH_AFTER_MS, type StaffAuth, type StaffCaller } from './staff-auth';
export { loadStaffSecretKey, secretBox, STAFF_SECRET_KEY_FILE, type SecretBox } from './staff-secrets';
export { staffRepository, type NewStaff } from './staff.repository';
export { MFA_CHALLENGE_TTL_MS, ENROL_CHALLENGE_TTL_MS } from './staff-sign-in.service';
export { STAFF_SIGN_IN_RULES, KNOWN_ADDRESS_MS } from './staff-throttle';
export {
  inviteOwner,
  OwnerExistsError,
  INVITATION_TTL_MS,
  type StaffInvitationService,
} from './staff-invitation.service';

const DAY_MS = 24 * 60 * 60_000;
/** Ended sessions and challenges are kept 30 days for audit; sign-in history 180 days. */
const SESSION_RETENTION_MS = 30 * DAY_MS;
const LOGIN_RETENTION_MS = 180 * DAY_MS;

export type StaffModuleDeps = {
  db: Database;
  now: Clock;
  limiter: RateLimiter;
  /** The members' argon2id hasher: staff passwords get the same algorithm and cost. */
  hasher: PasswordHasher;
  secrets: SecretBox;
  merchantOf: MerchantResolver;
};

/**
 * Operator staff (issue 7): accounts, sign-in with password and TOTP, sessions, and staff management. Returns `auth`,
 * whose requireStaff every staff route of every module calls first.
 */
export const createStaffModule = (deps: StaffModuleDeps) => {
  const { db, now, hasher } = deps;
  const auth = createStaffAuth({ db, now, merchantOf: deps.merchantOf });
  // An unknown username is verified against this, so it costs what a wrong password costs (made on first use, so a
  // boot does not pay for it, nor count it in app.metrics).
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hasher.hash(randomBytes(24).toString('base64url')));
  const signIn = signInServiceFactory({ db, now, hasher, limiter: deps.limiter, secrets: deps.secrets, dummyHash });
  const accounts = staffAccountsServiceFactory({ db, now, hasher });
  const invitations = staffInvitationServiceFactory({ db, now, hasher, secrets: deps.secrets, limiter: deps.limiter });
  return {
    auth,
    routes: async (app: FastifyInstance) => {
      await app.register(staffRoutes, { signIn, accounts, staff: auth, merchantOf: deps.merchantOf, invitations });
    },
    purge: async (batch: number): Promise<number> => {
      const nowMs = now();
      return staffRepository(db).purge(nowMs - SESSION_RETENTION_MS, nowMs - LOGIN_RETENTION_MS, batch);
    },
  };
};

export type StaffModule = ReturnType<typeof createStaffModule>;
