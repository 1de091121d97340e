import { groupDigits } from '@/lib/wallet';
import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreateDepositResponse, DepositChannel } from '@platform/contracts';
import { FormError, TextField } from '@/components/form-field';
import { SectionState } from '@/components/section-state';
import { SubmitButton } from '@/components/submit-button';
import { openConfirm } from '@/lib/app-dialogs';
import { errorText } from '@/lib/error-text';
import { newRequestId } from '@/lib/request-id';
import {
  channelsQueryKey,
  createDeposit,
  DEPOSIT_QUERY_ROOT,
  depositBonusesQueryKey,
  getChannels,
  getDepositBonuses,
} from '../api/deposit-api';
import { checkAmount, quickAmountsFor } from '../utils/amount';
import { BankDetails, OrderStatusBadge } from './order-status';

/**
 * The deposit form (spec §2 depositv2): pick a channel, enter an amount (checked as the server checks it), confirm;
 * a gateway order sends the browser to the gateway's payment page, a bank order shows where to transfer.
 */
export function DepositForm() {
  const { t, i18n } = useTranslation();
  const channelLegend = useId();
  const bonusLegend = useId();
  const language = (i18n.language || 'EN').slice(0, 2).toUpperCase();
  const queryClient = useQueryClient();
  const channels = useQuery({ queryKey: channelsQueryKey, queryFn: ({ signal }) => getChannels(signal) });
  const [channelId, setChannelId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreateDepositResponse | null>(null);
  // The deposit bonus opted into ('' none): paid with the deposit when it is credited (ADR 0034).
  const [bonusId, setBonusId] = useState('');
  const bonuses = useQuery({
    queryKey: depositBonusesQueryKey(language),
    queryFn: ({ signal }) => getDepositBonuses(language, signal),
  });
  // One idempotency key per attempt: a retry after a lost answer does not create a second order.
  const requestId = useRef(newRequestId());

  const mutation = useMutation({
    mutationFn: createDeposit,
    onSuccess: async (order) => {
      requestId.current = newRequestId();
      await queryClient.invalidateQueries({ queryKey: [DEPOSIT_QUERY_ROOT, 'orders'] });
      if (order.kind === 'GATEWAY' && order.paymentUrl !== null) {
        window.location.assign(order.paymentUrl);
        return;
      }
      setCreated(order);
      setAmount('');
    },
  });

  // The form with the channels; the hooks above keep its state while the channel list is refetched.
  const renderForm = (list: DepositChannel[]) => {
    const selected: DepositChannel = list.find((c) => c.id === channelId) ?? list[0]!;

    const describe = (problem: NonNullable<ReturnType<typeof checkAmount>>) => t(problem.key, problem);

    const submit = (event: React.FormEvent) => {
      event.preventDefault();
      mutation.reset();
      const problem = checkAmount(amount, selected);
      setAmountError(problem === null ? null : describe(problem));
      if (problem !== null) return;
      const bonus = (bonuses.data ?? []).find((p) => p.id === bonusId);
      const body = {
        channelId: selected.id,
        amount: amount.trim(),
        requestId: requestId.current,
        ...(bonus ? { promotionId: bonus.id } : {}),
      };
      openConfirm({
        title: t('deposit.confirmTitle'),
        message: [
          t('deposit.confirmMessage', { amount: body.amount, channel: selected.name }),
          ...(bonus ? [t('deposit.confirmBonus', { title: bonus.title })] : []),
        ].join(' '),
        confirmLabel: t('deposit.confirm'),
        cancelLabel: t('common.cancel'),
        onConfirm: () => {
          mutation.mutate(body);
        },
      });
    };

    return (
      <>
        <form className="form form--wide" noValidate onSubmit={submit} data-testid="deposit-form">
          <fieldset className="deposit-channels" aria-labelledby={channelLegend}>
            <legend id={channelLegend} className="member-centre__subheading">
              {t('deposit.channel')}
            </legend>
            {list.map((channel) => (
              <label
                key={channel.id}
                className={`deposit-channel${channel.id === selected.id ? ' is-selected' : ''}`}
                data-testid={`deposit-channel-${channel.kind}`}
              >
                <input
                  type="radio"
                  name="channel"
                  value={channel.id}
                  checked={channel.id === selected.id}
                  onChange={() => {
                    setChannelId(channel.id);
                    setAmountError(null);
                  }}
                />
                <span className="deposit-channel__name">{channel.name}</span>
                <span className="deposit-channel__kind">{t(`deposit.kind.${channel.kind}`)}</span>
                <span className="muted">
                  {t('deposit.limits', { min: groupDigits(channel.minAmount), max: groupDigits(channel.maxAmount) })}
                </span>
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('deposit.amount')}
            required
            inputMode="decimal"
            autoComplete="off"
            testId="deposit-amount"
            value={amount}
            error={amountError ?? undefined}
            placeholder={t('deposit.limits', {
              min: groupDigits(selected.minAmount),
              max: groupDigits(selected.maxAmount),
            })}
            onChange={(event) => {
              setAmount(event.target.value);
              setAmountError(null);
            }}
          />
          <div className="deposit-quick" role="group" aria-label={t('deposit.quickAmounts')}>
            {quickAmountsFor(selected).map((quick) => (
              <button
                key={quick}
                type="button"
                className={`button button--ghost button--small${amount === quick ? ' is-selected' : ''}`}
                data-testid={`deposit-quick-${quick}`}
                onClick={() => {
                  setAmount(quick);
                  setAmountError(null);
                }}
              >
                {quick}
              </button>
            ))}
          </div>
          {(bonuses.data ?? []).length > 0 && (
            <fieldset className="deposit-channels" aria-labelledby={bonusLegend} data-testid="deposit-bonuses">
              <legend id={bonusLegend} className="member-centre__subheading">
                {t('deposit.bonus')}
              </legend>
              {[null, ...(bonuses.data ?? [])].map((p) => (
                <label
                  key={p?.id ?? 'none'}
                  className={`deposit-channel${(p?.id ?? '') === bonusId ? ' is-selected' : ''}`}
                  data-testid={p ? `deposit-bonus-${p.id}` : 'deposit-bonus-none'}
                >
                  <input
                    type="radio"
                    name="deposit-bonus"
                    value={p?.id ?? ''}
                    checked={(p?.id ?? '') === bonusId}
                    onChange={() => setBonusId(p?.id ?? '')}
                  />
                  <span className="deposit-channel__name">{p ? p.title : t('deposit.noBonus')}</span>
                  {p && (
                    <span className="muted">
                      {t('deposit.bonusTerms', {
                        min: groupDigits(p.minDeposit),
                        multiple: p.turnoverMultiple,
                      })}
                    </span>
                  )}
                </label>
              ))}
            </fieldset>
          )}
          <FormError message={mutation.isError ? errorText(t, mutation.error) : null} testId="deposit-error" />
          <SubmitButton busy={mutation.isPending} label={t('deposit.submit')} testId="deposit-submit" />
        </form>
        {created && (
          <section className="member-section" data-testid="deposit-created" aria-live="polite">
            <h3 className="member-centre__subheading">
              {t('deposit.createdTitle')} <OrderStatusBadge status={created.status} />
            </h3>
            <p className="muted">{t('deposit.bankInstructions')}</p>
            <BankDetails order={created} />
          </section>
        )}
      </>
    );
  };

  return (
    <SectionState query={channels} emptyText={t('deposit.noChannels')} isEmpty={(list) => list.length === 0}>
      {renderForm}
    </SectionState>
  );
}
