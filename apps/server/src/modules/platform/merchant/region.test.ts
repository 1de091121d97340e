import { describe, expect, it } from 'vitest';
import type { RegionRule } from './merchant.types';
import { isRegionRestricted } from './region';

const deny = (cidr: string): RegionRule => ({ action: 'DENY', cidr });
const allow = (cidr: string): RegionRule => ({ action: 'ALLOW', cidr });

describe('isRegionRestricted', () => {
  it('should restrict nobody when there are no rules', () => {
    expect(isRegionRestricted([], '203.0.113.7')).toBe(false);
  });

  it('should restrict an IP inside a DENY range and nobody else', () => {
    const rules = [deny('203.0.113.0/24')];
    expect(isRegionRestricted(rules, '203.0.113.7')).toBe(true);
    expect(isRegionRestricted(rules, '203.0.114.7')).toBe(false);
  });

  it('should treat an IPv4-mapped IPv6 client as its IPv4 address', () => {
    expect(isRegionRestricted([deny('203.0.113.7/32')], '::ffff:203.0.113.7')).toBe(true);
  });

  it('should match IPv6 ranges', () => {
    expect(isRegionRestricted([deny('2001:db8::/32')], '2001:db8::1')).toBe(true);
    expect(isRegionRestricted([deny('2001:db8::/32')], '2001:db9::1')).toBe(false);
  });

  it('should restrict everyone outside the ALLOW ranges once an allow-list exists', () => {
    const rules = [allow('198.51.100.0/24'), allow('10.0.0.0/8')];
    expect(isRegionRestricted(rules, '198.51.100.20')).toBe(false);
    expect(isRegionRestricted(rules, '10.1.2.3')).toBe(false);
    expect(isRegionRestricted(rules, '203.0.113.7')).toBe(true);
  });

  it('should let DENY win over ALLOW', () => {
    const rules = [allow('198.51.100.0/24'), deny('198.51.100.66/32')];
    expect(isRegionRestricted(rules, '198.51.100.66')).toBe(true);
    expect(isRegionRestricted(rules, '198.51.100.67')).toBe(false);
  });

  it('should not match an unparseable IP: it passes a deny-list but not an allow-list', () => {
    expect(isRegionRestricted([deny('0.0.0.0/0')], 'not-an-ip')).toBe(false);
    expect(isRegionRestricted([allow('0.0.0.0/0')], 'not-an-ip')).toBe(true);
  });
});
