import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@platform/contracts';
import { ChunkTimeoutError, isChunkLoadError, withChunkTimeout } from './chunk-timeout';

describe('chunk load time-out', () => {
  afterEach(() => vi.useRealTimers());

  it('should give up after 120 s (spec §9)', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => undefined));
    const result = load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkTimeoutError);
  });

  it('should pass a chunk through when it arrives in time', async () => {
    const load = withChunkTimeout(async () => ({ Component: 'page' }), 1000);
    await expect(load()).resolves.toEqual({ Component: 'page' });
  });

  it('should treat a failed dynamic import like a time-out', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
