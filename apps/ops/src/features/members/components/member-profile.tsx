import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAgentType, type OpsMemberProfile } from '@platform/contracts';
import { useCan } from '@/lib/session';
import { formatTime, mobileText, userTypeLabel } from './member-format';

const IDENTITY_FIELDS = [
  'nickname',
  'realName',
  'email',
  'birthday',
  'idNumber',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'qqNum',
  'whatsapp',
  'facebook',
  'telegram',
  'line',
  'zalo',
  'wechat',
  'language',
  'affiliateCode',
  'referrer',
  'registerUrl',
  'registerMethod',
  'registerIp',
  'lastLoginIp',
] as const;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/** Everything the operator may need to help the member; the server never sends password hashes. */
export function MemberProfileView({ member }: { member: OpsMemberProfile }) {
  const { t } = useTranslation();
  const downline = member.directDownline;
  const canViewAgents = useCan('agents.view');
  return (
    <div className="member-profile" data-testid="member-profile">
      <dl className="details">
        <Row label={t('members.fields.id')}>{member.id}</Row>
        <Row label={t('members.fields.userType')}>{userTypeLabel(t, member.userType)}</Row>
        <Row label={t('members.fields.mobile')}>{mobileText(member.countryDialingCode, member.mobileNum)}</Row>
        {IDENTITY_FIELDS.map((field) => (
          <Row key={field} label={t(`members.fields.${field}`)}>
            {member[field] ?? '—'}
          </Row>
        ))}
        <Row label={t('members.fields.registeredAt')}>{formatTime(member.registeredAt)}</Row>
        <Row label={t('members.fields.lastLoginAt')}>{formatTime(member.lastLoginAt)}</Row>
        <Row label={t('members.fields.passwordChangedAt')}>{formatTime(member.passwordChangedAt)}</Row>
        <Row label={t('members.fields.paymentPassword')}>
          {member.hasPaymentPassword ? t('members.paymentPasswordSet') : t('members.paymentPasswordNotSet')}
        </Row>
        <Row label={t('members.fields.uplineChain')} testId="member-upline-chain">
          {member.uplineChain.length === 0 ? (
            t('members.noUpline')
          ) : (
            <ol className="upline-chain">
              {member.uplineChain.map((upline) => (
                <li key={upline.id}>
                  <Link to={`/members/${upline.id}`}>{upline.username}</Link> ({userTypeLabel(t, upline.userType)})
                </li>
              ))}
            </ol>
          )}
        </Row>
        {isAgentType(member.userType) && downline !== null && (
          <Row label={t('members.fields.directDownline')} testId="member-downline">
            {downline.capped ? `${downline.count}+` : downline.count}{' '}
            <Link to={`/members?agent=${encodeURIComponent(member.username)}`} data-testid="member-downline-link">
              {t('members.searchDownline')}
            </Link>
          </Row>
        )}
        {isAgentType(member.userType) && canViewAgents && (
          <Row label={t('members.agentScreens')} testId="member-agent-screens">
            <span className="agent-links">
              <Link to={`/agents/tree?parentId=${member.id}`} data-testid="member-agent-tree">
                {t('agents.actions.tree')}
              </Link>{' '}
              <Link to={`/agents/${member.id}/report`} data-testid="member-agent-report">
                {t('agents.actions.report')}
              </Link>{' '}
              <Link to={`/agents/${member.id}/limits`} data-testid="member-agent-limits">
                {t('agents.actions.limits')}
              </Link>
            </span>
          </Row>
        )}
      </dl>
    </div>
  );
}
