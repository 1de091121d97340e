import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageOption } from '@platform/contracts';
import { changeLanguage, useLanguage } from '@/lib/i18n/i18n';
import { labelKeyOf } from '@/lib/i18n/language-labels';

/** The supported languages from configuration (spec §1); a choice applies at once, without a reload. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const { code, options } = useLanguage();
  const nameOf = (option: LanguageOption) => {
    const key = labelKeyOf(option.locale);
    return key ? t(`languages.${key}`, { defaultValue: option.label }) : option.label;
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="field__control"
        data-testid="language-select"
        value={code}
        onChange={(event) => void changeLanguage(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.code} value={option.code} lang={option.locale}>
            {nameOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
