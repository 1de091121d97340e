import { groupDigits } from '@/lib/wallet';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { errorText } from '@/lib/error-text';
import { fetchMemberInfo, memberInfoQueryKey } from '@/lib/member-info';
import { useSession } from '@/lib/session';
import {
  accountsQueryKey,
  getAccounts,
  getProfile,
  getSettings,
  profileQueryKey,
  settingsQueryKey,
} from '../api/withdraw-api';
import { AccountsSection } from './accounts-section';
import { OrdersSection } from './orders-section';
import { WithdrawForm } from './withdraw-form';

const SECURITY_CENTRE = '/member?page=securityCenter';

type SetupRequiredProps = { title: string; message: string; testId: string; linkLabel: string };

/** What the member must set up in the security centre before withdrawing, with the way there. */
function SetupRequired({ title, message, testId, linkLabel }: SetupRequiredProps) {
  return (
    <EmptyState title={title}>
      <p className="muted" data-testid={testId}>
        {message}
      </p>
      <Link className="button button--primary" to={SECURITY_CENTRE}>
        {linkLabel}
      </Link>
    </EmptyState>
  );
}

/** Member centre `withdraw` (spec §2, §4): balance and limits, payout accounts, the request, and the orders. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const session = useSession();
  const enabled = !session.isTrial;
  const settings = useQuery({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings(signal), enabled });
  const accounts = useQuery({ queryKey: accountsQueryKey, queryFn: ({ signal }) => getAccounts(signal), enabled });
  const profile = useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal), enabled });
  const info = useQuery({ queryKey: memberInfoQueryKey, queryFn: ({ signal }) => fetchMemberInfo(signal), enabled });

  if (session.isTrial) {
    return (
      <EmptyState title={t('withdraw.trialTitle')}>
        <p className="muted" data-testid="withdraw-trial">
          {t('withdraw.trialMessage')}
        </p>
      </EmptyState>
    );
  }
  const queries = [settings, accounts, profile, info];
  const failed = queries.find((q) => q.isError);
  if (failed) {
    return (
      <div className="inline-error" role="alert">
        <span>{errorText(t, failed.error)}</span>
        <button type="button" className="button button--ghost" onClick={() => queries.forEach((q) => void q.refetch())}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!settings.data || !accounts.data || !profile.data || !info.data) {
    return (
      <p className="muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  const realName = profile.data.fields.payeeName?.trim() ?? '';
  const rules = settings.data;

  return (
    <div className="withdraw-page" data-testid="withdraw-page">
      <section className="member-section" aria-labelledby="withdraw-summary-heading">
        <h3 id="withdraw-summary-heading" className="member-centre__subheading">
          {t('withdraw.summary')}
        </h3>
        <dl className="withdraw-summary">
          <dt>{t('withdraw.available')}</dt>
          <dd data-testid="withdraw-available">
            {rules.currencySymbol}
            {groupDigits(rules.available)}
          </dd>
          <dt>{t('withdraw.frozen')}</dt>
          <dd data-testid="withdraw-frozen">
            {rules.currencySymbol}
            {groupDigits(rules.frozen)}
          </dd>
          <dt>{t('withdraw.limitsLabel')}</dt>
          <dd>{t('withdraw.limits', { min: groupDigits(rules.minAmount), max: groupDigits(rules.maxAmount) })}</dd>
          <dt>{t('withdraw.todayLabel')}</dt>
          <dd data-testid="withdraw-left-today">
            {t('withdraw.today', { left: rules.leftToday, count: rules.dailyCount })}
          </dd>
        </dl>
        <p className="muted">{t('withdraw.autoReceive', { minutes: rules.autoReceiveMinutes })}</p>
      </section>
      {realName === '' ? (
        <SetupRequired
          title={t('withdraw.realNameTitle')}
          message={t('withdraw.realNameMessage')}
          testId="withdraw-real-name-required"
          linkLabel={t('withdraw.goToProfile')}
        />
      ) : (
        <AccountsSection accounts={accounts.data} realName={realName} maxAccounts={rules.maxAccounts} />
      )}
      {info.data.hasPaymentPassword !== true ? (
        <SetupRequired
          title={t('withdraw.paymentPasswordTitle')}
          message={t('withdraw.paymentPasswordMessage')}
          testId="withdraw-payment-password-required"
          linkLabel={t('withdraw.goToSecurity')}
        />
      ) : (
        realName !== '' && (
          <section className="member-section">
            <WithdrawForm settings={rules} accounts={accounts.data} />
          </section>
        )
      )}
      <OrdersSection currencySymbol={rules.currencySymbol} />
    </div>
  );
}
