import type { Balance, CashierOrderEvent } from '@platform/contracts';

type Listener = (payload: never) => void;

/**
 * Stands in for socket.io-client in unit tests (registered in setup.ts): records the sockets the app opens and lets a
 * test deliver server events to them. The browser tests use the real client against the real server.
 */
export class FakeSocket {
  readonly listeners = new Map<string, Listener[]>();
  closed = false;
  constructor(readonly options: { path?: string; auth?: { token?: string } }) {}
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  close() {
    this.closed = true;
    return this;
  }
  deliver(event: 'wallet.balance', payload: Balance): void;
  deliver(event: 'cashier.order', payload: CashierOrderEvent): void;
  deliver(event: string, payload: Balance | CashierOrderEvent) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (value: typeof payload) => void)(payload);
  }
}

export const sockets: FakeSocket[] = [];
export const io = (options: ConstructorParameters<typeof FakeSocket>[0]) => {
  const socket = new FakeSocket(options);
  sockets.push(socket);
  return socket;
};
/** The socket the app opened last (the open one, when the test logged in once). */
export const lastSocket = (): FakeSocket | undefined => sockets.at(-1);
