import { findUnstorableText, INVALID_CHARACTERS_MESSAGE, type UnstorableFinding } from '@platform/contracts';
import { AppError } from './app-error';

/** The refusal of text no table can store: 400 INVALID_CHARACTERS naming the field, or BAD_REQUEST past the bounds. */
export const unstorableError = (finding: UnstorableFinding, part: string): AppError => {
  if (finding.kind === 'too-complex') return new AppError('BAD_REQUEST', 400, `The ${part} is nested too deeply`);
  const path = finding.path === '' ? part : `${part}.${finding.path}`;
  return new AppError('INVALID_CHARACTERS', 400, `${INVALID_CHARACTERS_MESSAGE}: ${path}`, {
    value: { fields: [{ path: finding.path, message: INVALID_CHARACTERS_MESSAGE }] },
  });
};

/** For input read after the edge guard ran (a sealed body once opened, multipart fields). */
export const assertStorable = (value: unknown, part: string): void => {
  const finding = findUnstorableText(value);
  if (finding !== undefined) throw unstorableError(finding, part);
};
