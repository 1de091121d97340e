import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OpsRegionRulesUpdateSchema, type OpsRegionRules } from '@platform/contracts';
import { FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { configKeys, getRegionRules, putRegionRules } from '../api/config-api';
import { ConfigPage, ListError, listPaths, RowActions } from './config-parts';

function RegionRulesForm({ stored }: { stored: OpsRegionRules }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(OpsRegionRulesUpdateSchema, {
    rules: stored.rules.map((rule) => ({ ...rule, note: rule.note ?? '' })),
  });
  const rows = useFieldArray({ control: form.control, name: 'rules' });
  const submit = useFormSubmit(form, putRegionRules, {
    fields: listPaths('rules', rows.fields.length, ['action', 'cidr', 'note']),
    onSuccess: (saved) => {
      queryClient.setQueryData(configKeys.area('region-rules'), saved);
      showToast(t('config.saved'));
    },
  });
  const actions = [
    { value: 'DENY', label: t('config.regionRules.deny') },
    { value: 'ALLOW', label: t('config.regionRules.allow') },
  ];
  return (
    <form className="form" noValidate data-testid="region-form" onSubmit={(event) => void submit.onSubmit(event)}>
      {rows.fields.length === 0 && <p data-testid="region-empty">{t('config.regionRules.empty')}</p>}
      <ol className="config-list">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="config-list__row form__grid" data-testid="region-row">
            <SelectField
              label={t('config.regionRules.action')}
              testId="region-action"
              options={actions}
              error={submit.fieldError(`rules.${index}.action`)}
              {...form.register(`rules.${index}.action`)}
            />
            <TextField
              label={t('config.regionRules.cidr')}
              hint={t('config.regionRules.cidrHint')}
              testId="region-cidr"
              error={submit.fieldError(`rules.${index}.cidr`)}
              {...form.register(`rules.${index}.cidr`)}
            />
            <TextField
              label={t('config.regionRules.note')}
              testId="region-note"
              error={submit.fieldError(`rules.${index}.note`)}
              {...form.register(`rules.${index}.note`)}
            />
            <RowActions
              index={index}
              count={rows.fields.length}
              onMove={rows.move}
              onRemove={() => rows.remove(index)}
              name={row.cidr || String(index + 1)}
              testId="region-row"
            />
          </li>
        ))}
      </ol>
      <ListError message={submit.fieldError('rules')} />
      <div className="button-row">
        <button
          type="button"
          className="button button--ghost"
          data-testid="region-add"
          onClick={() => rows.append({ action: 'DENY', cidr: '', note: '' })}
        >
          {t('config.regionRules.add')}
        </button>
      </div>
      <FormError message={submit.formError} testId="region-form-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="region-save" />
    </form>
  );
}

/** Who may open the site by IP range (merchant_region_rules); a blocked player sees the region page with their IP. */
export function RegionRulesPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: configKeys.area('region-rules'),
    queryFn: ({ signal }) => getRegionRules(signal),
  });
  return (
    <ConfigPage
      title={t('nav.configRegionRules')}
      intro={t('config.regionRules.intro')}
      query={query}
      testId="config-region-rules-page"
    >
      {(stored) => <RegionRulesForm key={JSON.stringify(stored)} stored={stored} />}
    </ConfigPage>
  );
}
