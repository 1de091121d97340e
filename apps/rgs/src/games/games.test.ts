import { parseMoney } from '@platform/contracts';
import {
  hashServerSeed,
  minePositions,
  playDice,
  playPlinko,
  playSlot,
  revealMines,
  slotTotalBetMinor,
  verifyRound,
  type PlinkoRisk,
} from '@platform/game-math';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoundView } from '../rounds/rounds';
import { describeEachDatabase } from '../test/databases';
import { startHarness, type Harness } from '../test/harness';
import type { PlayResult } from './context';

const minor = (text: string): bigint => parseMoney(text, 2, { allowZero: true });
type Fair = { serverSeedHash: string; clientSeed: string; nonce: number };
type Rotation = {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
  current: Fair;
};

describeEachDatabase('games', (getDb) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(getDb());
  });
  afterAll(async () => {
    await h.close();
  });

  it('should debit a slot spin, then credit its win with endRound, and move the balance by exactly win - bet', async () => {
    const { session } = await h.launch('rgs-lucky-lanterns', { playerId: 'Pslot1', balance: '100.00' });
    const fair = await h.request<Fair>('GET', '/rgs/v1/fair?family=slot', session);
    const spin = await h.request<PlayResult>('POST', '/rgs/v1/slot/spin', session, { lineBet: '0.05' });
    expect(spin.status).toBe(200);
    const round = spin.body.value.round;
    expect(round.bet).toBe('1.00');
    expect(round.fair).toMatchObject({ serverSeedHash: fair.body.value.serverSeedHash, nonce: 0, serverSeed: null });
    const calls = h.platform.callsFor(round.roundId);
    expect(calls.map((call) => call.op)).toEqual(['debit', 'credit']);
    expect(calls[0]!.body).toMatchObject({ amount: '1.00', gameCode: 'rgs-lucky-lanterns', playerId: 'Pslot1' });
    expect(calls[1]!.body).toMatchObject({
      amount: round.win,
      endRound: true,
      betTransactionId: calls[0]!.body.transactionId,
    });
    const expected = 10_000n - 100n + minor(round.win);
    expect(minor(h.platform.balanceOf('Pslot1'))).toBe(expected);
    expect(minor(spin.body.value.balance!)).toBe(expected);
    expect(spin.body.value.fair.nonce).toBe(1);
  });

  it('should refuse a slot bet level that is not offered, without calling the platform', async () => {
    const { session } = await h.launch('rgs-lucky-lanterns', { playerId: 'Pslot2' });
    const spin = await h.request('POST', '/rgs/v1/slot/spin', session, { lineBet: '0.03' });
    expect(spin.status).toBe(400);
    expect(h.platform.calls.filter((call) => call.op === 'debit' && call.body.playerId === 'Pslot2')).toHaveLength(0);
  });

  it('should refuse a bet the platform cannot cover, showing the balance it answered, and leave no round', async () => {
    const { session } = await h.launch('rgs-dice', { playerId: 'Pdice0', balance: '0.50' });
    const roll = await h.request('POST', '/rgs/v1/dice/roll', session, { amount: '1.00', target: 5000, over: true });
    expect(roll.status).toBe(402);
    expect(roll.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(roll.body.value).toMatchObject({ balance: '0.50' });
    const recall = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds', session);
    expect(recall.body.value.rounds).toHaveLength(0);
    const fair = await h.request<Fair>('GET', '/rgs/v1/fair?family=dice', session);
    expect(fair.body.value.nonce).toBe(0);
  });

  it('should reproduce every round of every seeded game from the revealed seed with game-math (verifier)', async () => {
    const plays: { family: 'slot' | 'dice' | 'plinko'; session: string; roundIds: string[] }[] = [];
    const slot = await h.launch('rgs-lucky-lanterns', { playerId: 'Pverify', balance: '1000.00' });
    const dice = await h.launch('rgs-dice', { playerId: 'Pverify' });
    const plinko = await h.launch('rgs-plinko', { playerId: 'Pverify' });
    const slotIds: string[] = [];
    for (const lineBet of ['0.01', '0.10', '0.05', '0.01', '0.02']) {
      const spin = await h.request<PlayResult>('POST', '/rgs/v1/slot/spin', slot.session, { lineBet });
      expect(spin.status).toBe(200);
      slotIds.push(spin.body.value.round.roundId);
    }
    plays.push({ family: 'slot', session: slot.session, roundIds: slotIds });
    const diceIds: string[] = [];
    for (const [target, over] of [
      [5000, true],
      [2500, false],
      [9000, true],
      [100, false],
    ] as const) {
      const roll = await h.request<PlayResult>('POST', '/rgs/v1/dice/roll', dice.session, {
        amount: '2.00',
        target,
        over,
      });
      expect(roll.status).toBe(200);
      diceIds.push(roll.body.value.round.roundId);
    }
    plays.push({ family: 'dice', session: dice.session, roundIds: diceIds });
    const plinkoIds: string[] = [];
    for (const [rows, risk] of [
      [8, 'low'],
      [16, 'high'],
      [12, 'medium'],
    ] as const) {
      const drop = await h.request<PlayResult>('POST', '/rgs/v1/plinko/drop', plinko.session, {
        amount: '1.50',
        rows,
        risk,
      });
      expect(drop.status).toBe(200);
      plinkoIds.push(drop.body.value.round.roundId);
    }
    plays.push({ family: 'plinko', session: plinko.session, roundIds: plinkoIds });

    for (const play of plays) {
      const before = await h.request<{ rounds: RoundView[] }>(
        'GET',
        `/rgs/v1/rounds?family=${play.family}`,
        play.session,
      );
      // Before rotation the recall shows the commitment only.
      expect(
        before.body.value.rounds.every((round) => round.fair?.serverSeed === null && round.verifyUrl === null),
      ).toBe(true);
      const rotation = await h.request<Rotation>('POST', '/rgs/v1/fair/rotate', play.session, { family: play.family });
      expect(rotation.status).toBe(200);
      const { revealed } = rotation.body.value;
      expect(revealed.rounds).toBe(play.roundIds.length);
      const recall = await h.request<{ rounds: RoundView[] }>(
        'GET',
        `/rgs/v1/rounds?family=${play.family}`,
        play.session,
      );
      const rounds = recall.body.value.rounds;
      expect(rounds.map((round) => round.roundId)).toEqual([...play.roundIds].reverse());
      for (const round of rounds) {
        expect(round.fair!.serverSeed).toBe(revealed.serverSeed);
        expect(hashServerSeed(round.fair!.serverSeed!)).toBe(round.fair!.serverSeedHash);
        const input = {
          serverSeed: round.fair!.serverSeed!,
          clientSeed: round.fair!.clientSeed,
          nonce: round.fair!.nonce,
        };
        const params = round.params as Record<string, string | number | boolean>;
        let expectedWin: bigint;
        if (play.family === 'slot') {
          const replay = playSlot(input, { lineBetMinor: BigInt(params.lineBetMinor as string) });
          expect(JSON.stringify(replay.spins.map((spin) => spin.grid))).toBe(
            JSON.stringify((round.outcome as { spins: { grid: unknown }[] }).spins.map((spin) => spin.grid)),
          );
          expectedWin = replay.totalWinMinor;
          expect(minor(round.bet)).toBe(slotTotalBetMinor(BigInt(params.lineBetMinor as string)));
        } else if (play.family === 'dice') {
          const replay = playDice(input, {
            betMinor: BigInt(params.betMinor as string),
            target: params.target as number,
            over: params.over as boolean,
          });
          expect((round.outcome as { roll: number }).roll).toBe(replay.roll);
          expectedWin = replay.payoutMinor;
        } else {
          const replay = playPlinko(input, {
            betMinor: BigInt(params.betMinor as string),
            rows: params.rows as number,
            risk: params.risk as PlinkoRisk,
          });
          expect((round.outcome as { path: string[] }).path).toEqual(replay.path);
          expectedWin = replay.payoutMinor;
        }
        expect(minor(round.win)).toBe(expectedWin);
        // The platform was credited exactly that amount for the round.
        const credit = h.platform.callsFor(round.roundId).find((call) => call.op === 'credit');
        expect(minor(credit!.body.amount as string)).toBe(expectedWin);
        // The verify link carries the inputs the platform's verifier needs.
        const link = new URL(round.verifyUrl!, 'http://platform.test');
        expect(link.pathname).toBe('/verify');
        expect(link.searchParams.get('family')).toBe(play.family);
        expect(link.searchParams.get('serverSeed')).toBe(revealed.serverSeed);
        expect(Number(link.searchParams.get('nonce'))).toBe(round.fair!.nonce);
        expect(JSON.parse(link.searchParams.get('params')!)).toEqual(round.params);
      }
      // Nonces run 0, 1, 2, ... within the seed pair.
      expect(rounds.map((round) => round.fair!.nonce).reverse()).toEqual(play.roundIds.map((_, index) => index));
    }
    // The balance moved by the sum of (win - bet) over every round.
    const all = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds?limit=50', slot.session);
    const net = all.body.value.rounds.reduce((sum, round) => sum + minor(round.win) - minor(round.bet), 0n);
    expect(minor(h.platform.balanceOf('Pverify'))).toBe(100_000n + net);
  });

  it('should reveal the old seed on rotation and start a new pair at nonce 0 with the new client seed', async () => {
    const { session } = await h.launch('rgs-dice', { playerId: 'Protate' });
    const before = await h.request<Fair>('GET', '/rgs/v1/fair?family=dice', session);
    await h.request('POST', '/rgs/v1/dice/roll', session, { amount: '1.00', target: 5000, over: true });
    const changed = await h.request<Rotation>('PUT', '/rgs/v1/fair/client-seed', session, {
      family: 'dice',
      clientSeed: 'my lucky seed',
    });
    expect(changed.status).toBe(200);
    expect(hashServerSeed(changed.body.value.revealed.serverSeed)).toBe(before.body.value.serverSeedHash);
    expect(changed.body.value.revealed.clientSeed).toBe(before.body.value.clientSeed);
    expect(changed.body.value.current).toMatchObject({ clientSeed: 'my lucky seed', nonce: 0 });
    expect(changed.body.value.current.serverSeedHash).not.toBe(before.body.value.serverSeedHash);
    const bad = await h.request('PUT', '/rgs/v1/fair/client-seed', session, { family: 'dice', clientSeed: '' });
    expect(bad.status).toBe(400);
    // Another family's seeds belong to another game's session.
    const other = await h.request('POST', '/rgs/v1/fair/rotate', session, { family: 'slot' });
    expect(other.status).toBe(403);
  });

  it('should play mines: hidden board, safe reveals, cash-out credit; a mine credits 0.00 and ends the round', async () => {
    const { session } = await h.launch('rgs-mines', { playerId: 'Pmines', balance: '50.00' });
    const started = await h.request<PlayResult>('POST', '/rgs/v1/mines/start', session, { amount: '2.00', mines: 3 });
    expect(started.status).toBe(200);
    expect(started.body.value.round.state).toBe('OPEN');
    expect(JSON.stringify(started.body.value.round.outcome)).not.toContain('mines');
    expect(minor(h.platform.balanceOf('Pmines'))).toBe(4800n);
    // The test reads the secret seed to know the board (a player cannot).
    const seed = await getDb().query<{ server_seed: string; client_seed: string }>(
      `SELECT server_seed, client_seed FROM fair_seeds WHERE player_id = 'Pmines' AND family = 'mines' AND revealed_at IS NULL`,
    );
    const input = { serverSeed: seed.rows[0]!.server_seed, clientSeed: seed.rows[0]!.client_seed, nonce: 0 };
    const mines = minePositions(input, 3);
    const safe = [...Array(25).keys()].filter((tile) => !mines.includes(tile));
    const rotateWhileOpen = await h.request('POST', '/rgs/v1/fair/rotate', session, { family: 'mines' });
    expect(rotateWhileOpen.status).toBe(409);
    for (const tile of safe.slice(0, 2)) {
      const reveal = await h.request<{ round: RoundView }>('POST', '/rgs/v1/mines/reveal', session, { tile });
      expect(reveal.status).toBe(200);
      expect(reveal.body.value.round.state).toBe('OPEN');
    }
    const secondStart = await h.request('POST', '/rgs/v1/mines/start', session, { amount: '1.00', mines: 1 });
    expect(secondStart.status).toBe(409);
    const cashed = await h.request<PlayResult>('POST', '/rgs/v1/mines/cashout', session);
    expect(cashed.status).toBe(200);
    const expectedWin = revealMines(input, 3, safe.slice(0, 2)).payoutMinor(200n);
    expect(minor(cashed.body.value.round.win)).toBe(expectedWin);
    expect((cashed.body.value.round.outcome as { mines: number[] }).mines).toEqual(mines);
    expect(minor(h.platform.balanceOf('Pmines'))).toBe(4800n + expectedWin);

    const second = await h.request<PlayResult>('POST', '/rgs/v1/mines/start', session, { amount: '1.00', mines: 5 });
    const board = minePositions({ ...input, nonce: 1 }, 5);
    const boom = await h.request<PlayResult>('POST', '/rgs/v1/mines/reveal', session, { tile: board[0] });
    expect(boom.body.value.round.state).toBe('SETTLED');
    expect(boom.body.value.round.win).toBe('0.00');
    const calls = h.platform.callsFor(second.body.value.round.roundId);
    expect(calls.map((call) => [call.op, call.body.amount, call.body.endRound])).toEqual([
      ['debit', '1.00', undefined],
      ['credit', '0.00', true],
    ]);
  });

  it('should recall only the player own last rounds, 20 by default, filtered by family', async () => {
    const mine = await h.launch('rgs-dice', { playerId: 'Precall', balance: '500.00' });
    const other = await h.launch('rgs-dice', { playerId: 'Precall-other' });
    await h.request('POST', '/rgs/v1/dice/roll', other.session, { amount: '1.00', target: 5000, over: true });
    for (let i = 0; i < 22; i += 1) {
      const roll = await h.request('POST', '/rgs/v1/dice/roll', mine.session, {
        amount: '0.10',
        target: 5000,
        over: i % 2 === 0,
      });
      expect(roll.status).toBe(200);
    }
    const recall = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds', mine.session);
    expect(recall.body.value.rounds).toHaveLength(20);
    const first = recall.body.value.rounds[0]!;
    expect(first.fair!.nonce).toBe(21);
    expect(first).toMatchObject({
      family: 'dice',
      game: 'rgs-dice',
      bet: '0.10',
      state: 'SETTLED',
      settlement: 'done',
    });
    expect(first.params).toMatchObject({ betMinor: '10', target: 5000, over: false });
    expect(first.outcome).toHaveProperty('roll');
    expect(first.replayUrl).toBe(`/rgs/replay/${first.roundId}`);
    const limited = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds?limit=5&family=dice', mine.session);
    expect(limited.body.value.rounds).toHaveLength(5);
    const slots = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds?family=slot', mine.session);
    expect(slots.body.value.rounds).toHaveLength(0);
    const tooMany = await h.request('GET', '/rgs/v1/rounds?limit=1000', mine.session);
    expect(tooMany.status).toBe(400);
  });

  it('should match the verifyRound dispatcher for recalled rounds', async () => {
    const { session } = await h.launch('rgs-dice', { playerId: 'Pdispatch' });
    const roll = await h.request<PlayResult>('POST', '/rgs/v1/dice/roll', session, {
      amount: '1.00',
      target: 4200,
      over: false,
    });
    const rotation = await h.request<Rotation>('POST', '/rgs/v1/fair/rotate', session, { family: 'dice' });
    const params = roll.body.value.round.params as { betMinor: string; target: number; over: boolean };
    const replay = verifyRound(
      'dice',
      {
        serverSeed: rotation.body.value.revealed.serverSeed,
        clientSeed: rotation.body.value.revealed.clientSeed,
        nonce: 0,
      },
      { betMinor: BigInt(params.betMinor), target: params.target, over: params.over },
    );
    expect(replay.roll).toBe((roll.body.value.round.outcome as { roll: number }).roll);
  });
});
