import ipaddr from 'ipaddr.js';
import type { RegionRule } from './merchant.types';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** IPv4-mapped IPv6 (::ffff:1.2.3.4, what a dual-stack socket reports) is treated as the IPv4 address. */
const parseAddress = (ip: string): Address | undefined => (ipaddr.isValid(ip) ? ipaddr.process(ip) : undefined);

const parseRange = (cidr: string): Range | undefined => {
  try {
    return ipaddr.parseCIDR(cidr);
  } catch {
    return undefined;
  }
};

const matches = (address: Address, range: Range): boolean => {
  const [network] = range;
  if (address.kind() === network.kind()) return address.match(range);
  // An IPv4 client still falls inside an IPv6 rule written for mapped addresses (::ffff:0:0/96).
  if (address instanceof ipaddr.IPv4) return address.toIPv4MappedAddress().match(range);
  return false;
};

/**
 * A caller is restricted when any DENY rule matches its IP, or when the merchant has ALLOW rules and none
 * matches (an allow-list). No rules: nobody is restricted. An IP that cannot be parsed matches no rule,
 * so it passes a deny-list but not an allow-list.
 */
export const isRegionRestricted = (rules: readonly RegionRule[], ip: string): boolean => {
  const address = parseAddress(ip);
  const hits = (rule: RegionRule): boolean => {
    if (address === undefined) return false;
    const range = parseRange(rule.cidr);
    return range !== undefined && matches(address, range);
  };
  if (rules.some((rule) => rule.action === 'DENY' && hits(rule))) return true;
  const allowRules = rules.filter((rule) => rule.action === 'ALLOW');
  return allowRules.length > 0 && !allowRules.some(hits);
};
