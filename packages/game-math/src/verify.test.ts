import { describe, expect, it } from 'vitest';
import { crashChain, crashPointE2, crashRoundHash } from './crash';
import { playDice } from './dice';
import { GameInputError } from './errors';
import { revealMines } from './mines';
import { playPlinko } from './plinko';
import { hashServerSeed, type Family } from './rng';
import { playSlot } from './slot';
import { SEED_A, SEED_B } from './test-reference';
import { verifyCrashRound, verifyRound } from './verify';

const input = { serverSeed: SEED_B, clientSeed: 'verify-me', nonce: 42 };

describe('round verification', () => {
  it('should reproduce what each game produced from the revealed seed', () => {
    expect(verifyRound('slot', input, { lineBetMinor: 5n })).toEqual(playSlot(input, { lineBetMinor: 5n }));
    const dice = { betMinor: 250n, target: 4550, over: true };
    expect(verifyRound('dice', input, dice)).toEqual(playDice(input, dice));
    const plinko = { betMinor: 1000n, rows: 12, risk: 'medium' as const };
    expect(verifyRound('plinko', input, plinko)).toEqual(playPlinko(input, plinko));
    const mines = verifyRound('mines', input, { mineCount: 3, picks: [0, 6, 12] });
    const played = revealMines(input, 3, [0, 6, 12]);
    expect({ ...mines, payoutMinor: undefined }).toEqual({ ...played, payoutMinor: undefined });
    expect(mines.payoutMinor(700n)).toBe(played.payoutMinor(700n));
  });

  it('should give a different outcome for a different seed, so a swapped seed shows', () => {
    const other = { ...input, serverSeed: SEED_A };
    expect(hashServerSeed(other.serverSeed)).not.toBe(hashServerSeed(input.serverSeed));
    const rolls = [input, other].map((each) => verifyRound('plinko', each, { betMinor: 1n, rows: 16, risk: 'low' }));
    expect(rolls[0]!.path).not.toEqual(rolls[1]!.path);
  });

  it('should refuse an unknown family', () => {
    expect(() => verifyRound('roulette' as Family, input, { lineBetMinor: 1n } as never)).toThrow(GameInputError);
  });

  it('should place a crash round in the published chain and give its point', () => {
    const chain = crashChain(SEED_A, 50);
    const hash = crashRoundHash(chain, 7);
    expect(verifyCrashRound({ roundHash: hash, salt: 'salt', terminatingHash: chain[49]!, maxSteps: 100 })).toEqual({
      round: 7,
      pointE2: crashPointE2(hash, 'salt'),
    });
    const foreign = crashChain(SEED_B, 5)[2]!;
    expect(
      verifyCrashRound({ roundHash: foreign, salt: 'salt', terminatingHash: chain[49]!, maxSteps: 100 }).round,
    ).toBeNull();
  });
});
