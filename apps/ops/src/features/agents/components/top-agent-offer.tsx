import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TIERS_MAX, CONTRACT_TYPES, OpsContractOfferSchema, type OpsContractOffer } from '@platform/contracts';
import { FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { contractKeys, offerToTopAgent } from '../api/contracts-api';

const EMPTY_TIER = { minValidBet: '0', minActiveMembers: 0, rate: '' };

/**
 * The site's offer to a top-level agent (agents.limits): the agent's username, the type and its tiers. Agents below
 * the top get theirs from their upline in the agent centre; the server refuses them here (CONTRACT_DIRECT_ONLY).
 */
export function TopAgentOffer() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm<OpsContractOffer>(OpsContractOfferSchema as never, {
    username: '',
    type: 'DAILY_SALARY',
    tiers: [EMPTY_TIER],
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const submit = useFormSubmit(form, offerToTopAgent, {
    onSuccess: async (contract) => {
      showToast(t('contracts.offer.sent', { username: contract.holder }));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: contractKeys.root });
    },
  });
  return (
    <details className="agent-settings" data-testid="top-agent-offer">
      <summary>{t('contracts.offer.title')}</summary>
      <p className="agent-summary">{t('contracts.offer.description')}</p>
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <TextField
          label={t('contracts.offer.username')}
          testId="offer-username"
          error={submit.fieldError('username')}
          {...form.register('username')}
        />
        <SelectField
          label={t('contracts.agent.type')}
          testId="offer-type"
          options={CONTRACT_TYPES.map((value) => ({ value, label: t(`contracts.types.${value}`) }))}
          {...form.register('type')}
        />
        {tiers.fields.map((field, index) => (
          <fieldset key={field.id} className="contract-policy__grid" data-testid="offer-tier">
            <legend>
              {t('contracts.tiers.tier')} {index + 1}
            </legend>
            <TextField
              label={t('contracts.tiers.minValidBet')}
              inputMode="decimal"
              testId={`offer-tier-${index}-bet`}
              error={submit.fieldError(`tiers.${index}.minValidBet`)}
              {...form.register(`tiers.${index}.minValidBet`)}
            />
            <TextField
              label={t('contracts.tiers.minActive')}
              type="number"
              min={0}
              testId={`offer-tier-${index}-members`}
              error={submit.fieldError(`tiers.${index}.minActiveMembers`)}
              {...form.register(`tiers.${index}.minActiveMembers`)}
            />
            <TextField
              label={t('contracts.offer.rate')}
              inputMode="decimal"
              testId={`offer-tier-${index}-rate`}
              error={submit.fieldError(`tiers.${index}.rate`)}
              {...form.register(`tiers.${index}.rate`)}
            />
          </fieldset>
        ))}
        <div className="agent-actions">
          {tiers.fields.length < CONTRACT_TIERS_MAX && (
            <button type="button" className="button button--ghost" onClick={() => tiers.append(EMPTY_TIER)}>
              {t('contracts.offer.addTier')}
            </button>
          )}
          {tiers.fields.length > 1 && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => tiers.remove(tiers.fields.length - 1)}
            >
              {t('contracts.offer.removeTier')}
            </button>
          )}
        </div>
        <FormError message={submit.formError} testId="offer-error" />
        <div className="dialog__actions">
          <SubmitButton busy={submit.busy} label={t('contracts.offer.submit')} testId="offer-submit" />
        </div>
      </form>
    </details>
  );
}
