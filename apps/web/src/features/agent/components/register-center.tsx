import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AgentLimits, DownlineType } from '@platform/contracts';
import { FormError, PasswordField, SelectField, TextField } from '@/components/form-field';
import { SectionState } from '@/components/section-state';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { agentQueryRoot, createDownline, fetchLimits } from '../api/agent-api';
import { InviteLinks } from './invite-links';

export const limitsQueryKey = [...agentQueryRoot, 'limits'] as const;

type Values = { username: string; password: string; type: DownlineType };

/** The types the agent may create: members always, agents only when its limits allow. */
export const typeOptions = (limits: AgentLimits | undefined, t: (key: string) => string) => [
  { value: 'MEMBER', label: t('agent.types.MEMBER') },
  ...(limits?.mayCreateAgents ? [{ value: 'AGENT', label: t('agent.types.AGENT') }] : []),
];

/** What the agent may still create: "3 of 10 accounts created", or no limit. */
function LimitsLine({ limits }: { limits: AgentLimits }) {
  const { t } = useTranslation();
  return (
    <p className="muted" data-testid="agent-limits">
      {limits.maxAccounts === null
        ? t('agent.limitsUnlimited', { created: limits.created })
        : t('agent.limitsOf', { created: limits.created, max: limits.maxAccounts })}{' '}
      {limits.mayCreateAgents ? t('agent.limitsAgents') : t('agent.limitsMembersOnly')}
    </p>
  );
}

/** A new account directly under the agent: username, password and type; the server checks the merchant's rules. */
function CreateAccountForm({ limits }: { limits: AgentLimits }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const full = limits.maxAccounts !== null && limits.created >= limits.maxAccounts;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { username: '', password: '', type: 'MEMBER' } });
  const required = (value: string) => value.trim() !== '' || t('validation.required');
  const submit = async (values: Values) => {
    setBusy(true);
    setFormError(null);
    try {
      const created = await createDownline({
        username: values.username.trim(),
        password: values.password,
        type: values.type,
      });
      reset({ username: '', password: '', type: values.type });
      showToast(t('agent.created', { username: created.username, type: t(`agent.types.${created.type}`) }));
      await queryClient.invalidateQueries({ queryKey: agentQueryRoot });
    } catch (error) {
      setFormError(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="member-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="member-centre__subheading">
        {t('agent.createTitle')}
      </h3>
      <form
        className="form"
        noValidate
        data-testid="create-downline-form"
        onSubmit={(e) => void handleSubmit(submit)(e)}
      >
        <TextField
          label={t('agent.columns.username')}
          required
          testId="create-downline-username"
          autoComplete="off"
          error={errors.username?.message}
          {...register('username', { validate: required })}
        />
        <PasswordField
          label={t('agent.password')}
          required
          testId="create-downline-password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', { validate: required })}
        />
        <SelectField
          label={t('agent.columns.type')}
          testId="create-downline-type"
          options={typeOptions(limits, t)}
          {...register('type')}
        />
        {full && (
          <p className="inline-alert" role="status" data-testid="create-downline-full">
            {t('agent.limitReached')}
          </p>
        )}
        <FormError message={formError} testId="create-downline-error" />
        <SubmitButton busy={busy} disabled={full} label={t('agent.createSubmit')} testId="create-downline-submit" />
      </form>
    </section>
  );
}

/**
 * registerCenter (account creation, spec §2): a new member or agent account directly under the agent, within its
 * limits (set in the back office), and its invitation links with their QR codes and registrations.
 */
export function RegisterCenter() {
  const limits = useQuery({ queryKey: limitsQueryKey, queryFn: ({ signal }) => fetchLimits(signal) });
  return (
    <div className="agent-report" data-testid="register-center">
      <SectionState query={limits} errorTestId="agent-limits-error">
        {(value) => (
          <>
            <LimitsLine limits={value} />
            <CreateAccountForm limits={value} />
            <InviteLinks limits={value} />
          </>
        )}
      </SectionState>
    </div>
  );
}
