import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { VendorTransferCallBody } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { requestId } from '../../../test/wallet-helpers';
import { VENDOR, SECRET, PREFIX, transferConformance } from './transfer-protocol.conformance-fixture';

/**
 * The transfer protocol (docs/protocols/transfer-wallet.md) from the platform's side: orders IN and OUT over HTTP,
 * their answers lost, late or refused, and reconciliation by the order query.
 */
describeEachDatabase('transfer protocol: the HTTP adapter against a conforming vendor', (getDb) => {
  const w = transferConformance(getDb);
  const { send, funded, platform, atVendor, order, reconcileLater, adapter } = w;

  it('should move money in and out over HTTP with the balances agreeing on both sides', async () => {
    const member = await funded();
    const into = await send(member.token, 'IN', '30.50');
    expect(into.statusCode, into.body).toBe(200);
    expect(into.json().value).toMatchObject({ status: 'SUCCESS', direction: 'IN', amount: '30.50' });
    expect(await platform(member.token)).toEqual({ main: '69.50', vendor: '30.50', pending: false });
    expect(atVendor(member.playerId)).toBe(3050n);
    const call = w.vendor.requests.find((r) => r.op === 'transfer')?.body as VendorTransferCallBody;
    expect(call).toMatchObject({ playerId: `P${member.id.toString(36)}`, direction: 'IN', amount: '30.50' });
    expect(call.currency).toBe(w.merchant.currency);

    const out = await send(member.token, 'OUT', '10.25');
    expect(out.json().value).toMatchObject({ status: 'SUCCESS', direction: 'OUT' });
    expect(await platform(member.token)).toEqual({ main: '79.75', vendor: '20.25', pending: false });
    expect(atVendor(member.playerId)).toBe(2025n);
    expect(await adapter().balance(member.id)).toBe(2025n);
    await expectSoundLedger(getDb());
  });

  it('should give the hold back when the vendor answers FAILED, and move nothing on a refused OUT', async () => {
    const member = await funded();
    w.vendor.onTransfer('FAIL');
    const refused = await send(member.token, 'IN', '40.00');
    expect([refused.statusCode, refused.json().code, refused.json().value.status]).toEqual([
      502,
      'VENDOR_UNAVAILABLE',
      'FAILED',
    ]);
    expect(await platform(member.token)).toEqual({ main: '100.00', vendor: '0.00', pending: false });
    expect(atVendor(member.playerId)).toBe(0n);

    await send(member.token, 'IN', '40.00');
    w.vendor.onTransfer('FAIL');
    const out = await send(member.token, 'OUT', '15.00');
    expect([out.statusCode, out.json().code]).toEqual([502, 'VENDOR_UNAVAILABLE']);
    expect(await platform(member.token)).toEqual({ main: '60.00', vendor: '40.00', pending: false });
    expect(atVendor(member.playerId)).toBe(4000n);
    await expectSoundLedger(getDb());
  });

  it('should apply a repeated order number once at the vendor, and a repeated request once on the platform', async () => {
    const member = await funded();
    const call = {
      ...{ orderNo: `VTDUP${member.id}`, memberId: member.id, direction: 'IN' as const },
      ...{ amountMinor: 1200n, currency: w.merchant.currency },
    };
    expect(await adapter().transfer(call)).toBe('SUCCESS');
    expect(await adapter().transfer(call)).toBe('SUCCESS');
    expect(atVendor(member.playerId)).toBe(1200n);
    expect(await adapter().queryOrder(call.orderNo)).toBe('SUCCESS');

    const id = requestId('tp');
    const first = await send(member.token, 'IN', '20.00', id);
    const again = await send(member.token, 'IN', '20.00', id);
    expect(again.json().value.orderNo).toBe(first.json().value.orderNo);
    expect(w.vendor.requests.filter((r) => r.op === 'transfer' && r.status === 200)).toHaveLength(3);
    expect(atVendor(member.playerId)).toBe(3200n);
    expect((await platform(member.token)).main).toBe('80.00');
    await expectSoundLedger(getDb());
  });

  it('should keep an order pending (not failed) while the vendor refuses our signature, and settle it once it can ask', async () => {
    const member = await funded();
    w.vendor.setSecret(randomBytes(32).toString('hex')); // the platform now holds the wrong secret
    try {
      const res = await send(member.token, 'IN', '25.00');
      expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
      const { orderNo } = res.json().value as { orderNo: string };
      expect(w.vendor.requests.map((r) => [r.op, r.status, r.code])).toEqual([['transfer', 401, 'SIGNATURE_INVALID']]);
      expect(await platform(member.token)).toEqual({ main: '75.00', vendor: '25.00', pending: true });
      expect(atVendor(member.playerId)).toBe(0n);

      await reconcileLater();
      expect(await order(orderNo)).toEqual({ status: 'PENDING', lastError: expect.stringContaining('HTTP 401') });
      expect((await platform(member.token)).main).toBe('75.00');

      w.vendor.setSecret(SECRET);
      await reconcileLater(15 * 60_000);
      expect((await order(orderNo))?.status).toBe('FAILED');
      expect(await platform(member.token)).toEqual({ main: '100.00', vendor: '0.00', pending: false });
    } finally {
      w.vendor.setSecret(SECRET);
    }
    await expectSoundLedger(getDb());
  });

  it('should leave an IN the vendor applied but answered too late pending, and confirm it by the order query', async () => {
    const member = await funded();
    w.vendor.onTransfer('HOLD');
    const res = await send(member.token, 'IN', '30.00');
    expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
    const { orderNo } = res.json().value as { orderNo: string };
    expect(atVendor(member.playerId)).toBe(3000n);
    expect(await platform(member.token)).toEqual({ main: '70.00', vendor: '30.00', pending: true });
    w.vendor.releaseHeld(); // the answer arrives after the platform stopped waiting: it changes nothing

    expect(await w.app.vendorWallet.reconcile(50)).toMatchObject({ claimed: 0 });
    await reconcileLater();
    expect((await order(orderNo))?.status).toBe('SUCCESS');
    expect(await platform(member.token)).toEqual({ main: '70.00', vendor: '30.00', pending: false });
    expect(atVendor(member.playerId)).toBe(3000n);
    await expectSoundLedger(getDb());
  });

  it('should credit the main wallet once for an OUT the vendor paid but answered too late', async () => {
    const member = await funded();
    await send(member.token, 'IN', '50.00');
    w.vendor.onTransfer('HOLD');
    const res = await send(member.token, 'OUT', '20.00');
    expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
    expect((await platform(member.token)).main).toBe('50.00');
    expect(atVendor(member.playerId)).toBe(3000n);
    w.vendor.releaseHeld();

    await reconcileLater();
    await reconcileLater();
    expect(await platform(member.token)).toEqual({ main: '70.00', vendor: '30.00', pending: false });
    await expectSoundLedger(getDb());
  });

  it('should return the money when the vendor never received the IN, and the vendor refuses it when it arrives after NOT_FOUND', async () => {
    const member = await funded();
    w.vendor.onTransfer('STASH');
    const res = await send(member.token, 'IN', '30.00');
    expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
    const { orderNo } = res.json().value as { orderNo: string };
    expect((await platform(member.token)).main).toBe('70.00');

    await reconcileLater();
    expect((await order(orderNo))?.status).toBe('FAILED');
    expect(await platform(member.token)).toEqual({ main: '100.00', vendor: '0.00', pending: false });
    expect(w.vendor.deliverStashed()).toEqual(['FAILED']);
    expect(atVendor(member.playerId)).toBe(0n);
    await expectSoundLedger(getDb());
  });

  it('should treat a dropped connection, a 5xx and a malformed answer as unknown, never as FAILED', async () => {
    const member = await funded();
    const pendingAfter = async (fault: 'DROP' | 'ERROR' | 'MALFORMED') => {
      w.vendor.onTransfer(fault);
      const res = await send(member.token, 'IN', '10.00');
      expect([res.statusCode, res.json().code], fault).toEqual([202, 'TRANSFER_PENDING']);
      const { orderNo } = res.json().value as { orderNo: string };
      await reconcileLater();
      return (await order(orderNo))?.status;
    };
    // Not received or refused: NOT_FOUND, the hold comes back. Applied but garbled: SUCCESS.
    expect(await pendingAfter('DROP')).toBe('FAILED');
    expect(await pendingAfter('ERROR')).toBe('FAILED');
    expect(await pendingAfter('MALFORMED')).toBe('SUCCESS');
    expect(await platform(member.token)).toEqual({ main: '90.00', vendor: '10.00', pending: false });
    expect(atVendor(member.playerId)).toBe(1000n);
    await expectSoundLedger(getDb());
  });

  it('should back off while the order query fails or answers garbage, then settle', async () => {
    const member = await funded();
    w.vendor.onTransfer('HOLD');
    const { orderNo } = (await send(member.token, 'IN', '10.00')).json().value as { orderNo: string };
    w.vendor.releaseHeld();
    w.vendor.onQuery('ERROR');
    expect(await reconcileLater()).toMatchObject({ claimed: 1, settled: 0 });
    expect(await order(orderNo)).toEqual({ status: 'PENDING', lastError: expect.stringContaining('HTTP 500') });
    expect(await w.app.vendorWallet.reconcile(50)).toMatchObject({ claimed: 0 });
    w.vendor.onQuery('MALFORMED');
    expect(await reconcileLater()).toMatchObject({ claimed: 1, settled: 0 });
    expect(await order(orderNo)).toEqual({ status: 'PENDING', lastError: expect.stringContaining('malformed') });
    expect((await platform(member.token)).main).toBe('90.00');

    await reconcileLater(15 * 60_000);
    expect((await order(orderNo))?.status).toBe('SUCCESS');
    expect(await platform(member.token)).toEqual({ main: '90.00', vendor: '10.00', pending: false });
    await expectSoundLedger(getDb());
  });

  it('should read the vendor balance, also through a relative api_url resolved against the platform address', async () => {
    const member = await funded();
    expect(await adapter().balance(member.id)).toBe(0n);
    await send(member.token, 'IN', '12.34');
    expect(await adapter().balance(member.id)).toBe(1234n);
    await getDb().query(`UPDATE game_vendors SET api_url = $3 WHERE merchant_id = $1 AND code = $2`, [
      w.merchant.id,
      VENDOR,
      PREFIX,
    ]);
    try {
      expect(await adapter().balance(member.id)).toBe(1234n);
    } finally {
      await getDb().query(`UPDATE game_vendors SET api_url = $3 WHERE merchant_id = $1 AND code = $2`, [
        w.merchant.id,
        VENDOR,
        `${w.vendor.origin}${PREFIX}`,
      ]);
    }
    const balanceCall = w.vendor.requests.find((r) => r.op === 'balance')?.body;
    expect(balanceCall).toEqual({ playerId: member.playerId, currency: w.merchant.currency });
  });
});
