import type { StaffInvitationRequest } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { randomToken, sha256 } from '../../../lib/tokens';
import { recordAudit } from '../audit';
import type { PasswordHasher, RequestContext } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { startEnrolment, type EnrolStage } from './staff-enrolment';
import { staffInvitationRepository } from './staff-invitation.repository';
import type { SecretBox } from './staff-secrets';
import { staffRepository } from './staff.repository';

const MINUTE_MS = 60_000;
/** An enrolment link works once, within this time (`npm run create-owner -- --reissue` makes a new one). */
export const INVITATION_TTL_MS = 60 * MINUTE_MS;
/** Opening a link costs a password hash: a client address gets this many tries, used or not. */
export const INVITATION_RULE: RateRule = { name: 'staff-invitation:ip', limit: 20, periodMs: 15 * MINUTE_MS };

const linkGone = () =>
  new AppError('RESET_LINK_INVALID', 400, 'This enrolment link has expired or was already used; ask for a new one');

export class OwnerExistsError extends Error {
  constructor(merchantCode: string, username: string) {
    super(
      `Merchant ${merchantCode} already has an owner (${username}); more staff are added in the back office. ` +
        'A link that was never used can be made again with --reissue.',
    );
    this.name = 'OwnerExistsError';
  }
}

export type InvitationServiceDeps = {
  db: Database;
  now: Clock;
  hasher: PasswordHasher;
  secrets: SecretBox;
  limiter: RateLimiter;
};

/**
 * The first owner of a merchant (ADR 0016), made by a one-time command with an enrolment link instead of a password:
 * returns the link's token (stored only as its SHA-256). Refuses when the merchant has an owner, unless `reissue` and
 * that owner never used a link: then only a new link is made, and the earlier one stops working.
 */
export const inviteOwner = async (
  { db, now, hasher }: Pick<InvitationServiceDeps, 'db' | 'now' | 'hasher'>,
  merchant: Pick<Merchant, 'id' | 'code'>,
  owner: { username: string; displayName: string },
  options: { reissue: boolean },
): Promise<{ token: string; username: string; expiresAtMs: number; reissued: boolean }> => {
  // Nobody can sign in with this password: it is the hash of a random value that is thrown away.
  const unusableHash = await hasher.hash(randomToken());
  const token = randomToken();
  const nowMs = now();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.create-owner:' || $1::text))", [merchant.code]);
    const invitations = staffInvitationRepository(tx);
    const existing = await invitations.owner(merchant.id);
    if (existing !== undefined && (!options.reissue || existing.accepted || !existing.invited)) {
      throw new OwnerExistsError(merchant.code, existing.username);
    }
    const id =
      existing?.id ??
      (await staffRepository(tx).insert(
        { merchantId: merchant.id, ...owner, passwordHash: unusableHash, role: 'owner' },
        nowMs,
      ));
    if (id === undefined) throw new Error(`the username ${owner.username} is taken on merchant ${merchant.code}`);
    await invitations.insert(id, merchant.id, sha256(token), nowMs, INVITATION_TTL_MS);
    return {
      token,
      username: existing?.username ?? owner.username,
      expiresAtMs: nowMs + INVITATION_TTL_MS,
      reissued: existing !== undefined,
    };
  });
};

/** The enrolment link's one use (POST OPS_API.auth.invitation). */
export const staffInvitationServiceFactory = ({ db, now, hasher, secrets, limiter }: InvitationServiceDeps) => {
  /** The link's one use: sets the password, then enrolment follows as at a first sign-in. */
  const accept = async (ctx: RequestContext, request: StaffInvitationRequest): Promise<EnrolStage> => {
    await enforceLimits(limiter, ctx.merchant.id, [[INVITATION_RULE, ctx.ip]], 'Too many attempts; try again later');
    const invitations = staffInvitationRepository(db);
    const invitation = await invitations.find(ctx.merchant.id, sha256(request.token));
    if (invitation === undefined || invitation.usedAt !== null || invitation.expiresAt.getTime() <= now()) {
      throw linkGone();
    }
    const account = await staffRepository(db).findById(invitation.staffId);
    if (account === undefined || account.status !== 'ACTIVE') throw linkGone();
    const passwordHash = await hasher.hash(request.password);
    const nowMs = now();
    return db.transaction(async (tx) => {
      const repo = staffInvitationRepository(tx);
      if (!(await repo.use(invitation.id, nowMs))) throw linkGone();
      await repo.setPassword(account.id, passwordHash, nowMs);
      await recordAudit(
        tx,
        {
          merchant: ctx.merchant,
          staff: account.username,
          staffId: account.id.toString(),
          role: account.role,
          ip: ctx.ip,
        },
        { action: 'staff.invitation.accept', targetType: 'staff', targetId: account.id.toString() },
      );
      return startEnrolment(staffRepository(tx), secrets, account, ctx.merchant, nowMs);
    });
  };

  return { accept };
};

export type StaffInvitationService = ReturnType<typeof staffInvitationServiceFactory>;
