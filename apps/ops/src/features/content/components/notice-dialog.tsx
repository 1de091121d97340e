import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_EXECUTIONS, NOTICE_TYPES, type OpsNotice } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import {
  CheckboxField,
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { contentKeys, createNotice, updateNotice } from '../api/content-api';
import { NoticeFormSchema, noticeFormOf, useLanguageOptions } from './content-form';

type NoticeDialogProps = { notice: OpsNotice | null; onClose: () => void };

/**
 * Create or edit a notice: its type (marquee, popup, promotion, ...), audience, language, title, body (plain text,
 * line breaks kept), order and schedule.
 */
export function NoticeDialog({ notice, onClose }: NoticeDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const languages = useLanguageOptions(true);
  const form = useZodForm(NoticeFormSchema, noticeFormOf(notice));
  const submit = useFormSubmit(form, (values) => (notice ? updateNotice(notice.id, values) : createNotice(values)), {
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.notices });
      showToast(t(notice ? 'content.notices.updated' : 'content.notices.created', { title: saved.title }));
      onClose();
    },
  });
  const type = form.watch('type');
  const language = form.watch('language');
  const languageOptions = languages.some((o) => o.value === language)
    ? languages
    : [...languages, { value: language, label: language }];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={t(notice ? 'content.notices.editTitle' : 'content.notices.createTitle')}
      description={t('content.notices.formHint')}
      className="dialog--wide"
      testId="notice-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <div className="form__grid">
          <SelectField
            label={t('content.notices.type')}
            required
            hint={t(`content.notices.typeHints.${type}`, { defaultValue: '' })}
            testId="notice-type"
            options={NOTICE_TYPES.map((value) => ({ value, label: t(`content.notices.types.${value}`) }))}
            error={submit.fieldError('type')}
            {...form.register('type')}
          />
          <SelectField
            label={t('content.notices.audience')}
            required
            testId="notice-audience"
            options={NOTICE_EXECUTIONS.map((value) => ({ value, label: t(`content.notices.audiences.${value}`) }))}
            error={submit.fieldError('execution')}
            {...form.register('execution')}
          />
          <SelectField
            label={t('common.language')}
            testId="notice-language"
            options={languageOptions}
            error={submit.fieldError('language')}
            {...form.register('language')}
          />
        </div>
        <TextField
          label={t('content.notices.title')}
          required
          testId="notice-title"
          error={submit.fieldError('title')}
          {...form.register('title')}
        />
        <TextAreaField
          label={t('content.notices.body')}
          required
          rows={6}
          hint={t('content.notices.bodyHint')}
          testId="notice-body"
          error={submit.fieldError('content')}
          {...form.register('content')}
        />
        {type === 'PR' && (
          <TextField
            label={t('content.notices.promotionType')}
            required
            placeholder="DEPOSIT_BONUS"
            hint={t('content.notices.promotionTypeHint')}
            testId="notice-promotion-type"
            error={submit.fieldError('promotionType')}
            {...form.register('promotionType')}
          />
        )}
        <div className="form__grid">
          <TextField
            label={t('content.order')}
            type="number"
            step={1}
            hint={t('content.orderHint')}
            testId="notice-sort"
            error={submit.fieldError('sort')}
            {...form.register('sort')}
          />
          <TextField
            label={t('content.startsAt')}
            type="datetime-local"
            hint={t('content.notices.startsAtHint')}
            testId="notice-starts-at"
            error={submit.fieldError('startsAt')}
            {...form.register('startsAt')}
          />
          <TextField
            label={t('content.endsAt')}
            type="datetime-local"
            hint={t('content.endsAtHint')}
            testId="notice-ends-at"
            error={submit.fieldError('endsAt')}
            {...form.register('endsAt')}
          />
        </div>
        <CheckboxField
          label={t('content.enabled')}
          testId="notice-enabled"
          error={submit.fieldError('enabled')}
          {...form.register('enabled')}
        />
        <FormError message={submit.formError} testId="notice-form-error" />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" disabled={submit.busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton busy={submit.busy} label={t('common.save')} testId="notice-submit" />
        </div>
      </form>
    </Dialog>
  );
}
