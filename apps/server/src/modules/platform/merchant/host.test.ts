import { describe, expect, it } from 'vitest';
import { normalizeHost } from './host';

describe('normalizeHost', () => {
  it.each([
    ['localhost:8080', 'localhost'],
    ['Lucky.Example', 'lucky.example'],
    ['lucky.example.:443', 'lucky.example'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:8080', '::1'],
    ['[::1', ''],
    ['', ''],
  ])('should turn %j into %j', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });
});
