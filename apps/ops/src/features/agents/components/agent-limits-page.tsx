import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { OpsAgentLimitsUpdateSchema, type OpsAgentLimits } from '@platform/contracts';
import { ErrorState, PageHeader } from '@/components/data-table';
import { CheckboxField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { LimitsFormEnd, MaxAccountsField } from './agent-limit-fields';
import { agentKeys, getAgentLimits, saveAgentLimits } from '../api/agents-api';
import './agents.css';

/** The form's text input as the API's limits: an empty maximum is no limit. */
const LimitsFormSchema = z
  .object({ mayCreateAgents: z.boolean(), maxAccounts: z.string().trim() })
  .transform((form) => ({
    mayCreateAgents: form.mayCreateAgents,
    maxAccounts: form.maxAccounts === '' ? null : Number(form.maxAccounts),
  }))
  .pipe(OpsAgentLimitsUpdateSchema);

function LimitsForm({ memberId, limits }: { memberId: string; limits: OpsAgentLimits }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan('agents.limits');
  const form = useZodForm(LimitsFormSchema, {
    mayCreateAgents: limits.mayCreateAgents,
    maxAccounts: limits.maxAccounts === null ? '' : String(limits.maxAccounts),
  });
  const submit = useFormSubmit(form, (values) => saveAgentLimits(memberId, values), {
    onSuccess: (saved) => {
      queryClient.setQueryData(agentKeys.limits(memberId), saved);
      showToast(t('agents.limits.saved'));
    },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="limits-form">
      <p className="agent-summary" data-testid="limits-created">
        {t('agents.limits.created', { count: limits.created })}
      </p>
      <CheckboxField
        label={t('agents.limits.mayCreateAgents')}
        disabled={!canEdit}
        testId="limits-may-create-agents"
        {...form.register('mayCreateAgents')}
      />
      <MaxAccountsField
        label={t('agents.limits.maxAccounts')}
        disabled={!canEdit}
        testId="limits-max-accounts"
        error={submit.fieldError('maxAccounts')}
        {...form.register('maxAccounts')}
      />
      <LimitsFormEnd canEdit={canEdit} busy={submit.busy} formError={submit.formError} testIdPrefix="limits" />
    </form>
  );
}

/** An agent's limits (agents.view; saving needs agents.limits): whether it may create agents, and how many accounts. */
export function AgentLimitsPage() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const query = useQuery({
    queryKey: agentKeys.limits(memberId),
    queryFn: ({ signal }) => getAgentLimits(memberId, signal),
  });
  return (
    <section className="page" data-testid="agent-limits-page">
      <PageHeader
        title={t('nav.agentLimits')}
        actions={
          <Link to={`/agents/${memberId}/report`} data-testid="limits-report">
            {t('agents.actions.report')}
          </Link>
        }
      />
      <p className="agent-summary">{t('agents.limits.description')}</p>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="limits-error-state" />
      ) : query.data === undefined ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : (
        <LimitsForm memberId={memberId} limits={query.data} />
      )}
    </section>
  );
}
