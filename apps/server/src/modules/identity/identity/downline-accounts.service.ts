import { registerRuleOrFallback, checkRegisterValue, USER_TYPE } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Database, Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { MerchantService } from '../../platform/merchant';
import { isUniqueViolation } from './member-errors';
import { memberRepository } from './member.repository';
import type { PasswordHasher } from './password-hasher';
import { requireGoodNewPassword } from './password-rules';
import { fieldError } from './registration.rules';

export type NewDownline = {
  parentId: bigint;
  username: string;
  password: string;
  /** MEMBER or AGENT (user type 0 or 1). */
  type: 'MEMBER' | 'AGENT';
};

const usernameTaken = () => new AppError('USERNAME_TAKEN', 400, 'This username is already registered');

/**
 * Accounts an agent creates for its downline (issue 18 registerCenter): the merchant's username and password rules
 * as registration applies them, then the account under `parentId`. Who may create what is the agents module's rule.
 */
export const downlineAccountsFactory = (deps: {
  db: Database;
  merchants: Pick<MerchantService, 'registerFields'>;
  hasher: PasswordHasher;
  now: Clock;
}) => ({
  /**
   * `admit` runs in the account's transaction just before the insert (the agents module locks the agent and checks
   * its limits there, so two creations at once cannot both take its last free account).
   */
  create: async (
    merchantId: number,
    account: NewDownline,
    admit: (tx: Queryable) => Promise<void> = async () => undefined,
  ): Promise<bigint> => {
    const rules = await deps.merchants.registerFields(merchantId);
    const usernameRule = registerRuleOrFallback(rules, 'username');
    const reason = checkRegisterValue({ ...usernameRule, enabled: true, required: true }, account.username);
    if (reason !== null) throw fieldError(usernameRule, reason);
    requireGoodNewPassword(account.password, account.password, rules, account.username, 'password');
    if (await memberRepository(deps.db).usernameTaken(merchantId, account.username)) throw usernameTaken();
    const passwordHash = await deps.hasher.hash(account.password);
    try {
      return await deps.db.transaction(async (tx) => {
        await admit(tx);
        return memberRepository(tx).insert(
          merchantId,
          {
            username: account.username,
            userType: account.type === 'AGENT' ? USER_TYPE.AGENT_1 : USER_TYPE.MEMBER,
            parentId: account.parentId,
            passwordHash,
            paymentPasswordHash: null,
            mobileNum: null,
            countryDialingCode: null,
            referrer: null,
            registerUrl: null,
            registerMethod: 'AGENT',
            registerIp: null,
            profile: {},
          },
          deps.now(),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  },
});

export type DownlineAccounts = ReturnType<typeof downlineAccountsFactory>;
