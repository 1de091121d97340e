import { describe, expect, it } from 'vitest';
import { noticeAudience, winFilterOf } from './content.service';
import { maskName } from './mask-name';

describe('maskName', () => {
  it.each([
    ['demo_member', 'de***er'],
    ['abcdefgh', 'ab***gh'],
    ['abcdefg', 'a***g'],
    ['abcde', 'a***e'],
    ['abcd', 'a***'],
    ['ab', 'a***'],
    ['a', 'a***'],
    ['', '***'],
    ['  padded_name  ', 'pa***me'],
    ['máriaclara', 'má***ra'],
    ['玩家一二三四五六', '玩家***五六'],
  ])('should show %j as %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it('should hide at least three characters of any name of five or more, and never tell the length', () => {
    for (let length = 5; length <= 40; length += 1) {
      const name = 'x'.repeat(length - 1) + 'y';
      const masked = maskName(name);
      const shown = masked.replace('***', '').length;
      expect(length - shown, name).toBeGreaterThanOrEqual(3);
      expect(masked.length).toBeLessThanOrEqual(7);
    }
  });
});

describe('noticeAudience', () => {
  it('should give a guest the guest audience whatever it asks for', () => {
    for (const asked of ['A', 'B', 'F'] as const) expect(noticeAudience('GUEST', asked)).toEqual(['B']);
  });

  it('should give a member the member audience whatever it asks for', () => {
    for (const asked of ['A', 'B', 'F'] as const) expect(noticeAudience('MEMBER', asked)).toEqual(['A']);
  });

  it('should add the first-login audience on the first login, or give it alone when asked', () => {
    expect(noticeAudience('FIRST_LOGIN', 'A')).toEqual(['A', 'F']);
    expect(noticeAudience('FIRST_LOGIN', 'B')).toEqual(['A', 'F']);
    expect(noticeAudience('FIRST_LOGIN', 'F')).toEqual(['F']);
  });
});

describe('winFilterOf', () => {
  const merchant = { esportGame: 'TF, ia', cockfightGame: 'DS88' };
  it('should split sports into e-sports and cock-fighting by the merchant lists', () => {
    expect(winFilterOf(merchant, 'ESPORTS')).toEqual({ gameType: 'SPORTS', vendorIn: ['TF', 'IA'], vendorNotIn: null });
    expect(winFilterOf(merchant, 'COCKFIGHT')).toEqual({ gameType: 'SPORTS', vendorIn: ['DS88'], vendorNotIn: null });
    expect(winFilterOf(merchant, 'SPORTS')).toEqual({
      gameType: 'SPORTS',
      vendorIn: null,
      vendorNotIn: ['TF', 'IA', 'DS88'],
    });
    expect(winFilterOf(merchant, 'LIVE')).toEqual({ gameType: 'LIVE', vendorIn: null, vendorNotIn: null });
    expect(winFilterOf(merchant, 'ALL')).toEqual({ gameType: null, vendorIn: null, vendorNotIn: null });
  });
});
