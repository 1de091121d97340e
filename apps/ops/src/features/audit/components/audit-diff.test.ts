import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff';

describe('audit diff', () => {
  it('should list every field by path with what happened to it', () => {
    const rows = auditDiff(
      { status: 'PENDING', amount: '10.00', limits: { min: 1, max: 5 }, tags: ['a'], note: 'x' },
      { status: 'APPROVED', amount: '10.00', limits: { min: 1, max: 9 }, tags: ['a', 'b'], decidedBy: 'ann' },
    );
    expect(rows).toEqual([
      { path: 'status', before: 'PENDING', after: 'APPROVED', kind: 'changed' },
      { path: 'amount', before: '10.00', after: '10.00', kind: 'same' },
      { path: 'limits.min', before: '1', after: '1', kind: 'same' },
      { path: 'limits.max', before: '5', after: '9', kind: 'changed' },
      { path: 'tags.0', before: 'a', after: 'a', kind: 'same' },
      { path: 'note', before: 'x', after: null, kind: 'removed' },
      { path: 'tags.1', before: null, after: 'b', kind: 'added' },
      { path: 'decidedBy', before: null, after: 'ann', kind: 'added' },
    ]);
  });

  it('should show a created object as all added and a deleted one as all removed', () => {
    expect(auditDiff(null, { title: 'Hi', enabled: true })).toEqual([
      { path: 'title', before: null, after: 'Hi', kind: 'added' },
      { path: 'enabled', before: null, after: 'true', kind: 'added' },
    ]);
    expect(auditDiff({ title: 'Hi' }, null)).toEqual([{ path: 'title', before: 'Hi', after: null, kind: 'removed' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('should keep null values and empty objects as values of their own', () => {
    expect(auditDiff({ reason: null, meta: {} }, { reason: 'late', meta: {} })).toEqual([
      { path: 'reason', before: 'null', after: 'late', kind: 'changed' },
      { path: 'meta', before: '{}', after: '{}', kind: 'same' },
    ]);
  });
});
