import { createContext, useContext, type ReactNode } from 'react';
import type { PermissionConfig, ResourceEntry, ResourceKind, WhitelabelNode } from '@platform/contracts';

/**
 * The permission/configuration response, loaded once before the app mounts (spec §4). Everything the
 * shell shows (brand, menus, resources, languages) comes from here, so it is available synchronously.
 */
const ConfigContext = createContext<PermissionConfig | null>(null);

export function ConfigProvider({ config, children }: { config: PermissionConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): PermissionConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside ConfigProvider');
  return config;
}

/** Resource entries of one kind that carry a usable URL. */
export const resourcesOf = (config: PermissionConfig, kind: ResourceKind): ResourceEntry[] =>
  (config.resources[kind] ?? []).filter((entry) => entry.url.trim() !== '');

/**
 * A whitelabel module is on when its node and every ancestor are enabled (value 1, spec §3): switching a
 * parent off switches its whole subtree off.
 */
export const isModuleEnabled = (tree: readonly WhitelabelNode[], modId: string): boolean => {
  for (const node of tree) {
    if (node.enabled !== 1) continue;
    if (node.modId === modId) return true;
    if (isModuleEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
};
