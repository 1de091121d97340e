import { createHmac } from 'node:crypto';
import { hashServerSeed, JACKPOT_HIT_CHANCE, playSlot } from '@platform/game-math';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlayResult } from '../games/context';
import { describeEachDatabase } from '../test/databases';
import { startHarness, type Harness } from '../test/harness';

const seedBytes = (fill: number): Uint8Array => new Uint8Array(32).fill(fill);
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** The 6th float of a slot round (cursor 0, bytes 20..23) is the jackpot draw: find a client seed that hits it. */
const clientSeedThatTriggers = (serverSeed: string): string => {
  for (let i = 0; ; i += 1) {
    const clientSeed = `jackpot-${i}`;
    const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:0:0`).digest();
    if (bytes.readUInt32BE(20) / 2 ** 32 < JACKPOT_HIT_CHANCE) return clientSeed;
  }
};

describeEachDatabase('jackpot', (getDb) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(getDb(), { rgs: { jackpot: { seedMinor: 5_000n } } });
  });
  afterAll(async () => {
    await h.close();
  });

  const pools = async () =>
    (await h.rgs.inject({ method: 'GET', url: '/rgs/v1/jackpots' })).json() as {
      pools: { name: string; currency: string; amount: string }[];
    };

  it('should feed the pool of its currency with 1% of each slot bet, play money apart from real money', async () => {
    const { session } = await h.launch('rgs-lucky-lanterns', { playerId: 'Pjp1', currency: 'JPC', balance: '100.00' });
    const start = await h.request<{ amount: string }>('GET', '/rgs/v1/slot/jackpot', session);
    expect(start.body.value.amount).toBe('50.00');
    // A seed pair known not to trigger the jackpot in the next three rounds.
    const serverSeed = hex(seedBytes(7));
    expect(
      [0, 1, 2].some(
        (nonce) => playSlot({ serverSeed, clientSeed: 'quiet', nonce }, { lineBetMinor: 5n }).jackpotTrigger,
      ),
    ).toBe(false);
    // The first pair exists once the page asked for it; the rotation then draws the queued server seed.
    await h.request('GET', '/rgs/v1/fair?family=slot', session);
    h.random.queue(seedBytes(7));
    await h.request('PUT', '/rgs/v1/fair/client-seed', session, { family: 'slot', clientSeed: 'quiet' });
    for (let i = 0; i < 3; i += 1) {
      const spin = await h.request<PlayResult>('POST', '/rgs/v1/slot/spin', session, { lineBet: '0.05' });
      expect(spin.status).toBe(200);
      expect(spin.body.value.round.fair).toMatchObject({ serverSeedHash: hashServerSeed(serverSeed), nonce: i });
      expect(spin.body.value.round.jackpotWin).toBe('0.00');
    }
    const feed = await pools();
    expect(feed.pools).toContainEqual({ name: 'Lucky Lanterns Grand', currency: 'JPC', amount: '50.03' });

    const play = await h.launch('rgs-lucky-lanterns', { playerId: 'Pjp-trial', currency: 'JPC', mode: 'play' });
    await h.request('GET', '/rgs/v1/fair?family=slot', play.session);
    h.random.queue(seedBytes(7));
    await h.request('PUT', '/rgs/v1/fair/client-seed', play.session, { family: 'slot', clientSeed: 'quiet' });
    await h.request('POST', '/rgs/v1/slot/spin', play.session, { lineBet: '0.05' });
    const playPool = await h.request<{ amount: string }>('GET', '/rgs/v1/slot/jackpot', play.session);
    expect(playPool.body.value.amount).toBe('50.01');
    // The public feed shows real pools only; the real pool did not move.
    expect((await pools()).pools.filter((pool) => pool.currency === 'JPC')).toEqual([
      { name: 'Lucky Lanterns Grand', currency: 'JPC', amount: '50.03' },
    ]);
  });

  it('should pay the whole pool as an extra credit when the spin triggers it, and reset the pool to its seed', async () => {
    const { session } = await h.launch('rgs-lucky-lanterns', { playerId: 'Pjp2', currency: 'JPC', balance: '10.00' });
    const serverSeed = hex(seedBytes(9));
    const clientSeed = clientSeedThatTriggers(serverSeed);
    expect(playSlot({ serverSeed, clientSeed, nonce: 0 }, { lineBetMinor: 1n }).jackpotTrigger).toBe(true);
    await h.request('GET', '/rgs/v1/fair?family=slot', session);
    h.random.queue(seedBytes(9));
    await h.request('PUT', '/rgs/v1/fair/client-seed', session, { family: 'slot', clientSeed });
    const spin = await h.request<PlayResult>('POST', '/rgs/v1/slot/spin', session, { lineBet: '0.01' });
    expect(spin.status).toBe(200);
    const round = spin.body.value.round;
    expect(round.jackpotWin).toBe('50.03');
    const calls = h.platform.callsFor(round.roundId);
    expect(calls.map((call) => [call.op, call.body.amount, call.body.endRound ?? false])).toEqual([
      ['debit', '0.20', false],
      ['credit', round.win, false],
      ['credit', '50.03', true],
    ]);
    expect(calls[2]!.body.betTransactionId).toBe(calls[0]!.body.transactionId);
    const expected = 1_000n - 20n + BigInt(round.win.replace('.', '')) + 5_003n;
    expect(BigInt(h.platform.balanceOf('Pjp2').replace('.', ''))).toBe(expected);
    expect(spin.body.value.balance).toBe(h.platform.balanceOf('Pjp2'));
    expect((await pools()).pools).toContainEqual({ name: 'Lucky Lanterns Grand', currency: 'JPC', amount: '50.00' });
  });
});
