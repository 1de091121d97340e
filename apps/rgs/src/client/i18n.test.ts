import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, translate } from './i18n';

/**
 * Names and terms a Filipino player reads as they are: Plinko (the catalogue's TY name too), and loanwords of the trade
 * (the round, autoplay, jackpot, nonce).
 */
const SAME_IN_BOTH = new Set(['game.rgs-plinko', 'autoplay', 'jackpot', 'nonce', 'round', 'replayTitle']);

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

describe('game client strings', () => {
  it('should fill every key in EN and TY, with the same placeholders', () => {
    expect(MESSAGE_KEYS.length).toBeGreaterThan(100);
    for (const key of MESSAGE_KEYS) {
      const en = translate('en', key);
      const ty = translate('ty', key);
      expect(en.trim(), key).not.toBe('');
      expect(ty.trim(), key).not.toBe('');
      expect(placeholders(ty), key).toEqual(placeholders(en));
    }
  });

  it('should translate every TY string but names and terms of the trade', () => {
    const untranslated = MESSAGE_KEYS.filter((key) => translate('ty', key) === translate('en', key));
    expect(untranslated.filter((key) => !SAME_IN_BOTH.has(key))).toEqual([]);
  });
});
