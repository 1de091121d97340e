import type { FieldErrorsValue } from '@platform/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';

const MAX_ISSUES_IN_MESSAGE = 5;

/** Readable one-line summary of zod issues, e.g. `lang: language code must be ...; device: Invalid input`. */
export const describeIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  issues
    .slice(0, MAX_ISSUES_IN_MESSAGE)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');

const MAX_FIELD_ERRORS = 50;

/** The envelope value of a VALIDATION_FAILED: one message per failing field, so a form shows each under its field. */
export const fieldErrorsOf = (issues: readonly z.core.$ZodIssue[]): FieldErrorsValue => {
  const seen = new Set<string>();
  const fields: FieldErrorsValue['fields'] = [];
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    fields.push({ path, message: issue.message });
    if (fields.length === MAX_FIELD_ERRORS) break;
  }
  return { fields };
};

/**
 * Parses caller input (query, params, body) with a contract schema; a mismatch is the caller's fault,
 * so it becomes a 400 VALIDATION_FAILED rather than escaping as a 500.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> => {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', 400, `Invalid ${what}: ${describeIssues(result.error.issues)}`, {
      value: fieldErrorsOf(result.error.issues),
    });
  }
  return result.data;
};
