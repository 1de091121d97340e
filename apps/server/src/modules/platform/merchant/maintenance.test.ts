import { describe, expect, it } from 'vitest';
import { acceptedLanguageTags, isMaintenanceActive, maintenanceMessageFor } from './maintenance';
import type { Merchant } from './merchant.types';

const merchant = (overrides: Partial<Merchant> = {}) =>
  ({
    defaultLanguage: 'EN',
    maintenanceEnabled: true,
    maintenanceMessage: 'General',
    maintenanceStartsAt: null,
    maintenanceEndsAt: null,
    ...overrides,
  }) as Merchant;
const languages = [
  { code: 'EN', locale: 'en-US', label: 'English' },
  { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
];
const messages = [
  { lang: 'EN', message: 'Back soon' },
  { lang: 'TY', message: 'Babalik kami' },
];

describe('maintenance', () => {
  it('should be active only while on and inside its window', () => {
    const at = Date.parse('2026-05-01T10:00:00Z');
    const window = { maintenanceStartsAt: new Date(at), maintenanceEndsAt: new Date(at + 60_000) };
    expect(isMaintenanceActive(merchant(), at)).toBe(true);
    expect(isMaintenanceActive(merchant({ maintenanceEnabled: false }), at)).toBe(false);
    expect(isMaintenanceActive(merchant(window), at - 1)).toBe(false);
    expect(isMaintenanceActive(merchant(window), at)).toBe(true);
    expect(isMaintenanceActive(merchant(window), at + 60_000)).toBe(false);
  });

  it('should order Accept-Language tags by weight and drop refused and malformed ones', () => {
    expect(acceptedLanguageTags('en;q=0.5, fil-PH, de;q=0, x y, ja;q=0.8')).toEqual(['fil-ph', 'ja', 'en']);
    expect(acceptedLanguageTags(undefined)).toEqual([]);
    expect(acceptedLanguageTags(`${'en,'.repeat(1000)}fil`)).toEqual(Array(12).fill('en'));
  });

  it('should pick the message of the browser language, else the default language, else the general one', () => {
    const pick = (header: string | undefined, rows = messages, m = merchant()) =>
      maintenanceMessageFor(m, rows, languages, header);
    expect(pick('fil-PH,fil;q=0.9')).toBe('Babalik kami');
    expect(pick('fil')).toBe('Babalik kami');
    expect(pick('ty')).toBe('Babalik kami');
    expect(pick('de-DE,en-GB;q=0.5')).toBe('Back soon');
    expect(pick('de-DE')).toBe('Back soon');
    expect(pick('fil-PH', [{ lang: 'EN', message: 'Back soon' }])).toBe('Back soon');
    expect(pick('fil-PH', [])).toBe('General');
    expect(pick(undefined, [], merchant({ maintenanceMessage: null }))).toBeNull();
  });
});
