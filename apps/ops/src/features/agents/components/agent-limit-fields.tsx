import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AGENT_MAX_ACCOUNTS_LIMIT } from '@platform/contracts';
import { FormError, SubmitButton, TextField } from '@/components/form-fields';

/** The number of accounts an agent may create (empty: no limit), as the agent's limits and the merchant's defaults ask it. */
export function MaxAccountsField({
  label,
  disabled,
  testId,
  error,
  ...registration
}: { label: string; disabled: boolean; testId: string; error?: string } & UseFormRegisterReturn) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      hint={t('agents.limits.maxAccountsHint')}
      inputMode="numeric"
      type="number"
      min={0}
      max={AGENT_MAX_ACCOUNTS_LIMIT}
      disabled={disabled}
      testId={testId}
      error={error}
      {...registration}
    />
  );
}

/** A limits form's end: its error, and the save button for staff who may change limits. */
export function LimitsFormEnd({
  canEdit,
  busy,
  formError,
  testIdPrefix,
}: {
  canEdit: boolean;
  busy: boolean;
  formError: string | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormError message={formError} testId={`${testIdPrefix}-error`} />
      {canEdit && (
        <div className="dialog__actions">
          <SubmitButton busy={busy} label={t('common.save')} testId={`${testIdPrefix}-save`} />
        </div>
      )}
    </>
  );
}
