import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OpsLanguagesUpdateSchema, type OpsLanguages } from '@platform/contracts';
import { CheckboxField, FormError, SelectField, SubmitButton } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { configKeys, getLanguages, putLanguages } from '../api/config-api';
import { ConfigPage, ListError, listPaths, RowActions } from './config-parts';

function LanguagesForm({ stored }: { stored: OpsLanguages }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const labels = new Map(stored.languages.map((language) => [language.code, `${language.label} (${language.code})`]));
  const form = useZodForm(OpsLanguagesUpdateSchema, {
    defaultLanguage: stored.defaultLanguage,
    languages: stored.languages.map(({ code, enabled }) => ({ code, enabled })),
  });
  const rows = useFieldArray({ control: form.control, name: 'languages' });
  const submit = useFormSubmit(form, putLanguages, {
    fields: ['defaultLanguage', ...listPaths('languages', rows.fields.length, ['code', 'enabled'])],
    onSuccess: (saved) => {
      queryClient.setQueryData(configKeys.area('languages'), saved);
      showToast(t('config.saved'));
    },
  });
  return (
    <form className="form" noValidate data-testid="languages-form" onSubmit={(event) => void submit.onSubmit(event)}>
      <SelectField
        label={t('config.languages.default')}
        testId="languages-default"
        options={stored.languages.map((language) => ({ value: language.code, label: labels.get(language.code) ?? '' }))}
        error={submit.fieldError('defaultLanguage')}
        {...form.register('defaultLanguage')}
      />
      <ol className="config-list" aria-label={t('config.languages.order')}>
        {rows.fields.map((row, index) => (
          <li key={row.id} className="config-list__row" data-testid="languages-row" data-key={row.code}>
            <CheckboxField
              label={labels.get(row.code) ?? row.code}
              testId={`languages-enabled-${row.code}`}
              error={submit.fieldError(`languages.${index}.enabled`)}
              {...form.register(`languages.${index}.enabled`)}
            />
            <RowActions
              index={index}
              count={rows.fields.length}
              onMove={rows.move}
              name={labels.get(row.code) ?? row.code}
              testId={`languages-${row.code}`}
            />
          </li>
        ))}
      </ol>
      <ListError message={submit.fieldError('languages')} />
      <FormError message={submit.formError} testId="languages-form-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="languages-save" />
    </form>
  );
}

/** The languages players can pick (the packs the site ships), their order and the default one. */
export function LanguagesPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: configKeys.area('languages'), queryFn: ({ signal }) => getLanguages(signal) });
  return (
    <ConfigPage
      title={t('nav.configLanguages')}
      intro={t('config.languages.intro')}
      query={query}
      testId="config-languages-page"
    >
      {(stored) => <LanguagesForm key={JSON.stringify(stored)} stored={stored} />}
    </ConfigPage>
  );
}
