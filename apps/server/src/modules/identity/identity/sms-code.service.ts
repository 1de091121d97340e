import { WHITELABEL_MODULES, isTrialType, type WhitelabelNode } from '@platform/contracts';
import { isModuleEnabled, type MerchantService } from '../../platform/merchant';
import { destinationOf, nationalNumber, type CodePurpose, type VerificationService } from '../verification';
import type { RequestContext } from './identity.context';
import { featureDisabled } from './login.service';
import type { MemberRepository } from './member.repository';

type Phone = { countryDialingCode: string; mobileNum: string };

/**
 * Who may be sent which SMS code. Login and forgot-password codes go only to the number of an active real account,
 * but the answer, and the limits counted, are the same for any number: the caller cannot learn who is registered.
 * Registration codes go to any number (a registered one is refused at registration, MOBILE_TAKEN).
 */
export const smsCodeServiceFactory = (deps: {
  members: Pick<MemberRepository, 'findByMobile'>;
  merchants: Pick<MerchantService, 'whitelabelTree'>;
  verification: Pick<VerificationService, 'send'>;
}) => {
  const send = async (ctx: RequestContext, purpose: CodePurpose, phone: Phone, deliver: boolean) => {
    await deps.verification.send({
      merchantId: ctx.merchant.id,
      brand: ctx.merchant.name,
      purpose,
      destination: destinationOf(phone.countryDialingCode, phone.mobileNum),
      ip: ctx.ip,
      expiredMinutes: ctx.merchant.smsCodeExpiredMinutes,
      deliver,
    });
    return { expiredMinutes: ctx.merchant.smsCodeExpiredMinutes };
  };

  const ownerExists = async (ctx: RequestContext, phone: Phone): Promise<boolean> => {
    const member = await deps.members.findByMobile(
      ctx.merchant.id,
      phone.countryDialingCode,
      nationalNumber(phone.mobileNum),
    );
    return member !== undefined && member.status === 'ACTIVE' && !isTrialType(member.userType);
  };

  const requireModule = (tree: WhitelabelNode[], modId: string, what: string) => {
    if (!isModuleEnabled(tree, modId)) throw featureDisabled(what);
  };

  return {
    forLogin: async (ctx: RequestContext, phone: Phone) => {
      requireModule(await deps.merchants.whitelabelTree(ctx.merchant.id), WHITELABEL_MODULES.SMS_LOGIN, 'Login by SMS');
      return send(ctx, 'LOGIN', phone, await ownerExists(ctx, phone));
    },
    forForgot: async (ctx: RequestContext, phone: Phone) => {
      const tree = await deps.merchants.whitelabelTree(ctx.merchant.id);
      requireModule(tree, WHITELABEL_MODULES.FORGOT_BY_MOBILE, 'Password reset by mobile');
      return send(ctx, 'FORGOT', phone, await ownerExists(ctx, phone));
    },
    /** For the mobile variant (MOBILENUMREG3) and the username variant under REGMOBVERF3. */
    forRegistration: async (ctx: RequestContext, phone: Phone) => {
      const tree = await deps.merchants.whitelabelTree(ctx.merchant.id);
      if (
        !isModuleEnabled(tree, WHITELABEL_MODULES.MOBILE_REGISTRATION) &&
        !isModuleEnabled(tree, WHITELABEL_MODULES.REGISTRATION_SMS_VERIFICATION)
      ) {
        throw featureDisabled('Registration by mobile');
      }
      return send(ctx, 'REGISTER', phone, true);
    },
  };
};

export type SmsCodeService = ReturnType<typeof smsCodeServiceFactory>;
