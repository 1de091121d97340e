import { describe, expect, it } from 'vitest';
import { buildWhitelabelTree, isModuleEnabled } from './whitelabel-tree';

describe('buildWhitelabelTree', () => {
  const rows = [
    { modId: 'A', parentModId: null, enabled: true },
    { modId: 'B', parentModId: null, enabled: false },
    { modId: 'A1', parentModId: 'A', enabled: true },
    { modId: 'B1', parentModId: 'B', enabled: true },
    { modId: 'A1x', parentModId: 'A1', enabled: false },
  ];

  it('should nest children under their parents in row order', () => {
    expect(buildWhitelabelTree(rows)).toEqual([
      {
        modId: 'A',
        enabled: 1,
        childrenNodes: [{ modId: 'A1', enabled: 1, childrenNodes: [{ modId: 'A1x', enabled: 0, childrenNodes: [] }] }],
      },
      { modId: 'B', enabled: 0, childrenNodes: [{ modId: 'B1', enabled: 0, childrenNodes: [] }] },
    ]);
  });

  it('should report a module under a disabled parent as disabled', () => {
    const tree = buildWhitelabelTree(rows);
    expect(isModuleEnabled(tree, 'A1')).toBe(true);
    expect(isModuleEnabled(tree, 'B1')).toBe(false);
    expect(isModuleEnabled(tree, 'A1x')).toBe(false);
    expect(isModuleEnabled(tree, 'MISSING')).toBe(false);
  });

  it('should leave out rows that never reach a root (a cycle) instead of looping', () => {
    const tree = buildWhitelabelTree([
      { modId: 'X', parentModId: 'Y', enabled: true },
      { modId: 'Y', parentModId: 'X', enabled: true },
      { modId: 'R', parentModId: null, enabled: true },
    ]);
    expect(tree.map((node) => node.modId)).toEqual(['R']);
  });
});
