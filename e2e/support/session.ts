import type { Page } from 'playwright-core';
import { API, sealPayload, type PublicKeyInfo } from '@platform/contracts';

type Envelope<T> = { success: boolean; value?: T; message?: string; code?: string };

/**
 * Logs in over the API the way the web app does (a sealed payload for the server's public key) and returns the
 * session token, so a browser test can start as a signed-in member without replaying the login form each time.
 */
export const apiLogin = async (
  baseUrl: string,
  username: string,
  password: string,
  side: 'member' | 'agent' = 'member',
): Promise<string> => {
  const keyResponse = (await (await fetch(`${baseUrl}${API.system.publicKey}`)).json()) as Envelope<
    PublicKeyInfo & { serverTimeMs?: number }
  >;
  if (!keyResponse.value) throw new Error('no public key');
  // Sealed with the server's time, as the web app does: a platform on a moved clock takes it too.
  const credentials = { type: 'username', username, password, side };
  const sealed = await sealPayload(keyResponse.value, credentials, keyResponse.value.serverTimeMs ?? Date.now());
  const response = await fetch(`${baseUrl}${API.session.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.250' },
    body: JSON.stringify(sealed),
  });
  const body = (await response.json()) as Envelope<{ token: string }>;
  if (!body.success || !body.value) throw new Error(`login failed: ${body.code} ${body.message}`);
  return body.value.token;
};

/**
 * Makes every page of `page`'s context start signed in as the member of `token` (a player), in `language` and `theme`,
 * as the web app keeps them; a page that signs out keeps its own session storage from then on.
 */
export const signInPage = (
  page: Page,
  token: string,
  view: { language: string; theme: 'light' | 'dark' },
): Promise<unknown> =>
  page.context().addInitScript(
    ({ value, language, theme }) => {
      localStorage.setItem('lang', language);
      localStorage.setItem('theme', theme);
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', value);
        sessionStorage.setItem('userInfo', JSON.stringify({ type: 0 }));
      }
    },
    { value: token, language: view.language, theme: view.theme },
  );
