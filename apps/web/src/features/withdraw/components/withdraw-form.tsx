import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type WithdrawAccount, type WithdrawRequest, type WithdrawSettings } from '@platform/contracts';
import { FormError, PasswordField, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { openConfirm } from '@/lib/app-dialogs';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { newRequestId } from '@/lib/request-id';
import { showToast } from '@/lib/toast';
import { BALANCE_QUERY_KEY, requestWithdrawal, WITHDRAW_QUERY_ROOT } from '../api/withdraw-api';
import { checkAmount } from '../utils/checks';

type Props = { settings: WithdrawSettings; accounts: WithdrawAccount[] };

/** The request: account, amount (checked as the server checks it), payment password, then a confirmation. */
export function WithdrawForm({ settings, accounts }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One idempotency key per attempt: a retry after a lost answer does not hold the money twice.
  const requestId = useRef(newRequestId());
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];

  const mutation = useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: async () => {
      requestId.current = newRequestId();
      setAmount('');
      setPassword('');
      showToast(t('withdraw.requested'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: [WITHDRAW_QUERY_ROOT] }),
        // A forfeited bonus leaves the bonus wallet and the promotions' statuses.
        queryClient.invalidateQueries({ queryKey: ['bonus'] }),
      ]);
    },
    // A bonus being wagered that a withdrawal forfeits (ADR 0034): a clear warning first, and only a member who
    // confirms it sends the request again with forfeitBonus.
    onError: (error, body) => {
      if (!isApiError(error, 'BONUS_FORFEIT_CONFIRM') || body.forfeitBonus) return;
      const value = (error.value ?? {}) as { bonusMinor?: string; turnoverLeftMinor?: string };
      const money = (minor: string | undefined) =>
        `${settings.currencySymbol}${formatMoney(BigInt(minor ?? '0'), settings.scale)}`;
      mutation.reset();
      openConfirm({
        title: t('withdraw.forfeitTitle'),
        message: t('withdraw.forfeitMessage', {
          bonus: money(value.bonusMinor),
          turnover: money(value.turnoverLeftMinor),
        }),
        confirmLabel: t('withdraw.forfeitConfirm'),
        cancelLabel: t('withdraw.forfeitKeep'),
        onConfirm: () => mutation.mutate({ ...body, forfeitBonus: true }),
      });
    },
  });

  if (account === undefined) return <p className="muted">{t('withdraw.bindFirst')}</p>;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    mutation.reset();
    const found: Record<string, string> = {};
    const problem = checkAmount(amount, settings);
    if (problem !== null) found.amount = t(problem.key, problem);
    if (password.trim() === '') found.password = t('validation.required');
    if (settings.leftToday <= 0) found.amount = t('errors.codes.DAILY_LIMIT_REACHED');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: WithdrawRequest = {
      accountId: account.id,
      amount: amount.trim(),
      paymentPassword: password,
      requestId: requestId.current,
    };
    openConfirm({
      title: t('withdraw.confirmTitle'),
      message: t('withdraw.confirmMessage', {
        amount: `${settings.currencySymbol}${body.amount}`,
        bank: account.bankName,
        number: account.accountNumber,
      }),
      confirmLabel: t('withdraw.confirm'),
      cancelLabel: t('common.cancel'),
      onConfirm: () => mutation.mutate(body),
    });
  };

  return (
    <form className="form form--wide" noValidate onSubmit={submit} data-testid="withdraw-form">
      <fieldset className="deposit-channels">
        <legend className="member-centre__subheading">{t('withdraw.payTo')}</legend>
        {accounts.map((a) => (
          <label key={a.id} className={`deposit-channel${a.id === account.id ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="withdraw-account"
              value={a.id}
              checked={a.id === account.id}
              onChange={() => setAccountId(a.id)}
            />
            <span className="deposit-channel__name">{a.bankName}</span>
            <span className="muted">{a.accountNumber}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('withdraw.amount')}
        required
        inputMode="decimal"
        autoComplete="off"
        testId="withdraw-amount"
        value={amount}
        error={errors.amount}
        placeholder={t('withdraw.limits', { min: settings.minAmount, max: settings.maxAmount })}
        onChange={(event) => setAmount(event.target.value)}
      />
      <PasswordField
        label={t('withdraw.paymentPassword')}
        required
        autoComplete="off"
        testId="withdraw-payment-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormError message={mutation.isError ? errorText(t, mutation.error) : null} testId="withdraw-error" />
      <SubmitButton busy={mutation.isPending} label={t('withdraw.submit')} testId="withdraw-submit" />
    </form>
  );
}
