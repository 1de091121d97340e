import type { FastifyReply } from 'fastify';
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
