import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CARRY_FORWARD_POLICIES,
  ContractPolicySchema,
  DIVIDEND_PERIODS,
  type ContractPolicy,
} from '@platform/contracts';
import { ErrorState, PageHeader } from '@/components/data-table';
import { CheckboxField, FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { contractKeys, getContractPolicy, saveContractPolicy } from '../api/contracts-api';
import './agents.css';

/** The dividend-only part: its period, what is deducted from the team's net loss, and what a negative period does. */
function DividendFields({ form, canEdit, fieldError }: DividendFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        label={t('contracts.policy.period')}
        disabled={!canEdit}
        testId="policy-DIVIDEND-period"
        options={DIVIDEND_PERIODS.map((value) => ({ value, label: t(`contracts.periods.${value}`) }))}
        {...form.register('period')}
      />
      <fieldset className="contract-policy__group">
        <legend>{t('contracts.policy.deductions')}</legend>
        <CheckboxField
          label={t('contracts.policy.bonuses')}
          disabled={!canEdit}
          testId="policy-DIVIDEND-bonuses"
          {...form.register('deductions.bonuses')}
        />
        <CheckboxField
          label={t('contracts.policy.rebates')}
          disabled={!canEdit}
          testId="policy-DIVIDEND-rebates"
          {...form.register('deductions.rebates')}
        />
        <CheckboxField
          label={t('contracts.policy.salaries')}
          disabled={!canEdit}
          testId="policy-DIVIDEND-salaries"
          {...form.register('deductions.salaries')}
        />
        <TextField
          label={t('contracts.policy.feeRate')}
          inputMode="decimal"
          disabled={!canEdit}
          testId="policy-DIVIDEND-fee"
          error={fieldError('deductions.feeRate')}
          {...form.register('deductions.feeRate')}
        />
      </fieldset>
      <SelectField
        label={t('contracts.policy.carryForward')}
        disabled={!canEdit}
        testId="policy-DIVIDEND-carry"
        options={CARRY_FORWARD_POLICIES.map((value) => ({ value, label: t(`contracts.policy.carry.${value}`) }))}
        {...form.register('carryForward')}
      />
    </>
  );
}

type PolicyForm = ReturnType<typeof useZodForm<ContractPolicy>>;
type DividendFieldsProps = { form: PolicyForm; canEdit: boolean; fieldError: (path: string) => string | undefined };

function PolicyCard({ policy }: { policy: ContractPolicy }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan('agents.limits');
  const form = useZodForm<ContractPolicy>(ContractPolicySchema as never, policy);
  const type = t(`contracts.types.${policy.type}`);
  const submit = useFormSubmit(form, saveContractPolicy, {
    onSuccess: async () => {
      showToast(t('contracts.policy.saved', { type }));
      await queryClient.invalidateQueries({ queryKey: contractKeys.policy });
    },
  });
  const id = `policy-${policy.type}`;
  return (
    <form
      className="form contract-policy"
      noValidate
      data-testid={id}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit.onSubmit(event)}
    >
      <h2 id={`${id}-title`}>{type}</h2>
      <CheckboxField
        label={t('contracts.policy.enabled')}
        disabled={!canEdit}
        testId={`${id}-enabled`}
        {...form.register('enabled')}
      />
      <div className="contract-policy__grid">
        <TextField
          label={t('contracts.policy.topRate')}
          hint={t('contracts.policy.topRateHint')}
          inputMode="decimal"
          disabled={!canEdit}
          testId={`${id}-top-rate`}
          error={submit.fieldError('topRate')}
          {...form.register('topRate')}
        />
        <TextField
          label={t('contracts.policy.maxTiers')}
          type="number"
          min={1}
          max={10}
          disabled={!canEdit}
          testId={`${id}-max-tiers`}
          error={submit.fieldError('maxTiers')}
          {...form.register('maxTiers')}
        />
        <TextField
          label={t('contracts.policy.maxTierValidBet')}
          inputMode="decimal"
          disabled={!canEdit}
          testId={`${id}-max-bet`}
          error={submit.fieldError('maxTierValidBet')}
          {...form.register('maxTierValidBet')}
        />
        <TextField
          label={t('contracts.policy.maxTierActiveMembers')}
          type="number"
          min={0}
          disabled={!canEdit}
          testId={`${id}-max-members`}
          error={submit.fieldError('maxTierActiveMembers')}
          {...form.register('maxTierActiveMembers')}
        />
        <TextField
          label={t('contracts.policy.minActiveMembers')}
          hint={t('contracts.policy.minActiveMembersHint')}
          type="number"
          min={0}
          disabled={!canEdit}
          testId={`${id}-min-members`}
          error={submit.fieldError('minActiveMembers')}
          {...form.register('minActiveMembers')}
        />
      </div>
      <CheckboxField
        label={t('contracts.policy.downlineMayOffer')}
        disabled={!canEdit}
        testId={`${id}-downline-offer`}
        {...form.register('downlineMayOffer')}
      />
      {policy.type === 'DIVIDEND' && <DividendFields form={form} canEdit={canEdit} fieldError={submit.fieldError} />}
      <FormError message={submit.formError} testId={`${id}-error`} />
      {canEdit && (
        <div className="dialog__actions">
          <SubmitButton busy={submit.busy} label={t('common.save')} testId={`${id}-save`} />
        </div>
      )}
    </form>
  );
}

/**
 * The merchant's contract policy per type (agents.view; saving needs agents.limits): whether agents may offer it, the
 * top rate and tier bounds, the minimum active members for a window to pay, whether downline agents may offer it
 * further, and for dividends the period, deductions and carry-forward.
 */
export function ContractPolicyPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: contractKeys.policy, queryFn: ({ signal }) => getContractPolicy(signal) });
  return (
    <section className="page" data-testid="contract-policy-page">
      <PageHeader title={t('nav.contractPolicy')} />
      <p className="agent-summary">{t('contracts.policy.description')}</p>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="policy-error-state" />
      ) : query.data === undefined ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : (
        <div className="contract-policy__list">
          {query.data.list.map((policy) => (
            <PolicyCard key={policy.type} policy={policy} />
          ))}
        </div>
      )}
    </section>
  );
}
