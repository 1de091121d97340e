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

export const failure = (code: FailureEnvelope['code'], message: string): FailureEnvelope => ({
  success: false,
  code,
  message,
});
