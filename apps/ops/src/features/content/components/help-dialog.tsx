import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMS_ANCHOR, type OpsHelpSection } from '@platform/contracts';
import { SelectField, TextAreaField, TextField } from '@/components/form-fields';
import { useZodForm } from '@/lib/form';
import { createHelpSection, updateHelpSection } from '../api/content-api';
import { ContentDialog, useContentSubmit } from './content-dialog';
import { HelpFormSchema, helpFormOf, useLanguageOptions } from './content-form';
import { HelpPreview } from './help-preview';

type HelpDialogProps = {
  /** null: a new section in `lang`; else the section to edit (its language and anchor stay). */
  section: OpsHelpSection | null;
  lang: string;
  onClose: () => void;
};

/** Create or edit a help centre section (the terms are the section `term`): title, HTML body with preview, order. */
export function HelpDialog({ section, lang, onClose }: HelpDialogProps) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState(false);
  const editing = section !== null;
  const form = useZodForm(HelpFormSchema, helpFormOf(section, lang));
  const submit = useContentSubmit(
    'help',
    form,
    (values) =>
      section
        ? updateHelpSection(section, { title: values.title, html: values.html, sort: values.sort })
        : createHelpSection(values),
    { editing, onClose },
  );
  const languageOptions = useLanguageOptions(false, form.watch('lang'));
  return (
    <ContentDialog
      kind="help"
      editing={editing}
      submit={submit}
      onClose={onClose}
      title={section?.anchor === TERMS_ANCHOR ? t('content.help.editTerms') : undefined}
    >
      <div className="form__grid">
        {editing ? (
          <TextField label={t('common.language')} readOnly testId="help-language" {...form.register('lang')} />
        ) : (
          <SelectField
            label={t('common.language')}
            required
            testId="help-language"
            options={languageOptions}
            error={submit.fieldError('lang')}
            {...form.register('lang')}
          />
        )}
        <TextField
          label={t('content.help.anchor')}
          required
          readOnly={editing}
          placeholder="deposits"
          hint={t('content.help.anchorHint')}
          testId="help-anchor"
          error={submit.fieldError('anchor')}
          {...form.register('anchor')}
        />
        <TextField
          label={t('content.order')}
          type="number"
          step={1}
          hint={t('content.help.orderHint')}
          testId="help-sort"
          error={submit.fieldError('sort')}
          {...form.register('sort')}
        />
      </div>
      <TextField
        label={t('content.help.title')}
        required
        testId="help-title"
        error={submit.fieldError('title')}
        {...form.register('title')}
      />
      <TextAreaField
        label={t('content.help.body')}
        required
        rows={12}
        spellCheck
        hint={t('content.help.bodyHint')}
        testId="help-body"
        error={submit.fieldError('html')}
        {...form.register('html')}
      />
      <div>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={previewing}
          data-testid="help-preview-toggle"
          onClick={() => setPreviewing((open) => !open)}
        >
          {previewing ? t('content.help.hidePreview') : t('content.help.showPreview')}
        </button>
      </div>
      {previewing && <HelpPreview title={form.watch('title')} html={form.watch('html')} />}
    </ContentDialog>
  );
}
