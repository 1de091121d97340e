import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, successEnvelope, WinnerBoardSchema, type Winner } from '@platform/contracts';
import type { PlatformEvents } from '../../../lib/event-bus';
import { insertVendorGame, upsertVendor } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { demoMerchantId, insertMember, type TestMember } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { maskName } from '../../content/content';
import { isBoardWin } from './index';

describe('winner board threshold', () => {
  const usd = { currencyCode: 'USD', currencyScale: 2 };
  const round = (betMinor: bigint, winMinor: bigint, extra: { currency?: string; play?: boolean } = {}) => ({
    ...{ betMinor, winMinor, currency: extra.currency ?? 'USD', play: extra.play ?? false },
  });

  it('should take wins of ten times the stake from ten units up, and any win from a thousand units up', () => {
    expect(isBoardWin(round(100n, 1_000n), usd)).toBe(true); // 1.00 → 10.00
    expect(isBoardWin(round(100n, 999n), usd)).toBe(false); // under ten units
    expect(isBoardWin(round(50n, 999n), usd)).toBe(false); // 20× but under ten units
    expect(isBoardWin(round(200n, 1_999n), usd)).toBe(false); // 9.995×
    expect(isBoardWin(round(50_000n, 99_999n), usd)).toBe(false); // 2× and 999.99
    expect(isBoardWin(round(50_000n, 100_000n), usd)).toBe(true); // 1000.00 whatever the stake
    expect(isBoardWin(round(0n, 0n), usd)).toBe(false);
  });

  it('should scale the amounts by the currency, and never take play money or another currency', () => {
    const jpy = { currencyCode: 'JPY', currencyScale: 0 };
    expect(isBoardWin(round(1n, 10n, { currency: 'JPY' }), jpy)).toBe(true);
    expect(isBoardWin(round(1n, 9n, { currency: 'JPY' }), jpy)).toBe(false);
    expect(isBoardWin(round(100n, 1_000_000n, { play: true }), usd)).toBe(false);
    expect(isBoardWin(round(100n, 1_000_000n, { currency: 'EUR' }), usd)).toBe(false);
  });
});

describeEachDatabase('winner board fed by settled rounds', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  let member: TestMember;
  let roundSeq = 0;

  const board = async (): Promise<Winner[]> => {
    const res = await app.inject({ url: `${API.game.winners}?limitNum=50&language=TY` });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(WinnerBoardSchema).parse(res.json()).value.list;
  };

  /** Emits `round.settled` as the seamless wallet does after its commit, and waits for the listeners. */
  const settle = async (event: Partial<PlatformEvents['round.settled']> & { betMinor: bigint; winMinor: bigint }) => {
    roundSeq += 1;
    const payload = {
      ...{ merchantId, memberId: member.id, vendorCode: 'WF_RGS', gameCode: 'wf-lanterns' },
      ...{ roundId: `slot-${roundSeq}`, currency: 'USD', play: false },
      ...event,
    };
    app.bus.emit('round.settled', payload);
    await app.bus.idle();
    return payload.roundId;
  };

  const rowsOf = async (roundId: string) =>
    (
      await getDb().query<{ winMinor: bigint; customerName: string; memberId: bigint }>(
        `SELECT win_minor AS "winMinor", customer_name AS "customerName", member_id AS "memberId" FROM game_wins
         WHERE merchant_id = $1 AND vendor_code = 'WF_RGS' AND round_id = $2`,
        [merchantId, roundId],
      )
    ).rows;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
    // The demo's example wins are large; the board here shows only what these tests write.
    await getDb().query('DELETE FROM game_wins WHERE merchant_id = $1', [merchantId]);
    await upsertVendor(getDb(), merchantId, { code: 'WF_RGS', displayName: 'Originals' });
    await insertVendorGame(getDb(), merchantId, {
      ...{ vendor: 'WF_RGS', gameType: 'RNG', code: 'wf-lanterns' },
      names: { EN: 'Lucky Lanterns', TY: 'Masuwerteng Parol' },
    });
    member = await insertMember(getDb(), { username: 'bigwinner2026' });
  });
  afterAll(() => app.close());

  it('should put a big real-money win on the board at once, the cached board included, with the name masked', async () => {
    expect(await board()).toEqual([]);
    // The board answer is cached: a row written behind the cache's back does not show...
    const { rows } = await getDb().query<{ id: bigint }>(
      `SELECT id FROM games WHERE merchant_id = $1 AND game_code = 'wf-lanterns'`,
      [merchantId],
    );
    await getDb().query(
      `INSERT INTO game_wins (merchant_id, customer_name, game_id, win_minor, currency, won_at)
       VALUES ($1, 'sneaky', $2, 1, 'USD', now())`,
      [merchantId, rows[0]?.id],
    );
    expect(await board()).toEqual([]);

    // ...while a settled round drops the cached answer, so the next read has it (and the row above).
    const roundId = await settle({ betMinor: 150n, winMinor: 4_500n });
    const after = await board();
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual({
      iconUrl: '/icons/wf-lanterns.svg',
      gameName: 'Masuwerteng Parol',
      customerName: maskName('bigwinner2026'),
      winAmount: '45.00',
    });
    expect(after[0]?.customerName).toBe('bi***26');
    expect(await rowsOf(roundId)).toEqual([{ winMinor: 4_500n, customerName: 'bigwinner2026', memberId: member.id }]);
  });

  it('should leave out small wins, play money, other currencies and games the catalogue does not list', async () => {
    const before = await board();
    const skipped = [
      await settle({ betMinor: 200n, winMinor: 1_800n }), // 9×
      await settle({ betMinor: 50n, winMinor: 900n }), // 18× but 9.00
      await settle({ betMinor: 100n, winMinor: 0n }), // a loss
      await settle({ betMinor: 100n, winMinor: 5_000_000n, play: true, currency: 'XPL' }), // play money
      await settle({ betMinor: 100n, winMinor: 5_000_000n, play: true }), // play money, even in the real currency
      await settle({ betMinor: 100n, winMinor: 5_000_000n, currency: 'EUR' }),
      await settle({ betMinor: 100n, winMinor: 5_000_000n, gameCode: 'not-in-catalogue' }),
    ];
    for (const roundId of skipped) expect(await rowsOf(roundId), roundId).toEqual([]);
    expect(await board()).toEqual(before);

    // A large win at a small multiple is on the board.
    const big = await settle({ betMinor: 60_000n, winMinor: 120_000n });
    expect(await rowsOf(big)).toHaveLength(1);
    expect((await board())[0]?.winAmount).toBe('1200.00');
  });

  it('should keep one row per round, with its largest win, when a round is reported again', async () => {
    const roundId = await settle({ betMinor: 100n, winMinor: 2_000n });
    await settle({ roundId, betMinor: 100n, winMinor: 2_000n });
    expect(await rowsOf(roundId)).toHaveLength(1);
    // A jackpot credit after the spin: the round's win grows.
    await settle({ roundId, betMinor: 100n, winMinor: 250_000n });
    await settle({ roundId, betMinor: 100n, winMinor: 2_000n });
    expect((await rowsOf(roundId)).map((row) => row.winMinor)).toEqual([250_000n]);
    expect((await board())[0]?.winAmount).toBe('2500.00');
  });
});
