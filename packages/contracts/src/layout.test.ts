import { describe, expect, it } from 'vitest';
import { layoutOf, ROUTES } from './paths';

describe('layoutOf', () => {
  it('should put the agent pages, the lottery game pages and the game page in their own layouts', () => {
    expect(layoutOf(ROUTES.agent)).toBe('agent');
    expect(layoutOf(ROUTES.agentHome)).toBe('agent');
    for (const path of [ROUTES.lottery, ROUTES.seaLottery, ROUTES.vnLottery, ROUTES.lottert, ROUTES.vnlottery]) {
      expect(layoutOf(path), path).toBe('game');
    }
    expect(layoutOf(ROUTES.seamless)).toBe('seamless');
  });

  it('should match as the router does: any case, with or without a trailing slash', () => {
    expect(layoutOf('/SEAMLESS/')).toBe('seamless');
    expect(layoutOf('/AgentHome')).toBe('agent');
    expect(layoutOf('/vnLottery/')).toBe('game');
  });

  it('should give every other path the default layout, unknown ones and deeper ones included', () => {
    for (const path of ['/', ROUTES.live, ROUTES.member, ROUTES.verify, '/no-such-page', '/seamless/more', '//']) {
      expect(layoutOf(path), path).toBe('default');
    }
  });
});
