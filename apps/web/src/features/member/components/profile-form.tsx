import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_FIELDS,
  SET_ONCE_PROFILE_FIELDS,
  profileRuleOf,
  type MemberProfile,
  type ProfileField,
  type UpdateProfileRequest,
} from '@platform/contracts';
import { FormError, TextField } from '@/components/form-field';
import { SectionState } from '@/components/section-state';
import { ApiError } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { errorText } from '@/lib/error-text';
import { fieldErrorOf, ruleErrorText } from '@/lib/field-rules';
import { memberInfoQueryKey } from '@/lib/member-info';
import { showToast } from '@/lib/toast';
import { getProfile, profileQueryKey, updateProfile } from '../api/profile';
import { profileValidator } from '../utils/profile-validator';

type Values = Record<ProfileField, string>;

const valuesOf = (profile: MemberProfile): Values =>
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile.fields[field] ?? ''])) as Values;

const INPUT_TYPES: Partial<Record<ProfileField, string>> = { email: 'email', birthday: 'date' };

function ProfileEditor({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const { register: settings } = useConfig();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const editable = new Set(profile.editable);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<Values>({ defaultValues: valuesOf(profile) });

  const submit = async (values: Values) => {
    setFormError(null);
    const changes: UpdateProfileRequest = {};
    for (const field of profile.editable) {
      if (dirtyFields[field]) changes[field] = values[field].trim();
    }
    try {
      const next = await updateProfile(changes);
      queryClient.setQueryData(profileQueryKey, next);
      reset(valuesOf(next));
      // The nickname shows in the header.
      void queryClient.invalidateQueries({ queryKey: memberInfoQueryKey });
      showToast(t('member.profileSaved'));
    } catch (error) {
      const ruled = error instanceof ApiError ? fieldErrorOf(error.value) : null;
      const field = PROFILE_FIELDS.find((name) => name === ruled?.field);
      if (ruled && field && editable.has(field))
        setError(field, { message: ruleErrorText(t, ruled.rule, ruled.reason) });
      else setFormError(errorText(t, error));
    }
  };

  const shown = PROFILE_FIELDS.filter((field) => editable.has(field) || profile.fields[field]);
  return (
    <form
      className="form form--wide"
      noValidate
      data-testid="profile-form"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <dl className="details">
        <dt>{t('form.username')}</dt>
        <dd>{profile.username}</dd>
        {profile.affiliateCode && (
          <>
            <dt>{t('form.fields.affiliateCode')}</dt>
            <dd>{profile.affiliateCode}</dd>
          </>
        )}
        {profile.referrer && (
          <>
            <dt>{t('member.referrer')}</dt>
            <dd>{profile.referrer}</dd>
          </>
        )}
        {shown
          .filter((field) => !editable.has(field))
          .map((field) => (
            <div key={field} className="details__row">
              <dt>{t(`form.fields.${field}`)}</dt>
              <dd data-testid={`profile-value-${field}`}>{profile.fields[field]}</dd>
            </div>
          ))}
      </dl>
      <div className="form__grid">
        {shown
          .filter((field) => editable.has(field))
          .map((field) => {
            const rule = profileRuleOf(field, settings.fields);
            return (
              <TextField
                key={field}
                label={t(`form.fields.${field}`)}
                required={rule.required}
                testId={`profile-field-${field}`}
                type={INPUT_TYPES[field] ?? 'text'}
                error={errors[field]?.message}
                maxLength={rule.maxLength}
                {...register(field, { validate: profileValidator(t, field, rule, profile.fields[field] ?? '') })}
                {...(SET_ONCE_PROFILE_FIELDS.includes(field) ? { placeholder: t('member.setOnce') } : {})}
              />
            );
          })}
      </div>
      {editable.size === 0 && <p className="muted">{t('member.profileReadOnly')}</p>}
      <FormError message={formError} testId="profile-error" />
      {editable.size > 0 && (
        <button
          type="submit"
          className="button button--primary"
          data-testid="profile-save"
          disabled={isSubmitting || !isDirty}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? t('common.loading') : t('member.saveProfile')}
        </button>
      )}
    </form>
  );
}

/** Profile (spec §3 profile fields): viewed, and edited where the register settings enable the field. */
export function ProfileSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const profile = useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
  return (
    <section aria-labelledby={headingId} className="member-section">
      <h3 id={headingId} className="member-centre__subheading">
        {t('member.profile')}
      </h3>
      <SectionState query={profile} emptyText={t('member.accountBasicsEmpty')}>
        {(data) => <ProfileEditor profile={data} />}
      </SectionState>
    </section>
  );
}
