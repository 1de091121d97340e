import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NUMBER_PATTERN, type WithdrawAccount } from '@platform/contracts';
import { FormError, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { openConfirm } from '@/lib/app-dialogs';
import { errorText } from '@/lib/error-text';
import { accountsQueryKey, bindAccount, removeAccount, settingsQueryKey } from '../api/withdraw-api';
import { sameName } from '../utils/checks';

type Props = { accounts: WithdrawAccount[]; realName: string; maxAccounts: number };

/** The bound payout accounts and the bind form; the holder name is the profile's real name (the server insists). */
export function AccountsSection({ accounts, realName, maxAccounts }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [bankName, setBankName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [holderName, setHolderName] = useState(realName);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
      queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
    ]);
  const bind = useMutation({
    mutationFn: bindAccount,
    onSuccess: async () => {
      setBankName('');
      setAccountNumber('');
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: removeAccount, onSuccess: refresh });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    bind.reset();
    const found: Record<string, string> = {};
    if (bankName.trim() === '') found.bankName = t('validation.required');
    if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber.trim())) found.accountNumber = t('withdraw.accountNumberInvalid');
    if (!sameName(holderName, realName)) found.holderName = t('withdraw.holderMustMatch', { name: realName });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    bind.mutate({ bankName: bankName.trim(), accountNumber: accountNumber.trim(), holderName: holderName.trim() });
  };

  return (
    <section className="member-section" aria-labelledby="withdraw-accounts-heading">
      <h3 id="withdraw-accounts-heading" className="member-centre__subheading">
        {t('withdraw.accounts')}
      </h3>
      {accounts.length === 0 ? (
        <p className="muted" data-testid="withdraw-no-accounts">
          {t('withdraw.noAccounts')}
        </p>
      ) : (
        <ul className="withdraw-accounts" data-testid="withdraw-accounts">
          {accounts.map((account) => (
            <li key={account.id} className="withdraw-account" data-testid="withdraw-account">
              <span>
                <strong>{account.bankName}</strong> {account.accountNumber} · {account.holderName}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={remove.isPending}
                onClick={() =>
                  openConfirm({
                    title: t('withdraw.removeTitle'),
                    message: t('withdraw.removeMessage', { bank: account.bankName, number: account.accountNumber }),
                    confirmLabel: t('withdraw.remove'),
                    cancelLabel: t('common.cancel'),
                    onConfirm: () => remove.mutate(account.id),
                  })
                }
              >
                {t('withdraw.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={remove.isError ? errorText(t, remove.error) : null} testId="withdraw-remove-error" />
      {accounts.length < maxAccounts ? (
        <form className="form form--wide" noValidate onSubmit={submit} data-testid="withdraw-bind-form">
          <div className="form__grid">
            <TextField
              label={t('withdraw.bankName')}
              required
              testId="withdraw-bank-name"
              value={bankName}
              error={errors.bankName}
              placeholder={t('withdraw.bankNamePlaceholder')}
              onChange={(event) => setBankName(event.target.value)}
            />
            <TextField
              label={t('withdraw.accountNumber')}
              required
              inputMode="numeric"
              autoComplete="off"
              testId="withdraw-account-number"
              value={accountNumber}
              error={errors.accountNumber}
              onChange={(event) => setAccountNumber(event.target.value)}
            />
            <TextField
              label={t('withdraw.holderName')}
              required
              testId="withdraw-holder-name"
              value={holderName}
              error={errors.holderName}
              onChange={(event) => setHolderName(event.target.value)}
            />
          </div>
          <p className="muted">{t('withdraw.holderExplained')}</p>
          <FormError message={bind.isError ? errorText(t, bind.error) : null} testId="withdraw-bind-error" />
          <SubmitButton busy={bind.isPending} label={t('withdraw.bind')} testId="withdraw-bind-submit" />
        </form>
      ) : (
        <p className="muted">{t('withdraw.accountLimit', { max: maxAccounts })}</p>
      )}
    </section>
  );
}
