import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_AUDIENCES, NOTICE_EXECUTIONS, NOTICE_TYPES, type OpsNotice } from '@platform/contracts';
import { SelectField, TextAreaField, TextField } from '@/components/form-fields';
import { useZodForm } from '@/lib/form';
import { createNotice, updateNotice } from '../api/content-api';
import { ContentDialog, ScheduleFields, useContentSubmit } from './content-dialog';
import { NoticeFormSchema, noticeFormOf, useLanguageOptions } from './content-form';

type NoticeDialogProps = { notice: OpsNotice | null; onClose: () => void };

/**
 * Create or edit a notice: whom it is written for (players on the site, or agents in the agent centre), its type (marquee, popup, promotion, ...), audience, language, title, body (plain text,
 * line breaks kept), order and schedule.
 */
export function NoticeDialog({ notice, onClose }: NoticeDialogProps) {
  const { t } = useTranslation();
  const editing = notice !== null;
  const form = useZodForm(NoticeFormSchema, noticeFormOf(notice));
  const submit = useContentSubmit(
    'notice',
    form,
    (values) => (notice ? updateNotice(notice.id, values) : createNotice(values)),
    { editing, onClose },
  );
  const languages = useLanguageOptions(true, form.watch('language'));
  const type = form.watch('type');
  return (
    <ContentDialog kind="notice" editing={editing} submit={submit} onClose={onClose}>
      <div className="form__grid">
        <SelectField
          label={t('content.notices.readers')}
          required
          hint={t('content.notices.readersHint')}
          testId="notice-readers"
          options={ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: t(`content.notices.readersOf.${value}`) }))}
          error={submit.fieldError('audience')}
          {...form.register('audience')}
        />
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
          options={languages}
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
      <ScheduleFields kind="notice" submit={submit} register={form.register} />
    </ContentDialog>
  );
}
