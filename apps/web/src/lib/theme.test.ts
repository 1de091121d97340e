import { describe, expect, it } from 'vitest';
import { chooseTheme, resolveTheme } from './theme';

describe('theme', () => {
  it('should start with the brand default when nothing is remembered', () => {
    expect(resolveTheme('light')).toBe('light');
  });

  it('should remember a choice across visits, over the brand default', () => {
    chooseTheme('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(resolveTheme('light')).toBe('dark');
  });

  it('should ignore a remembered value that is not a theme', () => {
    window.localStorage.setItem('theme', 'purple');
    expect(resolveTheme('light')).toBe('light');
  });
});
