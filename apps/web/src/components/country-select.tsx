import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from '@platform/contracts';
import { useCountryCodes } from '@/lib/country-codes';
import { useLanguage } from '@/lib/i18n/i18n';

type CountrySelectProps = {
  value: string;
  onChange: (countryDialingCode: string) => void;
  testId: string;
};

const regionNamer = (locale: string): ((code: string) => string) => {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
};

/**
 * The country dialing code (spec §3 "Country entry"; GET /wps/system/country/codes) with the chosen country's flag.
 * A native select: every device has a good picker for it, and it works with the keyboard and screen readers. The
 * first entry is chosen until the user picks another.
 */
export function CountrySelect({ value, onChange, testId }: CountrySelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const { options: languages, code: language } = useLanguage();
  const { data: countries = [], isError } = useCountryCodes();
  const locale = languages.find((option) => option.code === language)?.locale ?? 'en-US';
  const nameOf = useMemo(() => regionNamer(locale), [locale]);
  const first = countries[0];
  useEffect(() => {
    if (!value && first) onChange(first.countryDialingCode);
  }, [value, first, onChange]);
  const selected: CountryCode | undefined = countries.find((country) => country.countryDialingCode === value);
  return (
    <div className="country-select">
      <label htmlFor={id} className="visually-hidden">
        {t('form.countryCode')}
      </label>
      {selected && <img className="country-select__flag" src={selected.flagUrl} alt="" width={24} height={18} />}
      <select
        id={id}
        className="field__control country-select__control"
        data-testid={testId}
        value={value}
        aria-invalid={isError || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {!selected && value && <option value={value}>{value}</option>}
        {countries.map((country) => (
          <option key={country.countryCode} value={country.countryDialingCode}>
            {`${nameOf(country.countryCode)} ${country.countryDialingCode}`}
          </option>
        ))}
      </select>
    </div>
  );
}
