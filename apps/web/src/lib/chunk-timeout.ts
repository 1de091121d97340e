import { CHUNK_LOAD_TIMEOUT_MS } from '@platform/contracts';

/** A route chunk that did not arrive in time (spec §9: "Chunk loader time-out 120 seconds"). */
export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timed out');
    this.name = 'ChunkTimeoutError';
  }
}

/** Races a lazy import against the time-out so a stalled network ends in a message, not an endless loader. */
export const withChunkTimeout =
  <T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS) =>
  (): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeoutError()), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });

/** A failed dynamic import (offline, deploy replaced the chunk) reads the same to the user as a time-out. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkTimeoutError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message));
