import { describe, expect, it } from 'vitest';
import {
  categoryGamesFilter,
  categoryLobbyPath,
  chooseLobbyType,
  lobbyMenuOf,
  lobbyTypeOf,
  searchWithType,
} from './lobby-categories';
import { stepSlide, winnerSlides } from './winner-slides';

describe('lobby categories', () => {
  it('should put HOME and FAV before the categories, in the order given', () => {
    expect(lobbyMenuOf(['LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'BINGO'])).toEqual([
      'HOME',
      'FAV',
      'LIVE',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'BINGO',
    ]);
  });

  it('should start at HOME and read the category from the address', () => {
    expect(lobbyTypeOf(null, false, null)).toBe('HOME');
    expect(lobbyTypeOf('LIVE', false, null)).toBe('LIVE');
    expect(lobbyTypeOf('LIVE', false, ['LIVE'])).toBe('LIVE');
    expect(lobbyTypeOf('BINGO', false, ['LIVE'])).toBe('HOME');
    expect(lobbyTypeOf('NONSENSE', true, null)).toBe('HOME');
  });

  it('should treat FAV as HOME for a guest, and as FAV for a member', () => {
    expect(lobbyTypeOf('FAV', false, ['LIVE'])).toBe('HOME');
    expect(lobbyTypeOf('FAV', true, ['LIVE'])).toBe('FAV');
  });

  it('should send a guest choosing FAV back to HOME with the login popup', () => {
    expect(chooseLobbyType('FAV', false)).toEqual({ type: 'HOME', openLogin: true });
    expect(chooseLobbyType('FAV', true)).toEqual({ type: 'FAV', openLogin: false });
    expect(chooseLobbyType('RNG', false)).toEqual({ type: 'RNG', openLogin: false });
  });

  it('should keep other address parameters when the category changes', () => {
    expect(searchWithType('?affiliate=AB12', 'LIVE')).toBe('?affiliate=AB12&type=LIVE');
    expect(searchWithType('?type=LIVE&affiliate=AB12', 'HOME')).toBe('?affiliate=AB12');
    expect(searchWithType('?type=LIVE', 'HOME')).toBe('');
  });

  it("should link each category's more-games to its lobby page, narrowed to a vendor", () => {
    expect(categoryLobbyPath('LIVE')).toBe('/live');
    expect(categoryLobbyPath('RNG', 'PG')).toBe('/rng?vassalage=PG');
    expect(categoryLobbyPath('ESPORTS')).toBe('/esports');
    expect(categoryLobbyPath('LOTT')).toBe('/lott');
    expect(categoryLobbyPath('COCKFIGHT')).toBe('/?type=COCKFIGHT');
    expect(categoryLobbyPath('BINGO')).toBe('/?type=BINGO');
  });

  it('should list a split category one vendor at a time, as SPORTS games', () => {
    expect(categoryGamesFilter('LIVE', ['EVO', 'SA'], null)).toEqual({ gameType: 'LIVE' });
    expect(categoryGamesFilter('LIVE', ['EVO', 'SA'], 'SA')).toEqual({ gameType: 'LIVE', vassalage: 'SA' });
    expect(categoryGamesFilter('ESPORTS', ['TF', 'IA'], null)).toEqual({ gameType: 'SPORTS', vassalage: 'TF' });
    expect(categoryGamesFilter('COCKFIGHT', ['DS88'], 'DS88')).toEqual({ gameType: 'SPORTS', vassalage: 'DS88' });
    expect(categoryGamesFilter('COCKFIGHT', [], null)).toBeNull();
  });
});

describe('winner board slides', () => {
  it('should cut 20 winners into 5 slides of 4', () => {
    const slides = winnerSlides(Array.from({ length: 20 }, (_, index) => index));
    expect(slides).toHaveLength(5);
    expect(slides.map((slide) => slide.length)).toEqual([4, 4, 4, 4, 4]);
    expect(slides[4]).toEqual([16, 17, 18, 19]);
  });

  it('should show at most 20 winners, and a short last slide', () => {
    expect(winnerSlides(Array.from({ length: 25 }, (_, index) => index))).toHaveLength(5);
    expect(winnerSlides([1, 2, 3, 4, 5, 6]).map((slide) => slide.length)).toEqual([4, 2]);
    expect(winnerSlides([])).toEqual([]);
  });

  it('should wrap around at both ends', () => {
    expect(stepSlide(4, 1, 5)).toBe(0);
    expect(stepSlide(0, -1, 5)).toBe(4);
    expect(stepSlide(2, 1, 5)).toBe(3);
    expect(stepSlide(0, 1, 0)).toBe(0);
  });
});
