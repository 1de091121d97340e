import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { OpsAgentSettingsSchema, type OpsAgentSettings } from '@platform/contracts';
import { ErrorState } from '@/components/data-table';
import { CheckboxField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { LimitsFormEnd, MaxAccountsField } from './agent-limit-fields';
import { agentKeys, getAgentSettings, saveAgentSettings } from '../api/agents-api';

/** The form's text input as the API's settings: an empty maximum is no limit. */
const SettingsFormSchema = z
  .object({ agentsMayLock: z.boolean(), defaultMayCreateAgents: z.boolean(), defaultMaxAccounts: z.string().trim() })
  .transform((form) => ({
    ...form,
    defaultMaxAccounts: form.defaultMaxAccounts === '' ? null : Number(form.defaultMaxAccounts),
  }))
  .pipe(OpsAgentSettingsSchema);

function SettingsForm({ settings }: { settings: OpsAgentSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan('agents.limits');
  const form = useZodForm(SettingsFormSchema, {
    agentsMayLock: settings.agentsMayLock,
    defaultMayCreateAgents: settings.defaultMayCreateAgents,
    defaultMaxAccounts: settings.defaultMaxAccounts === null ? '' : String(settings.defaultMaxAccounts),
  });
  const submit = useFormSubmit(form, saveAgentSettings, {
    onSuccess: (saved) => {
      queryClient.setQueryData(agentKeys.settings, saved);
      showToast(t('agents.settings.saved'));
    },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="settings-form">
      <CheckboxField
        label={t('agents.settings.agentsMayLock')}
        disabled={!canEdit}
        testId="settings-may-lock"
        {...form.register('agentsMayLock')}
      />
      <CheckboxField
        label={t('agents.settings.defaultMayCreateAgents')}
        disabled={!canEdit}
        testId="settings-may-create-agents"
        {...form.register('defaultMayCreateAgents')}
      />
      <MaxAccountsField
        label={t('agents.settings.defaultMaxAccounts')}
        disabled={!canEdit}
        testId="settings-max-accounts"
        error={submit.fieldError('defaultMaxAccounts')}
        {...form.register('defaultMaxAccounts')}
      />
      <LimitsFormEnd canEdit={canEdit} busy={submit.busy} formError={submit.formError} testIdPrefix="settings" />
    </form>
  );
}

/**
 * The merchant's rules for all its agents (agents.view; saving needs agents.limits): whether agents may lock and
 * unlock their downline, and the limits of an agent without limits of its own.
 */
export function AgentSettingsPanel() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: agentKeys.settings, queryFn: ({ signal }) => getAgentSettings(signal) });
  return (
    <details className="agent-settings" data-testid="agent-settings">
      <summary>{t('agents.settings.title')}</summary>
      <p className="agent-summary">{t('agents.settings.description')}</p>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="settings-error-state" />
      ) : query.data === undefined ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </details>
  );
}
