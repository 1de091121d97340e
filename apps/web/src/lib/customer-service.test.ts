import { describe, expect, it, vi } from 'vitest';
import { obfuscateCsPath } from '@platform/contracts';
import { customerServiceUrl, openCustomerService } from './customer-service';

const entry = (csType: string, url: string, key = 'Ab3dEf7h') => ({ csType, path: obfuscateCsPath(url, key) });

describe('customer service links', () => {
  it('should open our own chat window for a LIVECHAT entry even when it is not first', () => {
    const entries = [
      entry('TELEGRAM', 'https://t.me/help'),
      entry('LIVECHAT', 'https://chat.example.com/r/1', 'Zz9yXw8v'),
    ];
    expect(customerServiceUrl(entries)).toBe(`${window.location.origin}/service`);
  });

  it('should fall back to the first entry without a LIVECHAT one', () => {
    expect(customerServiceUrl([entry('WHATSAPP', 'https://wa.me/123'), entry('TELEGRAM', 'https://t.me/x')])).toBe(
      'https://wa.me/123',
    );
  });

  it('should skip entries that do not decode, and give null when none does', () => {
    expect(customerServiceUrl([{ csType: 'TELEGRAM', path: 'short' }])).toBeNull();
    expect(
      customerServiceUrl([{ csType: 'TELEGRAM', path: '%%%%garbage12345678' }, entry('X', 'https://ok.example')]),
    ).toBe('https://ok.example/');
  });

  it('should refuse a decoded link that is not http(s)', () => {
    expect(customerServiceUrl([entry('TELEGRAM', 'javascript:alert(1)')])).toBeNull();
  });

  it('should open a 440x750 window named customerService', () => {
    const popup = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    expect(openCustomerService('https://chat.example.com/')).toBe(true);
    const [url, name, features] = open.mock.calls[0] ?? [];
    expect(url).toBe('https://chat.example.com/');
    expect(name).toBe('customerService');
    expect(features).toMatch(/width=440,height=750/);
    expect(popup.opener).toBeNull();
  });

  it('should report a blocked popup', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openCustomerService('https://chat.example.com/')).toBe(false);
  });
});
