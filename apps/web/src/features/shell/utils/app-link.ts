import type { PermissionConfig, ResourceKind } from '@platform/contracts';
import { toSafeUrl } from '@/lib/customer-service';
import { resourcesOf } from '@/lib/config';

export type AppKind = Extract<ResourceKind, 'iOS' | 'Android' | 'LITE'>;
export const APP_KINDS: readonly AppKind[] = ['iOS', 'Android', 'LITE'];

/**
 * The download link carries the language (spec §1). The spec also puts the session token in it; we
 * never do (DESIGN.md §7): a logged-in user will get a one-time handoff code instead, once the identity
 * feature issues them. Until then the link carries only the language.
 */
export const appLink = (url: string, language: string): string | null => {
  const safe = toSafeUrl(url);
  if (!safe) return null;
  const link = new URL(safe);
  link.searchParams.set('lang', language);
  return link.href;
};

export type AppDownload = { kind: AppKind; href: string };

export const appDownloads = (config: PermissionConfig, language: string): AppDownload[] =>
  APP_KINDS.flatMap((kind) => {
    const entry = resourcesOf(config, kind)[0];
    const href = entry ? appLink(entry.url, language) : null;
    return href ? [{ kind, href }] : [];
  });
