import { describe, expect, it } from 'vitest';
import { memberIdOfPlayer, playerIdOf } from './player-id';
import { resolveApiBase, signTransferRequest } from './transfer-protocol.client';

describe('transfer protocol client: signing, addresses and player references', () => {
  it('should sign the example of docs/protocols/transfer-wallet.md to the published signature', () => {
    const body =
      '{"orderNo":"VTM1ABCDEF0123456789AB","playerId":"P2n9c","direction":"IN","amount":"30.50","currency":"PHP"}';
    expect(signTransferRequest('0123456789abcdef0123456789abcdef', '1767225600000', body)).toBe(
      'b6767bf091bc558cebdf1f6cc1aaf13b03fe61eb20c6470ef60130e52587a6bc',
    );
  });

  it('should change the signature when any byte of the body or the timestamp changes', () => {
    const secret = '0123456789abcdef0123456789abcdef';
    const base = signTransferRequest(secret, '1767225600000', '{"orderNo":"A"}');
    expect(signTransferRequest(secret, '1767225600001', '{"orderNo":"A"}')).not.toBe(base);
    expect(signTransferRequest(secret, '1767225600000', '{"orderNo": "A"}')).not.toBe(base);
    expect(signTransferRequest(`${secret}x`, '1767225600000', '{"orderNo":"A"}')).not.toBe(base);
  });

  it('should resolve a relative api_url against the platform address, and keep an absolute one', () => {
    expect(resolveApiBase('/rgs', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/rgs');
    expect(resolveApiBase('/rgs/', 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/rgs');
    expect(resolveApiBase('/rgs', undefined)).toBeUndefined();
    expect(resolveApiBase('https://api.vendor.example/v2/', undefined)).toBe('https://api.vendor.example/v2');
  });

  it('should name a member P + id in base 36 and read exactly those names back', () => {
    expect(playerIdOf(123456n)).toBe('P2n9c');
    for (const id of [1n, 35n, 36n, 123456n, 2n ** 63n - 1n]) expect(memberIdOfPlayer(playerIdOf(id))).toBe(id);
    for (const other of ['', 'P', 'P0', 'P02n9c', 'p2n9c', 'P2N9C', 'm123', 'P2n9c ', `P${(2n ** 63n).toString(36)}`]) {
      expect(memberIdOfPlayer(other), other).toBeNull();
    }
  });
});
