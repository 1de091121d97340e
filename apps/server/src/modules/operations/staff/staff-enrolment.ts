import type { StaffLoginResponse } from '@platform/contracts';
import { randomToken, sha256 } from '../../../lib/tokens';
import type { SecretBox } from './staff-secrets';
import type { StaffRepository } from './staff.repository';
import { newTotpSecret, otpauthUrl } from './totp';

/** Enrolment includes scanning a QR code: its step may take this long. */
export const ENROL_CHALLENGE_TTL_MS = 10 * 60_000;

export type EnrolStage = Extract<StaffLoginResponse, { stage: 'ENROL' }>;

/**
 * Opens the ENROL step of a sign-in (first sign-in, after an MFA reset, or after an enrolment link set the password):
 * a new TOTP secret waits sealed in the challenge until a code from it proves the authenticator has it.
 */
export const startEnrolment = async (
  repository: Pick<StaffRepository, 'insertChallenge'>,
  secrets: SecretBox,
  account: { id: bigint; username: string },
  merchant: { id: number; name: string },
  nowMs: number,
): Promise<EnrolStage> => {
  const challenge = randomToken();
  const secret = newTotpSecret();
  await repository.insertChallenge(
    {
      staffId: account.id,
      merchantId: merchant.id,
      tokenHash: sha256(challenge),
      kind: 'ENROL',
      pendingSecret: secrets.seal(secret),
    },
    nowMs,
    ENROL_CHALLENGE_TTL_MS,
  );
  return {
    stage: 'ENROL',
    challenge,
    secret,
    otpauthUrl: otpauthUrl(secret, account.username, `${merchant.name} back office`),
  };
};
