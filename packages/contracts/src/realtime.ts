import type { Balance } from './wallet';

/**
 * Realtime (DESIGN.md §8): Socket.IO at REALTIME_PATH, authenticated on connect with `auth: { token }`; one room per
 * member. Events are sent after the commit that caused them, and clients refetch rather than patch.
 */
export const REALTIME_PATH = '/wps/realtime';

/**
 * `cashier.order`: a deposit or withdrawal of the member changed by someone else (a cashier approved or rejected it,
 * its gateway confirmed the payment, a paid withdrawal was marked received after the merchant's minutes). Sent after
 * the commit; the page refetches the order.
 */
export type CashierOrderEvent = {
  kind: 'deposit' | 'withdrawal';
  orderNo: string;
  status: 'PAID' | 'APPROVED' | 'REJECTED' | 'AUTO_RECEIVED';
};

/**
 * `message.unread`: the member's unread internal messages changed (issue 22). A direct message carries the new count;
 * a broadcast (sent to the merchant's room, not counted per member) carries null and the client refetches its count.
 */
export type MessageUnreadEvent = { unreadMessage: number | null };

export type ServerToClientEvents = {
  'wallet.balance': (payload: Balance) => void;
  'cashier.order': (payload: CashierOrderEvent) => void;
  'message.unread': (payload: MessageUnreadEvent) => void;
};
export type ClientToServerEvents = Record<string, never>;
export const REALTIME_EVENTS = ['wallet.balance', 'cashier.order', 'message.unread'] as const;
