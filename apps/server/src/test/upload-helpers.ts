/** Uploads in tests: real image bytes and a multipart/form-data body builder. */
import { multipartBody } from './multipart';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

export type File = { name: string; type: string; bytes: Buffer };
export const multipart = (fields: Record<string, string>, files: File[], fileField = 'proofs') => {
  const { payload, headers } = multipartBody(
    fields,
    files.map((file) => ({ ...file, field: fileField })),
  );
  return { payload, contentType: headers['content-type'] };
};
