import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAIN_WALLET, type VendorWallets } from '@platform/contracts';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { EmptyState } from '@/components/empty-state';
import { FormError, SelectField, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { isAmount } from '@/lib/amount';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { newRequestId } from '@/lib/request-id';
import { showToast } from '@/lib/toast';
import { balanceQueryKey, groupDigits } from '@/lib/wallet';
import {
  fetchMerchantWallet,
  fetchVendorWallets,
  merchantWalletQueryKey,
  sendVendorTransfer,
  vendorWalletsQueryKey,
} from '../api/vendor-wallet';
import './vendor-wallet.css';
import { Form } from '@platform/ui';

/** Member centre transferFund (spec §2, §7): the main wallet, each vendor wallet, and transfers between them. */
export function TransferFund() {
  const { t } = useTranslation();
  const mode = useQuery({ queryKey: merchantWalletQueryKey, queryFn: ({ signal }) => fetchMerchantWallet(signal) });
  const wallets = useQuery({
    queryKey: vendorWalletsQueryKey,
    queryFn: ({ signal }) => fetchVendorWallets(signal),
    enabled: mode.data?.isSingle === false,
  });

  let body;
  if (mode.isPending || (mode.data?.isSingle === false && wallets.isPending)) {
    body = (
      <p className="muted" role="status">
        {t('common.loading')}
      </p>
    );
  } else if (mode.isError || wallets.isError) {
    const query = mode.isError ? mode : wallets;
    body = (
      <div className="inline-error" role="alert" data-testid="vendor-wallet-error">
        <span>{errorText(t, query.error)}</span>
        <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (mode.data.isSingle) {
    body = (
      <div data-testid="vendor-wallet-single">
        <EmptyState title={t('vendorWallet.singleTitle')}>
          <p className="muted">{t('vendorWallet.singleText')}</p>
        </EmptyState>
      </div>
    );
  } else if (wallets.data === undefined || wallets.data.vendors.length === 0) {
    body = (
      <div data-testid="vendor-wallet-empty">
        <EmptyState title={t('vendorWallet.noVendors')} />
      </div>
    );
  } else {
    body = (
      <>
        <WalletList wallets={wallets.data} />
        <TransferForm wallets={wallets.data} scale={mode.data.scale} />
      </>
    );
  }
  return (
    <section className="member-section" data-testid="transfer-fund">
      {body}
    </section>
  );
}

function WalletList({ wallets }: { wallets: VendorWallets }) {
  const { t } = useTranslation();
  const money = (amount: string) => `${wallets.currencySymbol}${groupDigits(amount)}`;
  return (
    <ul className="vendor-wallets" aria-label={t('vendorWallet.wallets')}>
      <li className="vendor-wallets__item" data-testid="vendor-wallet-main">
        <span>{t('vendorWallet.main')}</span>
        <strong data-testid="vendor-wallet-balance">{money(wallets.main)}</strong>
      </li>
      {wallets.vendors.map((vendor) => (
        <li key={vendor.vendor} className="vendor-wallets__item" data-testid={`vendor-wallet-${vendor.vendor}`}>
          <span>{vendor.name}</span>
          <strong data-testid="vendor-wallet-balance">{money(vendor.balance)}</strong>
          {vendor.pending && (
            <span className="badge" data-testid="vendor-wallet-pending">
              {t('vendorWallet.pendingBadge')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

type Draft = { from: string; to: string; amount: string };

function TransferForm({ wallets, scale }: { wallets: VendorWallets; scale: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const first = wallets.vendors[0]?.vendor ?? '';
  const [from, setFrom] = useState<string>(MAIN_WALLET);
  const [to, setTo] = useState<string>(first);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const requestId = useRef(newRequestId());

  const nameOf = (code: string) =>
    code === MAIN_WALLET ? t('vendorWallet.main') : (wallets.vendors.find((v) => v.vendor === code)?.name ?? code);
  const balanceOf = (code: string) =>
    code === MAIN_WALLET ? wallets.main : (wallets.vendors.find((v) => v.vendor === code)?.balance ?? '0');
  const walletOptions = [MAIN_WALLET, ...wallets.vendors.map((v) => v.vendor)].map((code) => ({
    value: code,
    label: nameOf(code),
  }));

  // One side is always the main wallet: choosing a vendor on one side puts the main wallet on the other.
  const changeFrom = (next: string) => {
    setFrom(next);
    if (next === MAIN_WALLET) setTo(to === MAIN_WALLET ? first : to);
    else setTo(MAIN_WALLET);
  };
  const changeTo = (next: string) => {
    setTo(next);
    if (next === MAIN_WALLET) setFrom(from === MAIN_WALLET ? first : from);
    else setFrom(MAIN_WALLET);
  };

  const submit = () => {
    setFormError(null);
    setNotice(null);
    const text = amount.trim();
    if (text === '') return setAmountError(t('validation.required'));
    if (!isAmount(text, scale)) return setAmountError(t('vendorWallet.amountInvalid'));
    setAmountError(undefined);
    setPending({ from, to, amount: text });
  };

  const confirm = async () => {
    if (pending === null) return;
    setBusy(true);
    const vendor = pending.from === MAIN_WALLET ? pending.to : pending.from;
    const direction = pending.from === MAIN_WALLET ? 'IN' : 'OUT';
    try {
      await sendVendorTransfer({ vendor, direction, amount: pending.amount, requestId: requestId.current });
      showToast(t('vendorWallet.success', { amount: groupDigits(pending.amount), to: nameOf(pending.to) }));
      setAmount('');
      requestId.current = newRequestId();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TRANSFER_PENDING') {
        setNotice(t('vendorWallet.pendingText'));
        setAmount('');
      } else {
        setFormError(errorText(t, error));
      }
      // A definite answer came back (refused or pending): the next transfer is another request.
      if (error instanceof ApiError && error.status !== 0) requestId.current = newRequestId();
    } finally {
      setPending(null);
      setBusy(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: vendorWalletsQueryKey }),
      ]);
    }
  };

  return (
    <>
      <Form testId="vendor-transfer-form" onSubmit={submit}>
        <SelectField
          label={t('vendorWallet.from')}
          testId="vendor-transfer-from"
          value={from}
          onChange={(e) => changeFrom(e.target.value)}
          options={walletOptions}
        />
        <SelectField
          label={t('vendorWallet.to')}
          testId="vendor-transfer-to"
          value={to}
          onChange={(e) => changeTo(e.target.value)}
          options={walletOptions}
        />
        <TextField
          label={t('vendorWallet.amount')}
          required
          testId="vendor-transfer-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={amountError}
          onChange={(e) => setAmount(e.target.value)}
          addon={
            <button
              type="button"
              className="button button--ghost"
              data-testid="vendor-transfer-all"
              onClick={() => setAmount(balanceOf(from))}
            >
              {t('vendorWallet.all')}
            </button>
          }
        />
        {notice && (
          <p className="vendor-transfer__notice" role="status" data-testid="vendor-transfer-pending">
            {notice}
          </p>
        )}
        <FormError message={formError} testId="vendor-transfer-error" />
        <SubmitButton busy={busy} label={t('vendorWallet.submit')} testId="vendor-transfer-submit" />
      </Form>
      <ConfirmActionDialog
        open={pending !== null}
        busy={busy}
        title={t('vendorWallet.confirmTitle')}
        description={t('vendorWallet.confirmText', {
          amount: groupDigits(pending?.amount ?? ''),
          from: pending ? nameOf(pending.from) : '',
          to: pending ? nameOf(pending.to) : '',
        })}
        confirmLabel={t('vendorWallet.confirm')}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        testId="vendor-transfer-confirm-dialog"
        confirmTestId="vendor-transfer-confirm"
      />
    </>
  );
}
