import { describe, expect, it } from 'vitest';
import { isModuleEnabled } from './config';

describe('whitelabel modules', () => {
  const tree = [
    {
      modId: 'ROOT',
      enabled: 1 as const,
      childrenNodes: [{ modId: 'PTSYS3', enabled: 1 as const, childrenNodes: [] }],
    },
    {
      modId: 'OFF',
      enabled: 0 as const,
      childrenNodes: [{ modId: 'AGENTPOLICY3', enabled: 1 as const, childrenNodes: [] }],
    },
  ];

  it('should find an enabled module in the tree', () => {
    expect(isModuleEnabled(tree, 'PTSYS3')).toBe(true);
  });

  it('should treat a module under a disabled parent as disabled', () => {
    expect(isModuleEnabled(tree, 'AGENTPOLICY3')).toBe(false);
  });

  it('should treat an absent module as disabled', () => {
    expect(isModuleEnabled(tree, 'MANPLAYREB3')).toBe(false);
  });
});
