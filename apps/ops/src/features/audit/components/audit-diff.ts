/**
 * Before/after of an audit entry as rows a person can read: every leaf of either object by its dotted path
 * (`limits.max`, `hosts.0`), with its value before and after and what happened to it.
 */
export type DiffKind = 'added' | 'removed' | 'changed' | 'same';
export type DiffRow = { path: string; before: string | null; after: string | null; kind: DiffKind };

const MAX_ROWS = 500;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves by path; an empty object or array is a leaf of its own (shown as {} or []). */
const flatten = (value: unknown, prefix: string, into: Map<string, unknown>) => {
  if (into.size >= MAX_ROWS) return;
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix === '' ? key : `${prefix}.${key}`, into);
  } else if (Array.isArray(value) && value.length > 0) {
    value.forEach((child, index) => flatten(child, prefix === '' ? String(index) : `${prefix}.${index}`, into));
  } else {
    into.set(prefix, value);
  }
};

/** How a leaf shows: strings as they are, everything else as JSON. */
export const showValue = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

export const auditDiff = (before: unknown, after: unknown): DiffRow[] => {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', left);
  if (after !== null && after !== undefined) flatten(after, '', right);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  return paths.map((path) => {
    const inLeft = left.has(path);
    const inRight = right.has(path);
    const b = inLeft ? showValue(left.get(path)) : null;
    const a = inRight ? showValue(right.get(path)) : null;
    const kind: DiffKind = !inLeft ? 'added' : !inRight ? 'removed' : b === a ? 'same' : 'changed';
    return { path: path === '' ? '—' : path, before: b, after: a, kind };
  });
};
