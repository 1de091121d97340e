import { describe, expect, it } from 'vitest';
import { labelKeyOf } from './language-labels';

describe('language label keys', () => {
  it('should find the name of a configured locale', () => {
    expect(labelKeyOf('fil-PH')).toBe('fil');
    expect(labelKeyOf('en-US')).toBe('en');
    expect(labelKeyOf('zh-CN')).toBe('zh');
  });

  it('should tell traditional Chinese apart', () => {
    expect(labelKeyOf('zh-TW')).toBe('zh-Hant');
    expect(labelKeyOf('zh-Hant-HK')).toBe('zh-Hant');
  });

  it('should return null for a language without a label', () => {
    expect(labelKeyOf('xx-YY')).toBeNull();
  });
});
