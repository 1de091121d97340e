import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from './api-client';
import { errorText } from './error-text';
import { translateMessage } from './messages';

/**
 * A react-hook-form form validated on the client by the same zod schema the server parses (STAFF.md "Field errors"):
 * `Input` is what the inputs hold, `Output` what the schema makes of it (what `onSubmit` receives).
 */
export function useZodForm<Input extends FieldValues, Output = Input>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The message of a field's error, by dotted path (`schedule.endsAt`), or undefined. */
export const fieldErrorOf = (errors: FieldErrors, path: string): string | undefined => {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

export type FormSubmit = {
  /** For `<form onSubmit={…}>`: validates, sends, maps the server's field errors onto the inputs. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  /** A failure not tied to a field (or tied to a field the form does not show), for <FormError>. */
  formError: string | null;
  /** Translated error under a field: the client's or the server's (lib/messages.ts). */
  fieldError: (path: string) => string | undefined;
  /** Clears the form and its messages (a dialog that closes). */
  reset: () => void;
};

/**
 * Wires a form to a call: client validation first (nothing is sent when it fails), then `send`; a VALIDATION_FAILED
 * answer puts each `{ path, message }` under the input registered at that path, and any other failure (or a field the
 * form has no input for) becomes the form-level message.
 */
export function useFormSubmit<Input extends FieldValues, Output, Result>(
  form: UseFormReturn<Input, unknown, Output>,
  send: (values: Output) => Promise<Result>,
  options: { onSuccess?: (result: Result, values: Output) => void; fields?: readonly string[] } = {},
): FormSubmit {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFormError(null);
    try {
      const result = await send(values);
      options.onSuccess?.(result, values);
    } catch (error) {
      setFormError(applyServerErrors(form, error, errorText(t, error), options.fields));
    } finally {
      setBusy(false);
    }
  });

  return {
    onSubmit,
    busy,
    formError,
    fieldError: (path) => {
      const message = fieldErrorOf(form.formState.errors, path);
      return message === undefined ? undefined : translateMessage(t, message);
    },
    reset: () => {
      setFormError(null);
      form.reset();
    },
  };
}

/**
 * Puts the server's field errors on the form; returns the form-level message, or null when every error landed on a
 * field. `fields` lists the inputs the form shows (default: the form's default values' keys, recursively). Besides
 * VALIDATION_FAILED, another refusal that names a field the form shows (INVALID_AMOUNT of `ticketUnit`) lands there too.
 */
export function applyServerErrors<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, unknown>,
  error: unknown,
  fallback: string,
  fields?: readonly string[],
): string | null {
  if (!isApiError(error) || error.fields.length === 0) return fallback;
  const known = new Set(fields ?? pathsOf(form.formState.defaultValues ?? {}));
  if (error.code !== 'VALIDATION_FAILED' && !error.fields.every((field) => known.has(field.path))) return fallback;
  const unplaced: string[] = [];
  let first = true;
  for (const field of error.fields) {
    if (known.has(field.path)) {
      form.setError(field.path as FieldPath<Input>, { type: 'server', message: field.message }, { shouldFocus: first });
      first = false;
    } else {
      unplaced.push(field.path === '' ? field.message : `${field.path}: ${field.message}`);
    }
  }
  return unplaced.length > 0 ? unplaced.join('; ') : null;
}

const pathsOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return typeof child === 'object' && child !== null && !Array.isArray(child)
      ? [path, ...pathsOf(child as object, path)]
      : [path];
  });
