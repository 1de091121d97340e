import { expect, it } from 'vitest';
import { SEAMLESS_TIME_WINDOW_MS } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { signSeamless } from './seamless.signature';
import { TEST_VENDOR_SECRET } from './seamless.test-support';
import { seamlessConformance } from './seamless.conformance-fixture';

/**
 * The seamless wallet's published contract (docs/protocols/seamless-wallet.md): signatures, time, sessions, members,
 * vendors, sources and bodies a call is refused for. After every test the ledger audit must find nothing.
 */
describeEachDatabase('seamless wallet conformance: who may call', (getDb) => {
  const { clock, vendor, player, balanceOf, debit, credit, rollback, setVendor } = seamlessConformance(getDb);

  it('should refuse a bad signature, a tampered body, a wrong secret and a missing signature', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '5.00');
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { signature: 'f'.repeat(64) });
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { secret: `${TEST_VENDOR_SECRET}x` });
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { signature: '' });
    // Signed for one body, sent with another.
    const timestampMs = clock.now();
    const signature = signSeamless(TEST_VENDOR_SECRET, String(timestampMs), JSON.stringify(bet));
    await vendor.refused('debit', { ...bet, amount: '0.01' }, 'SIGNATURE_INVALID', 401, { signature, timestampMs });
    // Another vendor's secret does not sign for RGS.
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { secret: `${TEST_VENDOR_SECRET}-pg` });
    expect(await balanceOf(alice.launched)).toBe('20.00');
  });

  it('should refuse a timestamp outside the window, either way', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '5.00');
    await vendor.refused('debit', bet, 'TIMESTAMP_STALE', 401, {
      timestampMs: clock.now() - SEAMLESS_TIME_WINDOW_MS - 1,
    });
    await vendor.refused('debit', bet, 'TIMESTAMP_STALE', 401, {
      timestampMs: clock.now() + SEAMLESS_TIME_WINDOW_MS + 1,
    });
    await vendor.refused('debit', bet, 'SIGNATURE_INVALID', 401, { timestampMs: Number.NaN });
    // Just inside the window is fine.
    await vendor.ok('debit', bet, { timestampMs: clock.now() - SEAMLESS_TIME_WINDOW_MS + 1_000 });
  });

  it('should refuse a currency or player that does not match the session, and an unknown session', async () => {
    const alice = await player('20.00');
    const bob = await player('20.00');
    await vendor.refused('debit', { ...debit(alice, '5.00'), currency: 'EUR' }, 'CURRENCY_MISMATCH', 422);
    await vendor.refused('balance', { ...alice.session, currency: 'XPL' }, 'CURRENCY_MISMATCH', 422);
    await vendor.refused('debit', { ...debit(alice, '5.00'), playerId: bob.launched.playerId }, 'PLAYER_MISMATCH', 403);
    await vendor.refused('balance', { ...alice.session, sessionToken: 'x'.repeat(43) }, 'SESSION_INVALID', 404);
    expect(await balanceOf(alice.launched)).toBe('20.00');
  });

  it('should refuse bets and balance for a locked member, and still pay the win and refund of earlier bets', async () => {
    const alice = await player('30.00');
    const bet = debit(alice, '10.00');
    await vendor.ok('debit', bet);
    const other = debit(alice, '5.00');
    await vendor.ok('debit', other);
    await getDb().query(`UPDATE members SET status = 'LOCKED' WHERE id = $1`, [alice.id]);
    await vendor.refused('debit', debit(alice, '1.00'), 'ACCOUNT_LOCKED', 403);
    await vendor.refused('balance', alice.session, 'ACCOUNT_LOCKED', 403);
    expect(await vendor.ok('credit', credit(alice, bet, '12.00', { endRound: true }))).toMatchObject({
      balance: '27.00',
    });
    expect(await vendor.ok('rollback', rollback(alice, other))).toMatchObject({ balance: '32.00' });
    await getDb().query(`UPDATE members SET status = 'CLOSED' WHERE id = $1`, [alice.id]);
    await vendor.refused('debit', debit(alice, '1.00'), 'ACCOUNT_LOCKED', 403);
  });

  it('should refuse unknown vendors, vendors without a secret, disabled vendors and malformed headers', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '5.00');
    await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401, { vendor: 'NOPE' });
    await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401, { merchant: 'nowhere' });
    await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401, { vendor: 'rgs; drop' });
    // AG is in the catalogue but has no secret: it cannot call.
    await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401, { vendor: 'AG' });
    // PG has a secret but Alice's session is RGS's.
    await vendor.refused('debit', bet, 'SESSION_INVALID', 404, { vendor: 'PG', secret: `${TEST_VENDOR_SECRET}-pg` });
    await setVendor(`status = 'DISABLED'`);
    try {
      await vendor.refused('debit', bet, 'VENDOR_UNKNOWN', 401);
    } finally {
      await setVendor(`status = 'ACTIVE'`);
    }
    // Under maintenance, rounds in play still settle.
    await setVendor(`status = 'MAINTENANCE'`);
    try {
      await vendor.ok('debit', bet);
    } finally {
      await setVendor(`status = 'ACTIVE'`);
    }
  });

  it('should accept calls only from the allowed sources when the vendor lists some', async () => {
    const alice = await player('20.00');
    await setVendor(`allowed_sources = '{203.0.113.0/24, 2001:db8::1, not-an-address}'`);
    try {
      await vendor.refused('balance', alice.session, 'SOURCE_NOT_ALLOWED', 403, { ip: '198.51.100.10' });
      await vendor.refused('balance', alice.session, 'SOURCE_NOT_ALLOWED', 403, { ip: '2001:db8::2' });
      await vendor.ok('balance', alice.session, { ip: '203.0.113.77' });
      await vendor.ok('balance', alice.session, { ip: '2001:db8::1' });
    } finally {
      await setVendor(`allowed_sources = '{}'`);
    }
    await vendor.ok('balance', alice.session, { ip: '198.51.100.10' });
  });

  it('should refuse malformed bodies with VALIDATION_FAILED before touching money', async () => {
    const alice = await player('20.00');
    const bet = debit(alice, '5.00');
    await vendor.refused('debit', bet, 'VALIDATION_FAILED', 400, { rawBody: '{"not json' });
    await vendor.refused('debit', { ...bet, amount: '-1.00' }, 'VALIDATION_FAILED', 400);
    await vendor.refused('debit', { ...bet, amount: '0.00' }, 'VALIDATION_FAILED', 400);
    await vendor.refused('debit', { ...bet, transactionId: 'has spaces' }, 'VALIDATION_FAILED', 400);
    await vendor.refused('debit', { ...bet, extra: 'field' }, 'VALIDATION_FAILED', 400);
    await vendor.refused('debit', { ...bet, gameCode: 'rgs-dice' }, 'VALIDATION_FAILED', 400);
    const text = await vendor.call('debit', bet, { contentType: 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(await balanceOf(alice.launched)).toBe('20.00');
  });
});
