import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_GROUPS, type OpsBanner } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { CheckboxField, FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { contentKeys, createBanner, updateBanner } from '../api/content-api';
import { BannerFormSchema, bannerFormOf, previewable, useLanguageOptions } from './content-form';

type BannerDialogProps = {
  /** null: a new banner (of `groupName`); else the banner to edit. */
  banner: OpsBanner | null;
  groupName?: string;
  onClose: () => void;
};

/** The image as players will see it, or why it cannot be shown. */
function ImagePreview({ path }: { path: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  if (!previewable(path)) return <p className="field__hint">{t('content.banners.previewHint')}</p>;
  return (
    <figure className="content-preview" data-testid="banner-preview">
      {failed === path ? (
        <p className="field__error" data-testid="banner-preview-missing">
          {t('content.banners.previewMissing')}
        </p>
      ) : (
        <img src={path.trim()} alt={t('content.banners.previewAlt')} onError={() => setFailed(path)} />
      )}
      <figcaption className="field__hint">{t('content.banners.preview')}</figcaption>
    </figure>
  );
}

/** Create or edit a banner: group, title, image (with its preview), link, language, order, schedule, on or off. */
export function BannerDialog({ banner, groupName, onClose }: BannerDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const languages = useLanguageOptions(true);
  const form = useZodForm(BannerFormSchema, bannerFormOf(banner, groupName));
  const submit = useFormSubmit(form, (values) => (banner ? updateBanner(banner.id, values) : createBanner(values)), {
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.banners });
      showToast(t(banner ? 'content.banners.updated' : 'content.banners.created', { title: saved.title }));
      onClose();
    },
  });
  const language = form.watch('language');
  const languageOptions = languages.some((o) => o.value === language)
    ? languages
    : [...languages, { value: language, label: language }];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={t(banner ? 'content.banners.editTitle' : 'content.banners.createTitle')}
      description={t('content.banners.formHint')}
      className="dialog--wide"
      testId="banner-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <div className="form__grid">
          <SelectField
            label={t('content.banners.group')}
            required
            testId="banner-group"
            options={BANNER_GROUPS.map((group) => ({ value: group, label: t(`content.banners.groups.${group}`) }))}
            error={submit.fieldError('groupName')}
            {...form.register('groupName')}
          />
          <SelectField
            label={t('common.language')}
            testId="banner-language"
            options={languageOptions}
            error={submit.fieldError('language')}
            {...form.register('language')}
          />
        </div>
        <TextField
          label={t('content.banners.title')}
          required
          hint={t('content.banners.titleHint')}
          testId="banner-title"
          error={submit.fieldError('title')}
          {...form.register('title')}
        />
        <TextField
          label={t('content.banners.image')}
          required
          placeholder="/banners/home-welcome.svg"
          hint={t('content.banners.imageHint')}
          testId="banner-image"
          error={submit.fieldError('imageUrl')}
          {...form.register('imageUrl')}
        />
        <ImagePreview path={form.watch('imageUrl')} />
        <TextField
          label={t('content.banners.link')}
          placeholder="/promotions"
          hint={t('content.banners.linkHint')}
          testId="banner-link"
          error={submit.fieldError('url')}
          {...form.register('url')}
        />
        <div className="form__grid">
          <TextField
            label={t('content.order')}
            type="number"
            step={1}
            hint={t('content.orderHint')}
            testId="banner-sort"
            error={submit.fieldError('sort')}
            {...form.register('sort')}
          />
          <TextField
            label={t('content.startsAt')}
            type="datetime-local"
            hint={t('content.banners.startsAtHint')}
            testId="banner-starts-at"
            error={submit.fieldError('startsAt')}
            {...form.register('startsAt')}
          />
          <TextField
            label={t('content.endsAt')}
            type="datetime-local"
            hint={t('content.endsAtHint')}
            testId="banner-ends-at"
            error={submit.fieldError('endsAt')}
            {...form.register('endsAt')}
          />
        </div>
        <CheckboxField
          label={t('content.enabled')}
          testId="banner-enabled"
          error={submit.fieldError('enabled')}
          {...form.register('enabled')}
        />
        <FormError message={submit.formError} testId="banner-form-error" />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" disabled={submit.busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton busy={submit.busy} label={t('common.save')} testId="banner-submit" />
        </div>
      </form>
    </Dialog>
  );
}
