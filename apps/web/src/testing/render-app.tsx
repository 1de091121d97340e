import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { STORAGE_KEYS, type MemberInfo, type PermissionConfig } from '@platform/contracts';
import { App } from '@/app/app';
import { routes } from '@/app/router';
import { fullPackReady, initI18n } from '@/lib/i18n/i18n';
import { SESSION_USER_KEY } from '@/lib/session';
import { makeConfig, makeMemberInfo } from './fixtures';

/** Desktop or phone width, as the side menu decides by media query. */
export function setViewport(wide: boolean) {
  stubMatchMedia(() => wide);
}

/** matchMedia that answers each query as `matches` says. */
export function stubMatchMedia(matches: (query: string) => boolean) {
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** A session as a login leaves it: token, and member info with the user type. */
export function signIn(userType = 0, user: Partial<MemberInfo> = {}) {
  window.sessionStorage.setItem(STORAGE_KEYS.token, 'test-session-token');
  window.sessionStorage.setItem(
    SESSION_USER_KEY,
    JSON.stringify(
      makeMemberInfo({ type: userType, isAgent: [1, 2, 41, 42].includes(userType), isTrial: userType === 4, ...user }),
    ),
  );
}

/** The running app at `path` (or a history entry with router state), with the real route table, layouts and guards. */
export async function renderApp(
  path: InitialEntry,
  config: PermissionConfig = makeConfig(),
  userOptions: Parameters<typeof userEvent.setup>[0] = {},
) {
  await initI18n(config.language);
  // Pages wait for the whole pack (router.tsx); so do components rendered on their own here.
  await fullPackReady();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(userOptions);
  const view = render(<App config={config} router={router} />);
  return { router, user, ...view };
}
