import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { WHITELABEL_MODULES } from '@platform/contracts';
import { TextField } from '@/components/form-field';
import { RefreshIcon } from '@/components/control-icons';
import { isModuleEnabled, useConfig } from '@/lib/config';
import type { CaptchaState } from '../hooks/use-captcha';

type CaptchaFieldProps = {
  captcha: CaptchaState;
  prefix: string;
  /** Defaults to `<prefix>-captcha-input`. */
  inputTestId?: string;
  input: UseFormRegisterReturn;
  error?: string | undefined;
};

/**
 * The captcha (spec §2 login popup, §4): the picture, or the text question where the merchant offers it (ADR 0021),
 * a refresh button that says what it does, and the answer input.
 */
export function CaptchaField({ captcha, prefix, inputTestId, input, error }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const { whitelabel } = useConfig();
  const questionId = useId();
  if (!captcha.shown) return null;
  const offersQuestion = isModuleEnabled(whitelabel, WHITELABEL_MODULES.CAPTCHA_TEXT_ALTERNATIVE);
  const current = captcha.captcha;
  const question = current?.kind === 'text' ? current.question : undefined;
  return (
    <div className="captcha">
      <div className="captcha__challenge">
        {current?.kind === 'image' ? (
          <img
            className="captcha__image"
            src={current.image}
            alt={t('form.captchaImage')}
            data-testid={`${prefix}-captcha-image`}
            width={180}
            height={60}
          />
        ) : question !== undefined ? (
          // Polite live region: a new question is read out after a refresh without moving the focus.
          <p
            id={questionId}
            className="captcha__question"
            aria-live="polite"
            data-testid={`${prefix}-captcha-question`}
          >
            {question}
          </p>
        ) : (
          <span className="captcha__image captcha__image--empty" data-testid={`${prefix}-captcha-image`} />
        )}
        <button
          type="button"
          className="captcha__refresh"
          data-testid={`${prefix}-captcha-refresh`}
          onClick={() => captcha.refresh()}
        >
          <RefreshIcon />
          <span>{t(question === undefined ? 'form.captchaRefresh' : 'form.captchaNewQuestion')}</span>
        </button>
      </div>
      <TextField
        label={t(question === undefined ? 'form.captcha' : 'form.captchaAnswer')}
        required
        testId={inputTestId ?? `${prefix}-captcha-input`}
        autoComplete="off"
        autoCapitalize="characters"
        inputMode={question === undefined ? 'text' : 'numeric'}
        spellCheck={false}
        maxLength={16}
        describedBy={question === undefined ? undefined : questionId}
        error={error ?? (captcha.failed ? t('errors.network') : undefined)}
        {...input}
      />
      {offersQuestion && (
        <button
          type="button"
          className="link-button captcha__switch"
          data-testid={`${prefix}-captcha-switch`}
          onClick={() => captcha.setKind(captcha.kind === 'image' ? 'text' : 'image')}
        >
          {t(captcha.kind === 'image' ? 'form.captchaUseQuestion' : 'form.captchaUsePicture')}
        </button>
      )}
    </div>
  );
}
