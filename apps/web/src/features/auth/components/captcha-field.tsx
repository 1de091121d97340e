import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form-field';
import { RefreshIcon } from '@/components/control-icons';
import type { CaptchaState } from '../hooks/use-captcha';

type CaptchaFieldProps = {
  captcha: CaptchaState;
  prefix: string;
  /** Defaults to `<prefix>-captcha-input`. */
  inputTestId?: string;
  input: UseFormRegisterReturn;
  error?: string | undefined;
};

/** The captcha image with its refresh button and answer input (spec §2 login popup, §4). */
export function CaptchaField({ captcha, prefix, inputTestId, input, error }: CaptchaFieldProps) {
  const { t } = useTranslation();
  if (!captcha.shown) return null;
  return (
    <TextField
      label={t('form.captcha')}
      required
      testId={inputTestId ?? `${prefix}-captcha-input`}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={16}
      error={error ?? (captcha.failed ? t('errors.network') : undefined)}
      {...input}
      addon={
        <span className="captcha">
          {captcha.captcha ? (
            <img
              className="captcha__image"
              src={captcha.captcha.image}
              alt={t('form.captchaImage')}
              data-testid={`${prefix}-captcha-image`}
              width={120}
              height={40}
            />
          ) : (
            <span className="captcha__image captcha__image--empty" data-testid={`${prefix}-captcha-image`} />
          )}
          <button
            type="button"
            className="icon-button"
            aria-label={t('form.captchaRefresh')}
            data-testid={`${prefix}-captcha-refresh`}
            onClick={() => captcha.refresh()}
          >
            <RefreshIcon />
          </button>
        </span>
      }
    />
  );
}
