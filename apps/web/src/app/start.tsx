import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SYSTEM_STATUS, type PermissionConfig } from '@platform/contracts';
import { getPermission } from '@/features/system/api/get-permission';
import { MaintenancePage } from '@/features/system/components/maintenance-page';
import { NetworkErrorPage } from '@/features/system/components/network-error-page';
import { prefetchHomeBanners } from '@/features/notices/api/notices-api';
import { RegionPage } from '@/features/system/components/region-page';
import { PageLoader } from '@/components/page-loader';
import { loadAnalytics } from '@/lib/analytics';
import { initI18n, prefetchStoredPack } from '@/lib/i18n/i18n';
import { BUILT_IN_LANGUAGES } from '@/lib/i18n/packs';
import { nextTask } from '@/lib/next-task';
import { local, type KeyValueStore } from '@/lib/storage';
import { receiveAppTabSession } from '@/lib/tab-handoff';
import { applyTheme, resolveTheme } from '@/lib/theme';
import { App } from './app';
import { createAppRouter, prefetchRoute, routeMatches, usesDefaultLayout } from './router';

const readOnly = (store: KeyValueStore): KeyValueStore => ({ ...store, setItem: () => undefined });

/**
 * Rendered as a transition: React then builds the first tree in slices of a few milliseconds, yielding to the browser
 * between them, instead of in one task long enough to hold up a tap on a phone. Only the commit is one piece.
 */
const render = (root: Root, node: ReactNode) =>
  startTransition(() => {
    root.render(<StrictMode>{node}</StrictMode>);
  });

/** What to show for a loaded configuration: a status page replaces the whole app (spec §1, §4). */
const screenFor = (config: PermissionConfig): ReactNode => {
  switch (config.status.status) {
    case SYSTEM_STATUS.MAINTENANCE:
      return <MaintenancePage config={config} />;
    case SYSTEM_STATUS.REGION_RESTRICTED:
      return <RegionPage config={config} />;
    default:
      // Created here, once: a router subscribes to history and must not be re-created by re-renders.
      return <App config={config} router={createAppRouter()} />;
  }
};

async function boot(root: Root): Promise<void> {
  // A tab the app opened (ADR 0022) receives its session before anything reads it; other tabs do not wait.
  const handoff = receiveAppTabSession();
  // The page's code and the language pack download while the configuration is fetched, not after it.
  const matches = routeMatches(window.location.pathname);
  prefetchRoute(matches);
  await nextTask();
  prefetchStoredPack();
  // The home banner is the first page's largest picture: its list (and then the picture) comes beside the configuration.
  if (usesDefaultLayout(matches)) prefetchHomeBanners();
  let config: PermissionConfig;
  try {
    config = await getPermission();
  } catch {
    // No configuration means no supported-language list: show the stored choice if we ship its pack,
    // without overwriting it (only the configuration may declare a stored language unsupported).
    applyTheme(resolveTheme('dark'));
    await initI18n({ default: 'EN', supported: BUILT_IN_LANGUAGES }, readOnly(local));
    render(root, <NetworkErrorPage onRetry={() => void retry(root)} />);
    return;
  }
  applyTheme(resolveTheme(config.brand.defaultTheme));
  await Promise.all([initI18n(config.language), handoff]);
  // Analytics only for a running site, and only when the operator configured an id.
  if (config.status.status === SYSTEM_STATUS.NORMAL) loadAnalytics(config.analytics.gtagId);
  render(root, screenFor(config));
}

async function retry(root: Root): Promise<void> {
  render(root, <PageLoader />);
  await boot(root);
}

/**
 * Start-up order (spec §4): the permission/configuration first (index.html shows a loader meanwhile),
 * then analytics, then the app, unless maintenance or a region block replaces it.
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  const root = createRoot(container);
  await boot(root);
  return root;
}
