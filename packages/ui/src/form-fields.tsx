import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

type FieldProps = {
  label: string;
  /** The failed rule's text (client or server); links the control to it (aria-describedby) and marks it invalid. */
  error?: string | undefined;
  /** Marked with * (the player spec §5: "Items marked with * are required"). */
  required?: boolean;
  /** A hint under the control. */
  hint?: string;
  testId: string;
  /** Beside the control: a button, a unit, an SMS send button, a captcha image. */
  addon?: ReactNode;
  /** The id of other text that explains the control (a captcha question), read with it as its description. */
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

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid="field-error">
          {error}
        </p>
      )}
    </>
  );
}

const describedByOf = (id: string, error?: string, hint?: string, other?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null, other].filter(Boolean).join(' ') || undefined;

type FieldText = Pick<FieldProps, 'label' | 'error' | 'required' | 'hint' | 'testId' | 'describedBy'>;

/** A field's texts apart from the control's own attributes. */
const splitField = <P extends FieldText>({ label, error, required, hint, testId, describedBy, ...control }: P) =>
  [{ label, error, required, hint, testId, describedBy }, control] as const;

/** The attributes every control of a field carries: its id, class, test id and what describes it. */
const controlProps = (id: string, field: FieldText, className = 'field__control') => ({
  id,
  className,
  'data-testid': field.testId,
  'aria-invalid': field.error ? true : undefined,
  'aria-describedby': describedByOf(id, field.error, field.hint, field.describedBy),
});

/** A field's frame: the label, the control (children), then its hint and error. */
function FieldFrame({
  id,
  field,
  children,
  className,
}: {
  id: string;
  field: FieldText;
  children: ReactNode;
  className?: string | undefined;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <Label htmlFor={id} label={field.label} required={field.required} />
      {children}
      <Messages id={id} error={field.error} hint={field.hint} />
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled input with its error under it; spread `form.register('name')` into it. */
export function TextField(props: FieldProps & InputProps) {
  const [field, { addon, ...input }] = splitField(props);
  const id = useId();
  return (
    <FieldFrame id={id} field={field}>
      <div className="field__row">
        <input {...controlProps(id, field)} aria-required={field.required || undefined} {...input} />
        {addon}
      </div>
    </FieldFrame>
  );
}

/** What each app gives the password toggle: its names and icons for "show" and "hide". */
export type PasswordToggleParts = { showLabel: string; hideLabel: string; showIcon: ReactNode; hideIcon: ReactNode };

/** A password input with a show/hide toggle (player spec §2 "Password fields toggle between visible and hidden"). */
export function PasswordField(props: FieldProps & InputProps & { toggle: PasswordToggleParts }) {
  const [field, { addon, toggle, ...input }] = splitField(props);
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} field={field}>
      <div className="field__row">
        <div className="password-input">
          <input
            {...controlProps(id, field)}
            type={visible ? 'text' : 'password'}
            aria-required={field.required || undefined}
            autoCapitalize="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            className="password-input__toggle"
            aria-label={visible ? toggle.hideLabel : toggle.showLabel}
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? toggle.hideIcon : toggle.showIcon}
          </button>
        </div>
        {addon}
      </div>
    </FieldFrame>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  options: readonly { value: string; label: string }[];
  /** Added to the wrapper's `field` class. */
  fieldClassName?: string;
};

/** A labelled select; `options` in display order. */
export function SelectField(props: Omit<FieldProps, 'addon'> & SelectProps) {
  const [field, { options, fieldClassName, ...select }] = splitField(props);
  const id = useId();
  return (
    <FieldFrame id={id} field={field} className={fieldClassName}>
      <select {...controlProps(id, field)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField(props: Omit<FieldProps, 'addon'> & TextAreaProps) {
  const [field, area] = splitField(props);
  const id = useId();
  return (
    <FieldFrame id={id} field={field}>
      <textarea
        {...controlProps(id, field, 'field__control field__control--area')}
        aria-required={field.required || undefined}
        {...area}
      />
    </FieldFrame>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  label: string;
  testId: string;
  error?: string | undefined;
};

export function CheckboxField({ label, testId, error, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="checkbox">
        <input id={id} type="checkbox" data-testid={testId} aria-invalid={error ? true : undefined} {...input} />
        <span>{label}</span>
      </label>
      <Messages id={id} error={error} />
    </div>
  );
}

/** A form-level message (a refused sign-in, a failure not tied to one field). */
export function FormError({ message, testId = 'form-error' }: { message: string | null; testId?: string }) {
  return message ? (
    <p className="form-error" role="alert" data-testid={testId}>
      {message}
    </p>
  ) : null;
}

export type SubmitButtonProps = {
  /** The form is being sent: the button is disabled, marked busy and shows `busyLabel`. */
  busy: boolean;
  label: string;
  testId: string;
  /** Disabled for another reason than being busy (nothing changed yet, data still loading). */
  disabled?: boolean;
  /** Full width, as in the dialogs. */
  block?: boolean;
};

/** A form's primary submit button with its busy state. */
export function SubmitButton({
  busy,
  label,
  testId,
  disabled = false,
  block = false,
  busyLabel,
}: SubmitButtonProps & { busyLabel: string }) {
  return (
    <button
      type="submit"
      className={block ? 'button button--primary button--block' : 'button button--primary'}
      data-testid={testId}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
