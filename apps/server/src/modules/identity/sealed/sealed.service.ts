import { SEAL_MAX_AGE_MS, SealedPayloadSchema, openPayload } from '@platform/contracts';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { assertStorable } from '../../../lib/storable-input';
import { parseInput } from '../../../lib/validate';
import type { PayloadKeys } from './payload-keys';
import type { SealedRepository } from './sealed.repository';

export type SealedServiceDeps = {
  keys: PayloadKeys;
  nonces: Pick<SealedRepository, 'recordNonce'>;
  now: Clock;
};

const invalid = () =>
  new AppError('PAYLOAD_INVALID', 400, 'The request could not be read; reload the page and try again');

/**
 * Opens the spec's "E" payloads (DESIGN.md §4): unwrap with the private key, refuse what is stale or replayed, then
 * validate the body with its contract schema. Each refusal has its own code so the client knows what to do: refetch
 * the key (PAYLOAD_KEY_UNKNOWN), reseal with the server's time (PAYLOAD_STALE), or nothing (INVALID, REPLAYED).
 */
export const sealedServiceFactory = ({ keys, nonces, now }: SealedServiceDeps) => {
  const open = async <S extends z.ZodType>(
    merchantId: number,
    body: unknown,
    schema: S,
    what: string,
  ): Promise<z.output<S>> => {
    const sealed = SealedPayloadSchema.safeParse(body);
    if (!sealed.success) throw invalid();
    if (sealed.data.kid !== keys.info.kid) {
      throw new AppError('PAYLOAD_KEY_UNKNOWN', 400, 'The security key has changed; reload the page and try again');
    }
    let inner: Awaited<ReturnType<typeof openPayload>>;
    try {
      inner = await openPayload(keys.privateKey, sealed.data);
    } catch {
      throw invalid();
    }
    // The edge guard saw only the envelope; what it wraps is checked as any other body is, before the nonce is kept.
    assertStorable(inner.nonce, what);
    assertStorable(inner.body, what);
    const nowMs = now();
    // Both directions: a client clock ahead of ours is as wrong as one behind.
    if (Math.abs(nowMs - inner.ts) > SEAL_MAX_AGE_MS) {
      throw new AppError('PAYLOAD_STALE', 400, 'The request has expired; check the time on your device', {
        value: { serverTimeMs: nowMs },
      });
    }
    // Kept until the payload would be stale anyway; after that staleness refuses it.
    if (!(await nonces.recordNonce(merchantId, inner.nonce, inner.ts + SEAL_MAX_AGE_MS))) {
      throw new AppError('PAYLOAD_REPLAYED', 400, 'This request was already received');
    }
    return parseInput(schema, inner.body, what);
  };

  return { open, publicKey: () => keys.info };
};

export type SealedService = ReturnType<typeof sealedServiceFactory>;
