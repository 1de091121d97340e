/**
 * Text PostgreSQL cannot store: U+0000 (text and jsonb refuse it) and a UTF-16 surrogate without its pair (it has no
 * UTF-8 form, so the driver cannot encode it). Both apps refuse such input at the edge with 400 INVALID_CHARACTERS
 * (DESIGN.md §14) instead of letting it reach a query and fail there as a 500.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** The walk's bounds: a 1 MB JSON body holds at most about half a million values; deeper than this is not a form. */
export const STORABLE_WALK_LIMITS = { maxDepth: 64, maxNodes: 200_000 } as const;

export type UnstorableFinding =
  /** A string (or an object key) at `path` cannot be stored. */
  | { kind: 'text'; path: string }
  /** The input is nested deeper, or holds more values, than any request of the platform does. */
  | { kind: 'too-complex' };

/** The path is echoed to the caller; a key can be long. */
const MAX_PATH_LENGTH = 200;

type Pending = { value: unknown; path: string; depth: number };

const childPath = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);

/**
 * The first string in `value` (keys included) that cannot be stored, walking iteratively (no recursion, so no input
 * can exhaust the stack) within STORABLE_WALK_LIMITS. undefined: everything in it can be stored.
 */
export const findUnstorableText = (
  value: unknown,
  limits: { maxDepth: number; maxNodes: number } = STORABLE_WALK_LIMITS,
): UnstorableFinding | undefined => {
  const stack: Pending[] = [{ value, path: '', depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop() as Pending;
    nodes += 1;
    if (nodes > limits.maxNodes || depth > limits.maxDepth) return { kind: 'too-complex' };
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { kind: 'text', path: path.slice(0, MAX_PATH_LENGTH) };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        stack.push({ value: current[i], path: childPath(path, i), depth: depth + 1 });
      }
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      for (const key of Object.keys(current)) {
        if (!isStorableText(key))
          return { kind: 'text', path: childPath(path, key.replace(/[^\x20-\x7e]/g, '?')).slice(0, MAX_PATH_LENGTH) };
        stack.push({ value: (current as Record<string, unknown>)[key], path: childPath(path, key), depth: depth + 1 });
      }
    }
  }
  return undefined;
};

export const INVALID_CHARACTERS_MESSAGE =
  'The request holds characters that cannot be saved (a NUL or a broken character)';

/** Whether raw bytes hold a `\u` escape: JSON can spell a NUL or a lone surrogate no other way. */
const hasUnicodeEscape = (bytes: Uint8Array): boolean => {
  for (let i = bytes.indexOf(0x5c); i !== -1 && i < bytes.length - 1; i = bytes.indexOf(0x5c, i + 1)) {
    if (bytes[i + 1] === 0x75) return true;
  }
  return false;
};

/**
 * A raw body (the signed vendor protocols and the gateway webhook keep their bytes, or their text, to check a
 * signature) is parsed as JSON only when it holds a `\u` escape: a raw control byte is not valid JSON, and invalid
 * UTF-8 decodes to U+FFFD. A text body is also checked as it stands.
 */
const rawBodyValues = (body: Uint8Array | string): unknown[] => {
  const text = typeof body === 'string' ? body : hasUnicodeEscape(body) ? new TextDecoder().decode(body) : '';
  const values: unknown[] = typeof body === 'string' ? [body] : [];
  if (!text.includes('\\u')) return values;
  try {
    values.push(JSON.parse(text));
  } catch {
    // not JSON: the route refuses it as it always did
  }
  return values;
};

/** The path as the router decoded it; only a path with a percent sign can spell a NUL or a surrogate. */
const decodedPath = (url: string): string | undefined => {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return undefined;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined; // malformed escapes: the router answers them itself
  }
};

export type RequestPart = 'body' | 'query' | 'params' | 'path';
export type RequestInput = { body: unknown; query: unknown; params: unknown; url: string };

/** The first part of a request holding text no table can store (the edge guard of both apps, DESIGN.md §14). */
export const findUnstorableInRequest = (
  request: RequestInput,
): { part: RequestPart; finding: UnstorableFinding } | undefined => {
  const { body } = request;
  const raw = body instanceof Uint8Array || typeof body === 'string';
  const parts: [RequestPart, unknown][] = [
    ...(raw ? rawBodyValues(body) : [body]).map((value): [RequestPart, unknown] => ['body', value]),
    ['query', request.query],
    ['params', request.params],
    ['path', decodedPath(request.url)],
  ];
  for (const [part, value] of parts) {
    const finding = findUnstorableText(value);
    if (finding !== undefined) return { part, finding };
  }
  return undefined;
};
