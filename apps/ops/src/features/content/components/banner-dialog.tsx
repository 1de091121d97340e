import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_GROUPS, type OpsBanner } from '@platform/contracts';
import { SelectField, TextField } from '@/components/form-fields';
import { useZodForm } from '@/lib/form';
import { createBanner, updateBanner } from '../api/content-api';
import { ContentDialog, ScheduleFields, useContentSubmit } from './content-dialog';
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
  const editing = banner !== null;
  const form = useZodForm(BannerFormSchema, bannerFormOf(banner, groupName));
  const submit = useContentSubmit(
    'banner',
    form,
    (values) => (banner ? updateBanner(banner.id, values) : createBanner(values)),
    { editing, onClose },
  );
  const languages = useLanguageOptions(true, form.watch('language'));
  return (
    <ContentDialog kind="banner" editing={editing} submit={submit} onClose={onClose}>
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
          options={languages}
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
      <ScheduleFields kind="banner" submit={submit} register={form.register} />
    </ContentDialog>
  );
}
