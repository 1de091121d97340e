import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  OpsResourcesUpdateSchema,
  RESOURCE_KINDS,
  type OpsResources,
  type OpsResourcesUpdate,
} from '@platform/contracts';
import { FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { configKeys, getResources, putResources } from '../api/config-api';
import { ConfigPage, ListError, listPaths, RowActions } from './config-parts';

function ResourcesForm({ stored }: { stored: OpsResources }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(OpsResourcesUpdateSchema, { resources: stored.resources as OpsResourcesUpdate['resources'] });
  const rows = useFieldArray({ control: form.control, name: 'resources' });
  const submit = useFormSubmit(form, putResources, {
    fields: listPaths('resources', rows.fields.length, ['kind', 'labelNameEn', 'url']),
    onSuccess: (saved) => {
      queryClient.setQueryData(configKeys.area('resources'), saved);
      showToast(t('config.saved'));
    },
  });
  const kinds = RESOURCE_KINDS.map((kind) => ({ value: kind, label: kind }));
  return (
    <form className="form" noValidate data-testid="resources-form" onSubmit={(event) => void submit.onSubmit(event)}>
      {rows.fields.length === 0 && <p data-testid="resources-empty">{t('config.resources.empty')}</p>}
      <ol className="config-list">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="config-list__row form__grid" data-testid="resources-row">
            <SelectField
              label={t('config.resources.kind')}
              testId="resources-kind"
              options={kinds}
              error={submit.fieldError(`resources.${index}.kind`)}
              {...form.register(`resources.${index}.kind`)}
            />
            <TextField
              label={t('config.resources.label')}
              testId="resources-label"
              error={submit.fieldError(`resources.${index}.labelNameEn`)}
              {...form.register(`resources.${index}.labelNameEn`)}
            />
            <TextField
              label={t('config.resources.url')}
              type="url"
              testId="resources-url"
              error={submit.fieldError(`resources.${index}.url`)}
              {...form.register(`resources.${index}.url`)}
            />
            <RowActions
              index={index}
              count={rows.fields.length}
              onMove={rows.move}
              onRemove={() => rows.remove(index)}
              name={row.labelNameEn || row.kind}
              testId="resources-row"
            />
          </li>
        ))}
      </ol>
      <ListError message={submit.fieldError('resources')} />
      <div className="button-row">
        <button
          type="button"
          className="button button--ghost"
          data-testid="resources-add"
          onClick={() => rows.append({ kind: 'FACEBOOK', labelNameEn: '', url: '' })}
        >
          {t('config.resources.add')}
        </button>
      </div>
      <FormError message={submit.formError} testId="resources-form-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="resources-save" />
    </form>
  );
}

/** Social links, app downloads and the licence link players see (spec §3 resources): http(s) only. */
export function ResourcesPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: configKeys.area('resources'), queryFn: ({ signal }) => getResources(signal) });
  return (
    <ConfigPage
      title={t('nav.configResources')}
      intro={t('config.resources.intro')}
      query={query}
      testId="config-resources-page"
    >
      {(stored) => <ResourcesForm key={JSON.stringify(stored)} stored={stored} />}
    </ConfigPage>
  );
}
