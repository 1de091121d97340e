import { EventEmitter } from 'node:events';

/**
 * Domain events inside one process (DESIGN.md §3 "in-process event bus"). Publishers call `emit` after their commit;
 * a listener's failure is logged by the caller's logger and never reaches the publisher. Fan-out to other processes
 * is Socket.IO's (the Redis adapter), not the bus's.
 */
export type PlatformEvents = {
  /** A member's wallet changed (any purpose); emitted after commit. */
  'wallet.changed': { merchantId: number; memberId: bigint };
  /** A merchant's games or vendors changed (staff edit, sync job); the response cache drops the merchant's answers. */
  'catalogue.changed': { merchantId: number };
};

export type EventBus = {
  emit<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): void;
  on<K extends keyof PlatformEvents>(name: K, listener: (payload: PlatformEvents[K]) => void | Promise<void>): void;
};

export const createEventBus = (onError: (error: unknown, event: string) => void): EventBus => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  return {
    emit: (name, payload) => {
      emitter.emit(name, payload);
    },
    on: (name, listener) => {
      emitter.on(name, (payload: PlatformEvents[typeof name]) => {
        try {
          const result = listener(payload);
          if (result instanceof Promise) result.catch((error: unknown) => onError(error, name));
        } catch (error) {
          onError(error, name);
        }
      });
    },
  };
};
