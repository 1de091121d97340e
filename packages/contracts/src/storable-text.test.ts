import { describe, expect, it } from 'vitest';
import { findUnstorableInRequest, findUnstorableText, isStorableText } from './storable-text';

describe('storable text', () => {
  it('should refuse U+0000 and lone surrogates, and keep pairs, accents and every other control character', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD800')).toBe(false);
    expect(isStorableText('x\uDC00y')).toBe(false);
    expect(isStorableText('\uDC00\uD800')).toBe(false);
    expect(isStorableText('😀 Café \t\n\u0001')).toBe(true);
  });

  it('should name the field that holds it, object keys included', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { b: 'x\u0000' }] })).toEqual({ kind: 'text', path: 'a.1.b' });
    expect(findUnstorableText({ ['k\uD800']: 1 })).toEqual({ kind: 'text', path: 'k?' });
    expect(findUnstorableText({ a: 1, b: [true, null, 'ok'] })).toBeUndefined();
  });

  it('should stop at its bounds instead of walking without end', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(findUnstorableText(deep)).toEqual({ kind: 'too-complex' });
    expect(findUnstorableText(new Array(300_000).fill(1))).toEqual({ kind: 'too-complex' });
  });

  it('should read a raw JSON body only for its escapes, and the path as the router decodes it', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const request = (body: unknown, url = '/a') => findUnstorableInRequest({ body, query: {}, params: {}, url });
    expect(request(bytes('{"a":"\\u0000"}'))).toEqual({ part: 'body', finding: { kind: 'text', path: 'a' } });
    expect(request('{"a":"\\udfff"}')?.part).toBe('body');
    expect(request(bytes('{"a":"\\\\u0000 is a backslash and text"}'))).toBeUndefined();
    expect(request(bytes('not json \\u0000'))).toBeUndefined();
    expect(request(undefined, '/wps/x%00y?z=1')?.part).toBe('path');
    expect(request(undefined, '/wps/%E0%A4%A')).toBeUndefined();
  });
});
