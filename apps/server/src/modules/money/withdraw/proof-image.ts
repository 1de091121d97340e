import type { FastifyReply } from 'fastify';
import { PROOF_MAX_BYTES } from '@platform/contracts';
import { imageContentType } from '../../../lib/uploaded-image';

/**
 * The content type of a proof image, read from its first bytes (spec §5: checked by content, not by name or by the
 * type the browser claims). Anything that is not a PNG or a JPEG is FILE_TYPE_INVALID; over 5 MB is FILE_TOO_LARGE.
 */
export const proofContentType = (bytes: Uint8Array): 'image/png' | 'image/jpeg' =>
  imageContentType(bytes, PROOF_MAX_BYTES);

/** Sends a stored proof image, to its member or to staff: private, cached an hour, never sniffed as another type. */
export const sendProof = (reply: FastifyReply, proof: { contentType: string; bytes: Uint8Array }) =>
  reply
    .type(proof.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(proof.bytes));
