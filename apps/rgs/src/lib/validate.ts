import type { z } from 'zod';
import { RgsError } from './errors';

/** Caller input that does not match its schema is a 400 with a readable list of what is wrong, never a 500. */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new RgsError('VALIDATION_FAILED', 400, `Invalid ${what}: ${detail}`);
};
