import type { ButtonHTMLAttributes, FormHTMLAttributes } from 'react';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  tone: 'primary' | 'ghost' | 'danger';
  small?: boolean;
  testId?: string;
};

/** A plain (not submit) button in one of the shared tones: `button button--<tone>`, `button--small` when small. */
export function Button({ tone, small = false, testId, type = 'button', ...button }: ButtonProps) {
  const className = small ? `button button--${tone} button--small` : `button button--${tone}`;
  return <button type={type} className={className} data-testid={testId} {...button} />;
}

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** Called on submit, the browser's own submission prevented. */
  onSubmit: () => void;
  testId?: string;
};

/** A form the app validates itself (`noValidate`, the messages under the fields), class `form` unless given one. */
export function Form({ onSubmit, testId, className = 'form', ...form }: FormProps) {
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    onSubmit();
  };
  return <form className={className} noValidate data-testid={testId} onSubmit={submit} {...form} />;
}
