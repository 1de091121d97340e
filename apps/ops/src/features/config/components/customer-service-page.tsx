import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OpsCustomerServiceUpdateSchema, type OpsCustomerService } from '@platform/contracts';
import { FormError, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { configKeys, getCustomerService, putCustomerService } from '../api/config-api';
import { ConfigPage, ListError, listPaths, RowActions } from './config-parts';

function CustomerServiceForm({ stored }: { stored: OpsCustomerService }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(OpsCustomerServiceUpdateSchema, { entries: stored.entries });
  const rows = useFieldArray({ control: form.control, name: 'entries' });
  const submit = useFormSubmit(form, putCustomerService, {
    fields: listPaths('entries', rows.fields.length, ['csType', 'path']),
    onSuccess: (saved) => {
      queryClient.setQueryData(configKeys.area('customer-service'), saved);
      showToast(t('config.saved'));
    },
  });
  return (
    <form className="form" noValidate data-testid="cs-form" onSubmit={(event) => void submit.onSubmit(event)}>
      {rows.fields.length === 0 && <p data-testid="cs-empty">{t('config.customerService.empty')}</p>}
      <ol className="config-list">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="config-list__row form__grid" data-testid="cs-row">
            <TextField
              label={t('config.customerService.type')}
              hint={t('config.customerService.typeHint')}
              testId="cs-type"
              error={submit.fieldError(`entries.${index}.csType`)}
              {...form.register(`entries.${index}.csType`)}
            />
            <TextField
              label={t('config.customerService.path')}
              testId="cs-path"
              error={submit.fieldError(`entries.${index}.path`)}
              {...form.register(`entries.${index}.path`)}
            />
            <RowActions
              index={index}
              count={rows.fields.length}
              onMove={rows.move}
              onRemove={() => rows.remove(index)}
              name={row.csType || String(index + 1)}
              testId="cs-row"
            />
          </li>
        ))}
      </ol>
      <ListError message={submit.fieldError('entries')} />
      <div className="button-row">
        <button
          type="button"
          className="button button--ghost"
          data-testid="cs-add"
          onClick={() => rows.append({ csType: '', path: '' })}
        >
          {t('config.customerService.add')}
        </button>
      </div>
      <FormError message={submit.formError} testId="cs-form-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="cs-save" />
    </form>
  );
}

/** The customer-service links of the site (the web app opens LIVECHAT first); players get them obfuscated. */
export function CustomerServicePage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: configKeys.area('customer-service'),
    queryFn: ({ signal }) => getCustomerService(signal),
  });
  return (
    <ConfigPage
      title={t('nav.configCustomerService')}
      intro={t('config.customerService.intro')}
      query={query}
      testId="config-customer-service-page"
    >
      {(stored) => <CustomerServiceForm key={JSON.stringify(stored)} stored={stored} />}
    </ConfigPage>
  );
}
