import { describe, expect, it } from 'vitest';
import { ROUTES } from '@platform/contracts';
import { ROUTE_TABLE } from './paths';

describe('route table', () => {
  it('should have exactly one entry for every client route of the contracts', () => {
    const paths = ROUTE_TABLE.map((entry) => entry.path);
    expect([...paths].sort()).toEqual(Object.values(ROUTES).sort());
  });

  it('should put the lottery family, in every spelling, on the game layout behind login', () => {
    const games = ROUTE_TABLE.filter((entry) => entry.page === 'lottery');
    expect(games.map((entry) => entry.path).sort()).toEqual(
      ['/lottery', '/seaLottery', '/vnLottery', '/lottert', '/vnlottery', '/sealottery'].sort(),
    );
    expect(games.every((entry) => entry.layout === 'game' && entry.guard === 'login')).toBe(true);
  });
});
