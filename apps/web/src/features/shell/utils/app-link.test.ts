import { describe, expect, it } from 'vitest';
import { appLink } from './app-link';

describe('app download link', () => {
  it('should carry the language, keeping the operator query', () => {
    expect(appLink('https://apps.example.com/dl?ch=web', 'TY')).toBe('https://apps.example.com/dl?ch=web&lang=TY');
  });

  it('should refuse a link that is not http(s)', () => {
    expect(appLink('javascript:alert(1)', 'EN')).toBeNull();
  });
});
