import type { LoginResponse } from '@platform/contracts';
import type { RequestContext } from './identity.context';
import { toMemberInfo } from './member.mapper';
import type { MemberRow } from './member.repository';
import type { LoginMethod } from './session.repository';
import type { SessionService } from './session.service';

export type IssueOptions = {
  method: LoginMethod;
  /** The password is the weak default or has expired: this session may change it without the old one. */
  mustChangePassword?: boolean;
  passwordExpired?: boolean;
};

/** The one place a LoginResponse is made: login, SMS login, free play, registration and password change. */
export const loginIssuerFactory = ({ sessions }: { sessions: Pick<SessionService, 'open'> }) => ({
  issue: async (ctx: RequestContext, member: MemberRow, options: IssueOptions): Promise<LoginResponse> => {
    const mustChangePassword = options.mustChangePassword ?? false;
    const opened = await sessions.open(ctx, member.id, options.method, mustChangePassword);
    return {
      firstTimeLogin: opened.previousLoginAt === null,
      passwordExpired: options.passwordExpired ?? false,
      mustChangePassword,
      token: opened.token,
      user: toMemberInfo(member, new Date(opened.nowMs)),
      previousLoginAt: opened.previousLoginAt?.toISOString() ?? null,
    };
  },
});

export type LoginIssuer = ReturnType<typeof loginIssuerFactory>;
