import type { FailureEnvelope, SuccessEnvelope } from '@platform/contracts';
import type { z } from 'zod';

/**
 * Builds a success envelope by parsing the value through its contract schema: undeclared fields are
 * dropped, and a value that breaks the contract throws (a bug on our side, answered as a 500).
 */
export const success = <S extends z.ZodType>(schema: S, value: z.input<S>): SuccessEnvelope<z.output<S>> => ({
  success: true,
  value: schema.parse(value),
});

/** A success without a value, e.g. "a reset link has been sent" (value null, message for the user). */
export const done = (message: string): SuccessEnvelope<null> => ({ success: true, value: null, message });

export const failure = (code: FailureEnvelope['code'], message: string, value?: unknown): FailureEnvelope =>
  value === undefined ? { success: false, code, message } : { success: false, code, message, value };
