import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './control-icons';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

type FieldProps = {
  label: string;
  /** The failed rule's text; links the control to it (aria-describedby) and marks it invalid. */
  error?: string | undefined;
  /** Spec §5 "Items marked with * are required". */
  required?: boolean;
  testId: string;
  /** Beside the control: an SMS send button, a captcha image. */
  addon?: ReactNode;
  /** The id of text that explains the control (a captcha question), read with it as its description. */
  describedBy?: string | undefined;
};

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor} className="field__label">
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A labelled text input with its error message. */
export function TextField({ label, error, required, testId, addon, describedBy, ...input }: FieldProps & InputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const description = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <div className="field">
      <Label htmlFor={id} label={label} required={required} />
      <div className="field__row">
        <input
          id={id}
          className="field__control"
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          aria-describedby={description || undefined}
          aria-required={required || undefined}
          {...input}
        />
        {addon}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A password input with a show/hide toggle (spec §2 "Password fields toggle between visible and hidden"). */
export function PasswordField({ label, error, required, testId, addon, ...input }: FieldProps & InputProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <Label htmlFor={id} label={label} required={required} />
      <div className="field__row">
        <div className="password-input">
          <input
            id={id}
            className="field__control"
            data-testid={testId}
            type={visible ? 'text' : 'password'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-required={required || undefined}
            autoCapitalize="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            className="password-input__toggle"
            aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
        {addon}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  testId: string;
  options: readonly { value: string; label: string }[];
  /** Added to the wrapper's `field` class. */
  fieldClassName?: string;
};

/** A labelled select of plain options. */
export function SelectField({ label, testId, options, fieldClassName, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <Label htmlFor={id} label={label} />
      <select id={id} className="field__control" data-testid={testId} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A form-level message (a refused login, a server error not tied to one field). */
export function FormError({ message, testId }: { message: string | null; testId: string }) {
  return message ? (
    <p className="form-error" role="alert" data-testid={testId}>
      {message}
    </p>
  ) : null;
}
