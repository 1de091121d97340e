import {
  API,
  ErrorCode,
  sealPayload,
  SEALED_ENDPOINTS,
  type PublicKeyInfo,
  type PublicKeyResponse,
} from '@platform/contracts';
import type { z } from 'zod';
import { apiRequest, ApiError, invalidResponse } from './api-client';
import { getSealKey, serverNow, setSealKey, setServerTime } from './seal-key';

type SealedMethod = 'POST' | 'PUT';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const fetchPublicKey = async (): Promise<PublicKeyInfo> => {
  const value = await apiRequest<PublicKeyResponse>(API.system.publicKey);
  if (!isRecord(value) || typeof value.kid !== 'string' || typeof value.spki !== 'string') {
    throw invalidResponse();
  }
  setSealKey({ kid: value.kid, alg: value.alg, spki: value.spki }, value.serverTimeMs);
  return getSealKey() ?? value;
};

const isSealed = (method: SealedMethod, path: string) =>
  SEALED_ENDPOINTS.some((endpoint) => endpoint.method === method && endpoint.path === path);

/**
 * A call whose body the spec marks "E" (SEALED_ENDPOINTS): the body is sealed for the server's public key
 * (RSA-OAEP-256 wrapping AES-256-GCM, DESIGN.md §4). When the server no longer knows the key (rotation), the key is
 * fetched again and the call retried once; when it finds our clock off (PAYLOAD_STALE), it is resealed once with the
 * server's time. Each try seals afresh, so a retry never replays a nonce.
 */
export async function sealedRequest<T = unknown>(
  path: string,
  options: { method: SealedMethod; body: unknown; schema?: z.ZodType<T> },
): Promise<T> {
  if (!isSealed(options.method, path)) throw new Error(`${options.method} ${path} is not a sealed endpoint`);
  const send = async (key: PublicKeyInfo) =>
    apiRequest<T>(path, {
      method: options.method,
      body: await sealPayload(key, options.body, serverNow()),
      ...(options.schema ? { schema: options.schema } : {}),
    });
  const key = getSealKey() ?? (await fetchPublicKey());
  try {
    return await send(key);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === ErrorCode.PAYLOAD_KEY_UNKNOWN) return send(await fetchPublicKey());
    if (error.code === ErrorCode.PAYLOAD_STALE && isRecord(error.value)) {
      const serverTimeMs = error.value.serverTimeMs;
      if (typeof serverTimeMs === 'number') {
        setServerTime(serverTimeMs);
        return send(key);
      }
    }
    throw error;
  }
}
