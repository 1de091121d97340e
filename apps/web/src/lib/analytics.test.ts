import { describe, expect, it } from 'vitest';
import { loadAnalytics } from './analytics';

const gtagScripts = () => document.head.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]');

describe('analytics', () => {
  it('should not load anything without a measurement id', () => {
    expect(loadAnalytics(null)).toBe(false);
    expect(gtagScripts()).toHaveLength(0);
  });

  it('should inject gtag.js once for a configured id', () => {
    expect(loadAnalytics('G-TEST1234')).toBe(true);
    loadAnalytics('G-TEST1234');
    expect(gtagScripts()).toHaveLength(1);
    expect(gtagScripts()[0]?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
    gtagScripts()[0]?.remove();
  });

  it('should refuse an id that is not shaped like one', () => {
    expect(loadAnalytics('"><script>')).toBe(false);
    expect(gtagScripts()).toHaveLength(0);
  });
});
