import type { WhitelabelNode } from '@platform/contracts';
import type { WhitelabelModuleRow } from './merchant.types';

/** Deeper than any real site-setting tree; bounds the recursion whatever the rows say. */
const MAX_DEPTH = 16;

/**
 * Builds the whitelabel tree (spec §3: modId, enabled 1, childrenNodes) from rows in display order.
 * `enabled` is the effective value: a module under a disabled parent is reported disabled, so a client
 * that looks a module up anywhere in the tree gets the answer the operator meant.
 */
export const buildWhitelabelTree = (rows: readonly WhitelabelModuleRow[]): WhitelabelNode[] => {
  const ids = new Set(rows.map((row) => row.modId));
  const children = new Map<string | null, WhitelabelModuleRow[]>();
  for (const row of rows) {
    const parent = row.parentModId !== null && ids.has(row.parentModId) ? row.parentModId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const build = (parent: string | null, parentEnabled: boolean, depth: number): WhitelabelNode[] =>
    depth >= MAX_DEPTH
      ? []
      : (children.get(parent) ?? []).map((row) => {
          const enabled = parentEnabled && row.enabled;
          return { modId: row.modId, enabled: enabled ? 1 : 0, childrenNodes: build(row.modId, enabled, depth + 1) };
        });
  return build(null, true, 0);
};

/** Whether a module is effectively enabled; a module that is not configured is off. */
export const isModuleEnabled = (tree: readonly WhitelabelNode[], modId: string): boolean => {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === 1;
    if (isModuleEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
};
