import { EventEmitter } from 'node:events';
import type { CashierOrderEvent } from '@platform/contracts';

/**
 * Domain events inside one process (DESIGN.md §3 "in-process event bus"). Publishers call `emit` after their commit;
 * a listener's failure is logged by the caller's logger and never reaches the publisher. Fan-out to other processes
 * is Socket.IO's (the Redis adapter), not the bus's.
 */
export type PlatformEvents = {
  /** A member's wallet changed (any purpose); emitted after commit. */
  'wallet.changed': { merchantId: number; memberId: bigint };
  /** A member's deposit or withdrawal was decided or confirmed (contracts CashierOrderEvent); emitted after commit. */
  'cashier.order': { merchantId: number; memberId: bigint; amountMinor?: bigint } & CashierOrderEvent;
  /** A bonus was granted to a member (bonus wallet; not a replay); emitted after commit. The inbox tells the member. */
  'bonus.granted': { merchantId: number; memberId: bigint; grantId: bigint; amountMinor: bigint };
  /** An agent was offered a contract (agent contracts); emitted after commit. The inbox tells the agent. */
  'contract.offered': { merchantId: number; holderId: bigint; contractId: bigint };
  /** A merchant's games or vendors changed (staff edit, sync job); the response cache drops the merchant's answers. */
  'catalogue.changed': { merchantId: number };
  /**
   * A vendor round settled (seamless wallet, issue 6); emitted after commit. Amounts in minor units of `currency`;
   * `play`: play money (a trial member). The winner board listens (modules/games/bets winner feed).
   */
  'round.settled': {
    merchantId: number;
    memberId: bigint;
    vendorCode: string;
    gameCode: string;
    roundId: string;
    betMinor: bigint;
    winMinor: bigint;
    currency: string;
    play: boolean;
  };
  /** A member's unread internal messages changed (issue 22); null: unknown here, the client asks. */
  'inbox.unread': { merchantId: number; memberId: bigint; unreadMessage: number | null };
  /**
   * A member's invited friend met the qualification (deposit and valid bet thresholds; the referral module emits it
   * after commit, once per friend). Missions count friends invited from it (issue 21).
   */
  'referral.qualified': { merchantId: number; memberId: bigint; friendId: bigint };
  /** A broadcast message reached (or left) a merchant's inboxes: every client of the merchant asks its count. */
  'inbox.broadcast': { merchantId: number };
};

export type EventBus = {
  emit<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): void;
  on<K extends keyof PlatformEvents>(name: K, listener: (payload: PlatformEvents[K]) => void | Promise<void>): void;
  /** Resolves once every async listener started so far has finished (tests; draining on shutdown). */
  idle(): Promise<void>;
};

export const createEventBus = (onError: (error: unknown, event: string) => void): EventBus => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  const pending = new Set<Promise<void>>();
  return {
    emit: (name, payload) => {
      emitter.emit(name, payload);
    },
    on: (name, listener) => {
      emitter.on(name, (payload: PlatformEvents[typeof name]) => {
        try {
          const result = listener(payload);
          if (result instanceof Promise) {
            const running = result
              .catch((error: unknown) => onError(error, name))
              .finally(() => pending.delete(running));
            pending.add(running);
          }
        } catch (error) {
          onError(error, name);
        }
      });
    },
    idle: async () => {
      // A listener may emit again: wait until no listener is running, not only those running now.
      while (pending.size > 0) await Promise.all(pending);
    },
  };
};
