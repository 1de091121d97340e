import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  API,
  formatMoney,
  parseMoney,
  type BetRecordPage,
  type Game,
  type VendorWallets,
  OPS_API,
} from '@platform/contracts';
import { startPlatform, type Platform } from './support/platform';
import { apiLogin } from './support/session';

/**
 * Issue 6, transfer mode, end to end in one process as `npm start` runs it: the demo merchant with its single wallet
 * turned off, a member who moves money into the in-house RGS by order (the transfer protocol over loopback), plays a
 * slot spin that the RGS pays from its own wallet (no seamless call), and sees the round in the betting record once the
 * platform's bet-record pull has read it back, with the platform-side RGS balance following. No browser: the game
 * page's calls are made over the RGS API.
 */

type Envelope<T> = { success: boolean; value: T; code?: string; message?: string };

let platform: Platform;
let token: string;

const minor = (text: string): bigint => parseMoney(text.replace(/,/g, ''), 2, { allowZero: true });

const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, bearer: string | null = token) => {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
};

const wallets = async () => {
  const answer = await api<VendorWallets>('GET', API.wallet.vendorWallets);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const rgs = answer.body.value.vendors.find((vendor) => vendor.vendor === 'RGS');
  return { main: minor(answer.body.value.main), rgs: rgs === undefined ? undefined : minor(rgs.balance) };
};

let transfers = 0;
const transfer = async (direction: 'IN' | 'OUT', amount: string) => {
  transfers += 1;
  return api<{ status: string; orderNo: string }>('POST', API.wallet.vendorTransfer, {
    ...{ vendor: 'RGS', direction, amount },
    requestId: `e2e-transfer-mode-${transfers}`,
  });
};

beforeAll(async () => {
  platform = await startPlatform({ template: inject('platformTemplate'), rgs: true });
  // An operator switches the demo merchant to transfer wallets (spec merchantWallet.isSingle = false).
  await platform.sql(`UPDATE merchants SET wallet_is_single = false WHERE code = 'demo'`);
  token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
});

afterAll(async () => {
  await platform?.stop();
});

describe('the in-house RGS as a transfer-wallet vendor', () => {
  it('moves money in by order, plays from the RGS wallet, reads the round back, and moves the rest out', async () => {
    const funded = await platform.staff('POST', OPS_API.adjustments, {
      ...{ username: 'demo_member', direction: 'CREDIT', amount: '200.00' },
      ...{ reason: 'e2e transfer-mode funding', requestId: 'e2e-transfer-mode-funding' },
    });
    expect(funded.status).toBe(200);
    const start = await wallets();
    expect(start.rgs).toBe(0n);

    // IN: the platform takes 50.00 from the main wallet and the RGS confirms the order.
    const moveIn = await transfer('IN', '50.00');
    expect(moveIn.status, JSON.stringify(moveIn.body)).toBe(200);
    expect(moveIn.body.value.status).toBe('SUCCESS');
    expect(await wallets()).toEqual({ main: start.main - 5_000n, rgs: 5_000n });

    // Launch: the signed link names the transfer wallet.
    const games = await api<{ games: Game[] }>('GET', `${API.game.games}?gameType=RNG&vassalage=RGS&pageSize=20`);
    const slot = games.body.value.games.find((game) => game.gameCode === 'rgs-lucky-lanterns');
    expect(slot).toBeDefined();
    const launched = await api<{ url: string }>('POST', API.game.launch, { nodeId: slot?.nodeId });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const url = new URL(launched.body.value.url, platform.baseUrl);
    expect(url.pathname).toBe('/rgs/play/rgs-lucky-lanterns');
    expect(url.searchParams.get('wallet')).toBe('transfer');
    const query = Object.fromEntries(url.searchParams.entries());

    // The game page swaps the launch token. An edited link (play money claimed on it) is refused first.
    const swap = (body: Record<string, string>) =>
      api<{ session: string; balance: string }>('POST', '/rgs/v1/sessions', body, null);
    const edited = await swap({ ...query, wallet: 'seamless', game: 'rgs-lucky-lanterns' });
    expect(edited.status).toBe(401);
    expect(edited.body.code).toBe('LAUNCH_SIGNATURE_INVALID');
    const swapped = await swap({ ...query, game: 'rgs-lucky-lanterns' });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(201);
    expect(swapped.body.value.balance).toBe('50.00');
    const session = swapped.body.value.session;

    // One spin at 20 lines x 0.05: the RGS wallet moves; the platform's main wallet does not.
    const spin = await api<{
      round: { roundId: string; bet: string; win: string; jackpotWin: string };
      balance: string;
    }>('POST', '/rgs/v1/slot/spin', { lineBet: '0.05' }, session);
    expect(spin.status, JSON.stringify(spin.body)).toBe(200);
    const { round } = spin.body.value;
    const paidMinor = minor(round.win) + minor(round.jackpotWin);
    const rgsAfter = 5_000n - 100n + paidMinor;
    expect(minor(spin.body.value.balance)).toBe(rgsAfter);
    expect((await wallets()).main).toBe(start.main - 5_000n);

    // The bet-record pull reads rounds settled more than 10 s ago; the job may also have passed over the RGS a moment
    // ago (a vendor is due again 45 s after a pass), so each try makes it due now, as a later pass would find it.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const record = async () => {
      await platform.sql(`UPDATE transfer_bet_cursors SET next_pull_at = now() WHERE vendor_code = 'RGS'`);
      await platform.pullBets();
      const bets = await api<BetRecordPage>('GET', `${API.game.bets}?vendor=RGS&period=TODAY`);
      return bets.body.value.list.find((row) => row.roundId === round.roundId);
    };
    await expect.poll(record, { timeout: 20_000, interval: 1_000 }).toBeDefined();
    expect(await record()).toMatchObject({
      ...{ vendor: 'RGS', gameCode: 'rgs-lucky-lanterns', bet: '1.00', status: 'SETTLED', play: false },
      win: formatMoney(paidMinor, 2),
    });
    // The platform-side RGS balance followed the round: the stake went, the win came back.
    expect(await wallets()).toEqual({ main: start.main - 5_000n, rgs: rgsAfter });

    // OUT: everything the RGS holds comes back to the main wallet.
    const all = formatMoney(rgsAfter, 2);
    const moveOut = await transfer('OUT', all);
    expect(moveOut.status, JSON.stringify(moveOut.body)).toBe(200);
    expect(moveOut.body.value.status).toBe('SUCCESS');
    expect(await wallets()).toEqual({ main: start.main - 100n + paidMinor, rgs: 0n });
    const page = await api<{ balance: string }>('GET', '/rgs/v1/session', undefined, session);
    expect(page.body.value.balance).toBe('0.00');
  });
});
