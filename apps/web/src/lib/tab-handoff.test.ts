import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStore } from './storage';
import { HANDOFF_FRAGMENT, openAppTab, receiveAppTabSession } from './tab-handoff';

const TOKEN = 'a'.repeat(43);

const memoryStore = (entries: Record<string, string> = {}): KeyValueStore & { entries: Map<string, string> } => {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
};

/** Opens a tab from `opener` and answers the URL it was opened at. */
const openFrom = (opener: KeyValueStore, path = '/verify?round=1'): URL => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  openAppTab(path, opener);
  const [href, target, features] = open.mock.calls[0] ?? [];
  open.mockRestore();
  expect([target, features]).toEqual(['_blank', 'noopener']);
  return new URL(String(href));
};

/** This document plays the new tab: its address becomes the opened URL. */
const arriveAt = (url: URL) => window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);

describe('session handoff to tabs the app opens (ADR 0022)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('should hand the session to the opened tab once, with nothing of it in the address', async () => {
    const opener = memoryStore({ token: TOKEN, userInfo: '{"type":0}' });
    const url = openFrom(opener);
    expect(url.pathname + url.search).toBe('/verify?round=1');
    expect(url.hash).toMatch(new RegExp(`^#${HANDOFF_FRAGMENT}=[A-Za-z0-9_-]{43}$`));
    expect(url.href).not.toContain(TOKEN);

    arriveAt(url);
    const opened = memoryStore();
    expect(await receiveAppTabSession(opened)).toBe(true);
    expect(opened.entries.get('token')).toBe(TOKEN);
    expect(opened.entries.get('userInfo')).toBe('{"type":0}');
    expect(window.location.hash).toBe('');

    // The same key a second time (a copied address, a reload of the first entry) gets nothing.
    arriveAt(url);
    const again = memoryStore();
    expect(await receiveAppTabSession(again)).toBe(false);
    expect(again.entries.size).toBe(0);
  });

  it('should start logged out with a key no tab handed out', async () => {
    arriveAt(new URL(`http://localhost/verify#${HANDOFF_FRAGMENT}=${'b'.repeat(43)}`));
    const opened = memoryStore();
    expect(await receiveAppTabSession(opened)).toBe(false);
    expect(opened.entries.size).toBe(0);
  });

  it('should open another site, or open without a session, as a plain link', () => {
    const url = openFrom(memoryStore({ token: TOKEN }), 'https://elsewhere.example/verify');
    expect(url.href).toBe('https://elsewhere.example/verify');
    expect(openFrom(memoryStore(), '/verify').hash).toBe('');
  });
});
