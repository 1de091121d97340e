import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

export type UploadedImage = { contentType: 'image/png' | 'image/jpeg'; bytes: Uint8Array };

/**
 * The content type of an uploaded image, read from its first bytes (spec §5: checked by content, not by name or by the
 * type the browser claims). Anything but PNG or JPEG is FILE_TYPE_INVALID; over `maxBytes` is FILE_TOO_LARGE.
 */
export const imageContentType = (bytes: Uint8Array, maxBytes: number): UploadedImage['contentType'] => {
  if (bytes.length > maxBytes) {
    throw new AppError('FILE_TOO_LARGE', 413, `Each image may be at most ${Math.round(maxBytes / 1048576)} MB`);
  }
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  throw new AppError('FILE_TYPE_INVALID', 400, 'Only PNG or JPG images can be uploaded');
};

/** Sends a stored image to whoever may see it: private, never sniffed as another type. */
export const sendImage = (reply: FastifyReply, image: { contentType: string; bytes: Uint8Array }) =>
  reply
    .type(image.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(image.bytes));

/**
 * Reads a multipart form of text fields and at most `maxFiles` checked images, all in memory. The multipart plugin of
 * the route's scope must allow one file more than `maxFiles`, so that one too many is refused (TOO_MANY_FILES) rather
 * than dropped, and cap each file at `maxBytes` (FILE_TOO_LARGE).
 */
export const readImageForm = async (request: FastifyRequest, maxFiles: number, maxBytes: number) => {
  const fields: Record<string, string> = {};
  const images: UploadedImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (images.length >= maxFiles) throw new AppError('TOO_MANY_FILES', 400, `At most ${maxFiles} images`);
        const bytes = await part.toBuffer();
        images.push({ contentType: imageContentType(bytes, maxBytes), bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('FILE_TOO_LARGE', 413, `Each image may be at most ${Math.round(maxBytes / 1048576)} MB`);
    if (code === 'FST_FILES_LIMIT') throw new AppError('TOO_MANY_FILES', 400, `At most ${maxFiles} images`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('VALIDATION_FAILED', 400, 'The form must be sent as multipart/form-data');
    }
    throw new AppError('VALIDATION_FAILED', 400, 'The upload could not be read');
  }
  return { fields, images };
};
