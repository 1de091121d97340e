import type { FastifyReply } from 'fastify';
import { PROOF_MAX_BYTES } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/**
 * The content type of a proof image, read from its first bytes (spec §5: checked by content, not by name or by the
 * type the browser claims). Anything that is not a PNG or a JPEG is FILE_TYPE_INVALID; over 5 MB is FILE_TOO_LARGE.
 */
export const proofContentType = (bytes: Uint8Array): 'image/png' | 'image/jpeg' => {
  if (bytes.length > PROOF_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', 413, 'Each image may be at most 5 MB');
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  throw new AppError('FILE_TYPE_INVALID', 400, 'Only PNG or JPG images can be uploaded');
};

/** Sends a stored proof image, to its member or to staff: private, cached an hour, never sniffed as another type. */
export const sendProof = (reply: FastifyReply, proof: { contentType: string; bytes: Uint8Array }) =>
  reply
    .type(proof.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(proof.bytes));
