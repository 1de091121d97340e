import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { crashChain, crashPointE2, minePositions, playPlinko, playSlot, type FairInput } from '@platform/game-math';
import { mockApi } from '@/testing/api-mock';
import { renderApp, setViewport } from '@/testing/render-app';

const SERVER_SEED = '3f1c0e5a9b7d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4';
const CLIENT_SEED = 'lucky-client-seed';
/**
 * An independent vector, computed with node:crypto from the published rule (not with game-math):
 * sha256(serverSeed), and the dice roll floor(float0 × 10001) of HMAC-SHA256(serverSeed, "lucky-client-seed:7:0").
 */
const SERVER_SEED_HASH = '2cb74df79008f9cb7a7e8c5315904a69243a16fc86080743aab5e0247fae7968';
const DICE_ROLL_NONCE_7 = '6.66';

const verifyLink = (family: string, params: unknown, extra: Record<string, string> = {}) =>
  `/verify?${new URLSearchParams({
    family,
    serverSeed: SERVER_SEED,
    clientSeed: CLIENT_SEED,
    nonce: '7',
    params: JSON.stringify(params),
    ...extra,
  }).toString()}`;

const input: FairInput = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 7 };

describe('the round verifier /verify', () => {
  beforeEach(() => {
    setViewport(true);
    mockApi({});
  });

  it('should recompute a dice round from a link and confirm the server seed against its hash', async () => {
    await renderApp(
      verifyLink('dice', { target: 5000, over: false, bet: '1.00' }, { serverSeedHash: SERVER_SEED_HASH }),
    );
    const result = within(await screen.findByTestId('verify-result', {}, { timeout: 4000 }));
    expect(result.getByTestId('verify-dice-roll')).toHaveTextContent(DICE_ROLL_NONCE_7);
    // 6.66 is under 50.00: a win at floor(0.99 × 10001 / 5000) = ×1.9801, paying 1.98 on 1.00.
    expect(result.getByTestId('verify-dice-verdict')).toHaveTextContent('Win: ×1.9801, pays 1.98');
    const hash = screen.getByTestId('verify-hash-status');
    expect(hash).toHaveAttribute('data-match', 'true');
    expect(hash).toHaveTextContent('matches');
    expect(screen.getByTestId('verify-family-dice')).toHaveAttribute('aria-selected', 'true');
  });

  it('should say so when the server seed does not match the hash shown before play', async () => {
    const { user } = await renderApp(
      verifyLink('dice', { target: 5000, over: true }, { serverSeedHash: SERVER_SEED_HASH.replace(/^2c/, '3c') }),
    );
    const hash = await screen.findByTestId('verify-hash-status', {}, { timeout: 4000 });
    expect(hash).toHaveAttribute('data-match', 'false');
    expect(hash).toHaveTextContent('does not match');
    expect(hash).toHaveTextContent(SERVER_SEED_HASH);
    // Pasting the right hash turns it into a match.
    const field = screen.getByTestId('verify-server-seed-hash');
    await user.clear(field);
    await user.paste(SERVER_SEED_HASH);
    await waitFor(() => expect(screen.getByTestId('verify-hash-status')).toHaveAttribute('data-match', 'true'));
  });

  it('should show each field what is wrong, and recompute as the player types', async () => {
    const { user } = await renderApp('/verify?family=dice');
    expect(await screen.findByTestId('verify-waiting', {}, { timeout: 4000 })).toBeVisible();
    await user.type(screen.getByTestId('verify-server-seed'), 'xyz');
    expect(await screen.findByText('A server seed is 64 characters 0-9 and a-f.')).toBeVisible();
    await user.clear(screen.getByTestId('verify-server-seed'));
    await user.paste(SERVER_SEED);
    await user.click(screen.getByTestId('verify-client-seed'));
    await user.paste(CLIENT_SEED);
    await user.clear(screen.getByTestId('verify-nonce'));
    await user.type(screen.getByTestId('verify-nonce'), '7');
    expect(await screen.findByTestId('verify-dice-roll')).toHaveTextContent(DICE_ROLL_NONCE_7);
  });

  it('should lay out the mines board of the round: mines, safe picks and the mine that was hit', async () => {
    const mines = minePositions(input, 5);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    const picks = [safe[0]!, safe[1]!, mines[0]!];
    await renderApp(verifyLink('mines', { mineCount: 5, picks, bet: '2.00' }));
    await screen.findByTestId('verify-mines-board', {}, { timeout: 4000 });
    const states = Array.from({ length: 25 }, (_, tile) =>
      screen.getByTestId(`verify-mine-${tile}`).getAttribute('data-state'),
    );
    expect(states.flatMap((state, tile) => (state === 'mine' || state === 'hit' ? [tile] : []))).toEqual(mines);
    expect(states[mines[0]!]).toBe('hit');
    expect(states[safe[0]!]).toBe('safe');
    expect(states[safe[1]!]).toBe('safe');
    expect(screen.getByTestId('verify-mines-verdict')).toHaveTextContent('Pick 3 hit a mine');
  });

  it("should show the plinko ball's bucket and the slot round's grid as game-math plays them", async () => {
    const plinko = playPlinko(input, { betMinor: 100n, rows: 12, risk: 'high' });
    const { unmount } = await renderApp(verifyLink('plinko', { rows: 12, risk: 'high', bet: '1.00' }));
    expect(await screen.findByTestId('verify-plinko-bucket', {}, { timeout: 4000 })).toHaveTextContent(
      `Bucket ${plinko.bucket}:`,
    );
    expect(screen.getByTestId('verify-plinko-path').children).toHaveLength(12);
    unmount();

    const slot = playSlot(input, { lineBetMinor: 10n });
    await renderApp(verifyLink('slot', { lineBet: '0.10' }));
    const grids = await screen.findAllByTestId('verify-slot-grid', {}, { timeout: 4000 });
    expect(grids).toHaveLength(slot.spins.length);
    const shown = within(grids[0]!)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.getAttribute('data-symbol')),
      );
    // Rows on screen, reels across: grid[reel][row] as the engine returns it.
    expect(shown).toEqual([0, 1, 2].map((row) => slot.spins[0]!.grid.map((reel) => reel[row])));
    expect(screen.getAllByTestId('verify-slot-line')).toHaveLength(
      slot.spins.reduce((count, spin) => count + spin.lineWins.length, 0),
    );
  });

  it("should compute a crash round's point and find its round number in the published chain", async () => {
    const chain = crashChain(SERVER_SEED, 10);
    const terminating = chain[9]!;
    const roundHash = chain[6]!; // round 3: chain[length - 1 - 3]
    const point = crashPointE2(roundHash, 'public-salt');
    await renderApp(
      `/verify?${new URLSearchParams({
        family: 'crash',
        params: JSON.stringify({ roundHash, salt: 'public-salt', terminatingHash: terminating }),
      }).toString()}`,
    );
    const expected = `${Math.floor(point / 100)}.${String(point % 100).padStart(2, '0')}`;
    expect(await screen.findByTestId('verify-crash-point', {}, { timeout: 4000 })).toHaveTextContent(
      `Crashed at ${expected}×`,
    );
    expect(await screen.findByText('This hash is round 3 of the published chain.')).toBeVisible();
  });

  it('should read a crash round linked the way the RGS links it (hash, salt and terminatingHash at the top level)', async () => {
    const chain = crashChain(SERVER_SEED, 10);
    const roundHash = chain[8]!; // round 1
    const point = crashPointE2(roundHash, 'rgs-salt');
    await renderApp(
      `/verify?${new URLSearchParams({
        family: 'crash',
        hash: roundHash,
        salt: 'rgs-salt',
        terminatingHash: chain[9]!,
        round: '1',
      }).toString()}`,
    );
    const expected = `${Math.floor(point / 100)}.${String(point % 100).padStart(2, '0')}`;
    expect(await screen.findByTestId('verify-crash-point', {}, { timeout: 4000 })).toHaveTextContent(
      `Crashed at ${expected}×`,
    );
    expect(await screen.findByText('This hash is round 1 of the published chain.')).toBeVisible();
  });
});
