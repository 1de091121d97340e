import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  OpsRegisterSettingsUpdateSchema,
  REGISTER_PATTERN_IDS,
  REGISTER_PATTERNS,
  type OpsRegisterSettings,
  type OpsRegisterSettingsUpdate,
  type RegisterPatternId,
} from '@platform/contracts';
import { CheckboxField, FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { configKeys, getRegister, putRegister } from '../api/config-api';
import { ConfigPage, ListError, listPaths, RowActions } from './config-parts';

const FIELD_KEYS = ['field', 'enabled', 'required', 'acceptedPattern', 'patternId', 'minLength', 'maxLength'];
const nullIfEmpty = (value: unknown) => (value === '' ? null : value);

function RegisterForm({ stored }: { stored: OpsRegisterSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(OpsRegisterSettingsUpdateSchema, {
    fields: stored.fields.map((field) => ({ ...field, acceptedPattern: field.acceptedPattern ?? '' })) as never,
  });
  const rows = useFieldArray({ control: form.control, name: 'fields' });
  const submit = useFormSubmit(form, (body: OpsRegisterSettingsUpdate) => putRegister(body), {
    fields: listPaths('fields', rows.fields.length, FIELD_KEYS),
    onSuccess: (saved) => {
      queryClient.setQueryData(configKeys.area('register'), saved);
      showToast(t('config.saved'));
    },
  });
  const families = [
    { value: '', label: t('config.register.noFamily') },
    ...Object.values(REGISTER_PATTERN_IDS).map((id) => ({ value: id, label: id })),
  ];
  const useStandard = (index: number) => {
    const family = form.getValues(`fields.${index}.patternId`) as RegisterPatternId | null;
    if (family) form.setValue(`fields.${index}.acceptedPattern`, REGISTER_PATTERNS[family], { shouldDirty: true });
  };
  return (
    <form className="form" noValidate data-testid="register-form" onSubmit={(event) => void submit.onSubmit(event)}>
      <ol className="config-list">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="config-list__row" data-testid="register-row" data-key={row.field}>
            <h2 className="config-list__title">{row.field}</h2>
            <div className="form__grid">
              <CheckboxField
                label={t('config.register.enabled')}
                testId={`register-enabled-${row.field}`}
                error={submit.fieldError(`fields.${index}.enabled`)}
                {...form.register(`fields.${index}.enabled`)}
              />
              <CheckboxField
                label={t('config.register.required')}
                testId={`register-required-${row.field}`}
                error={submit.fieldError(`fields.${index}.required`)}
                {...form.register(`fields.${index}.required`)}
              />
              <TextField
                type="number"
                min={0}
                label={t('config.register.minLength')}
                testId={`register-min-${row.field}`}
                error={submit.fieldError(`fields.${index}.minLength`)}
                {...form.register(`fields.${index}.minLength`, { valueAsNumber: true })}
              />
              <TextField
                type="number"
                min={1}
                label={t('config.register.maxLength')}
                testId={`register-max-${row.field}`}
                error={submit.fieldError(`fields.${index}.maxLength`)}
                {...form.register(`fields.${index}.maxLength`, { valueAsNumber: true })}
              />
              <SelectField
                label={t('config.register.family')}
                hint={t('config.register.familyHint')}
                testId={`register-family-${row.field}`}
                options={families}
                error={submit.fieldError(`fields.${index}.patternId`)}
                {...form.register(`fields.${index}.patternId`, { setValueAs: nullIfEmpty })}
              />
              <TextField
                label={t('config.register.pattern')}
                hint={t('config.register.patternHint')}
                spellCheck={false}
                testId={`register-pattern-${row.field}`}
                error={submit.fieldError(`fields.${index}.acceptedPattern`)}
                addon={
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    data-testid={`register-standard-${row.field}`}
                    onClick={() => useStandard(index)}
                  >
                    {t('config.register.useStandard')}
                  </button>
                }
                {...form.register(`fields.${index}.acceptedPattern`)}
              />
            </div>
            <RowActions
              index={index}
              count={rows.fields.length}
              onMove={rows.move}
              name={row.field}
              testId={`register-${row.field}`}
            />
          </li>
        ))}
      </ol>
      <ListError message={submit.fieldError('fields')} />
      <FormError message={submit.formError} testId="register-form-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="register-save" />
    </form>
  );
}

/**
 * The registration form (spec §3, §5): which fields it shows and requires, their order, lengths and pattern, and the
 * message family the web app shows when the pattern fails. Slow or broken patterns are refused.
 */
export function RegisterSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: configKeys.area('register'), queryFn: ({ signal }) => getRegister(signal) });
  return (
    <ConfigPage
      title={t('nav.configRegister')}
      intro={t('config.register.intro')}
      query={query}
      testId="config-register-page"
    >
      {(stored) => <RegisterForm key={JSON.stringify(stored)} stored={stored} />}
    </ConfigPage>
  );
}
