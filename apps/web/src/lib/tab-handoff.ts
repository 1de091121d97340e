import { STORAGE_KEYS } from '@platform/contracts';
import { session as sessionStore, type KeyValueStore } from './storage';
import { MUST_CHANGE_PASSWORD_KEY, SESSION_USER_KEY } from './session';

/**
 * The session of this tab, handed to a tab the app opens itself (ADR 0022). The token stays in session storage (spec
 * §4), so a tab a player opens by hand starts logged out; a tab the app opens (the round verifier of a game) gets the
 * session through a one-time handoff:
 *
 * 1. The opening tab makes a random 256-bit key, remembers it for HANDOFF_TTL_MS, and opens the page with the key in
 *    the fragment (`#tab-handoff=<key>`: a fragment never reaches a server, a referrer or a log) and with `noopener`.
 * 2. The new tab drops the fragment from its address, and asks on a BroadcastChannel of this origin for the session
 *    named by SHA-256 of the key (the key itself never crosses the channel).
 * 3. The opening tab answers once (the key is forgotten), with the session encrypted (AES-256-GCM) under the key: any
 *    other page of the origin listening on the channel sees only the hash and ciphertext.
 *
 * Without the opening tab alive, within the time, in a secure context, nothing is handed over: the tab starts logged out.
 */
export const HANDOFF_TTL_MS = 60_000;
/** How long a new tab waits for the opening tab's answer before it starts logged out. */
export const HANDOFF_WAIT_MS = 1_500;
export const HANDOFF_FRAGMENT = 'tab-handoff';
const CHANNEL = 'platform-tab-handoff';
const HANDED_KEYS = [STORAGE_KEYS.token, SESSION_USER_KEY, MUST_CHANGE_PASSWORD_KEY] as const;

type Request = { type: 'request'; id: string };
type Grant = { type: 'grant'; id: string; iv: string; data: string };

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const canHandOff = (): boolean =>
  typeof BroadcastChannel !== 'undefined' && typeof crypto !== 'undefined' && crypto.subtle !== undefined;

const idOf = async (key: Uint8Array<ArrayBuffer>): Promise<string> =>
  toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', key)));

const aesKey = (key: Uint8Array<ArrayBuffer>, use: 'encrypt' | 'decrypt') =>
  crypto.subtle.importKey('raw', key, 'AES-GCM', false, [use]);

/** Keys this tab handed out and not yet redeemed, by their id. */
const pending = new Map<string, { key: Uint8Array<ArrayBuffer>; expiresAtMs: number }>();
let answering: BroadcastChannel | null = null;

const answer = async (request: Request, store: KeyValueStore) => {
  const entry = pending.get(request.id);
  if (entry === undefined) return;
  pending.delete(request.id);
  if (entry.expiresAtMs < Date.now()) return;
  const session = Object.fromEntries(HANDED_KEYS.map((name) => [name, store.getItem(name)]));
  if (session[STORAGE_KEYS.token] === null) return;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await aesKey(entry.key, 'encrypt'),
    new TextEncoder().encode(JSON.stringify(session)),
  );
  const grant: Grant = {
    type: 'grant',
    id: request.id,
    iv: toBase64Url(iv),
    data: toBase64Url(new Uint8Array(sealed)),
  };
  answering?.postMessage(grant);
};

/**
 * Opens a page of this site in a new tab that starts with this tab's session. Only paths of this origin: anything
 * else opens as a plain link would, with no session. Call it from a click (a popup blocker allows that): the tab opens
 * in the same task.
 */
export const openAppTab = (href: string, store: KeyValueStore = sessionStore): void => {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin || !canHandOff() || store.getItem(STORAGE_KEYS.token) === null) {
    window.open(url.href, '_blank', 'noopener');
    return;
  }
  const key = crypto.getRandomValues(new Uint8Array(32));
  const now = Date.now();
  for (const [other, entry] of pending) if (entry.expiresAtMs < now) pending.delete(other);
  // The digest is ready long before the new tab has loaded and asks (it takes microseconds, a page load much longer).
  void idOf(key).then((id) => pending.set(id, { key, expiresAtMs: now + HANDOFF_TTL_MS }));
  if (answering === null) {
    answering = new BroadcastChannel(CHANNEL);
    answering.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data as Partial<Request> | null;
      if (data?.type === 'request' && typeof data.id === 'string') void answer(data as Request, store);
    };
  }
  url.hash = `${HANDOFF_FRAGMENT}=${toBase64Url(key)}`;
  window.open(url.href, '_blank', 'noopener');
};

/** The handoff key in this tab's address, removed from it (and from its history entry) as it is read. */
const takeFragmentKey = (): Uint8Array<ArrayBuffer> | null => {
  const match = new RegExp(`^#${HANDOFF_FRAGMENT}=([A-Za-z0-9_-]{43})$`).exec(window.location.hash);
  if (match?.[1] === undefined) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  try {
    return fromBase64Url(match[1]);
  } catch {
    return null;
  }
};

/**
 * At start-up, before the session is read: a tab opened by openAppTab receives the opening tab's session. Resolves
 * true when a session was stored; false at once when this tab was not opened so or already has a session.
 */
export const receiveAppTabSession = async (store: KeyValueStore = sessionStore): Promise<boolean> => {
  const key = takeFragmentKey();
  if (key === null || !canHandOff() || store.getItem(STORAGE_KEYS.token) !== null) return false;
  const id = await idOf(key);
  const channel = new BroadcastChannel(CHANNEL);
  try {
    const grant = await new Promise<Grant | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), HANDOFF_WAIT_MS);
      channel.onmessage = (event: MessageEvent<unknown>) => {
        const data = event.data as Partial<Grant> | null;
        if (data?.type !== 'grant' || data.id !== id) return;
        clearTimeout(timer);
        resolve(data as Grant);
      };
      const request: Request = { type: 'request', id };
      channel.postMessage(request);
    });
    if (grant === null) return false;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(grant.iv) },
      await aesKey(key, 'decrypt'),
      fromBase64Url(grant.data),
    );
    const session = JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
    for (const name of HANDED_KEYS) {
      const value = session[name];
      if (typeof value === 'string') store.setItem(name, value);
    }
    return typeof session[STORAGE_KEYS.token] === 'string';
  } catch {
    // A forged or damaged answer fails authentication (AES-GCM): the tab starts logged out.
    return false;
  } finally {
    channel.close();
  }
};
