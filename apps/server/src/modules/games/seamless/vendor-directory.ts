import ipaddr from 'ipaddr.js';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { VendorRow } from './seamless.repository';

/** A vendor row with its merchant and its allowed sources parsed once. */
export type ConnectedVendor = {
  merchant: Merchant;
  vendor: VendorRow;
  /** Empty: any source (the signature still decides). */
  sources: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
};

/**
 * How long a vendor lookup is trusted. Every call of a round asks, so the answer is kept in memory; an operator's
 * change (status, sources) reaches this node within this time, or at once through `catalogue.changed`.
 */
export const VENDOR_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 1_000;

/**
 * An allowed-sources entry (an address or a CIDR range). An entry that does not parse allows nothing: a typo in the
 * registry must not open the door.
 */
const parseSource = (entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null => {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
};

export const parseSources = (entries: readonly string[]): ConnectedVendor['sources'] =>
  entries.map(parseSource).filter((source) => source !== null);

/** Whether `ip` may call for this vendor (IPv4-mapped IPv6 addresses count as their IPv4 address). */
export const sourceAllowed = (vendor: Pick<ConnectedVendor, 'sources' | 'vendor'>, ip: string): boolean => {
  if (vendor.vendor.allowedSources.length === 0) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return vendor.sources.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
};

export type VendorDirectory = {
  /** The vendor for a merchant code and vendor code, or null when there is no such pair. */
  get(merchantCode: string, vendorCode: string): Promise<ConnectedVendor | null>;
  /** Drops what is known of the merchant's vendors (an operator changed them). */
  invalidate(merchantId: number): void;
};

export const createVendorDirectory = (deps: {
  lookup: (merchantCode: string, vendorCode: string) => Promise<VendorRow | undefined>;
  merchantById: (merchantId: number) => Promise<Merchant>;
  now: Clock;
  ttlMs?: number;
}): VendorDirectory => {
  const ttlMs = deps.ttlMs ?? VENDOR_CACHE_TTL_MS;
  type Entry = { value: Promise<ConnectedVendor | null>; expiresAt: number; merchantId: number | null };
  const entries = new Map<string, Entry>();

  const load = async (merchantCode: string, vendorCode: string): Promise<ConnectedVendor | null> => {
    const vendor = await deps.lookup(merchantCode, vendorCode);
    if (vendor === undefined) return null;
    const merchant = await deps.merchantById(vendor.merchantId);
    return { merchant, vendor, sources: parseSources(vendor.allowedSources) };
  };

  return {
    get: (merchantCode, vendorCode) => {
      const key = `${merchantCode}\u0000${vendorCode}`;
      const found = entries.get(key);
      if (found !== undefined && found.expiresAt > deps.now()) return found.value;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const entry: Entry = { value: load(merchantCode, vendorCode), expiresAt: deps.now() + ttlMs, merchantId: null };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          entry.merchantId = value?.merchant.id ?? null;
        },
        // A failed lookup (the database) is not remembered: the next call asks again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    invalidate: (merchantId) => {
      // Lookups still in flight (merchant not known yet) go too: they may have read the rows before the change.
      for (const [key, entry] of entries) {
        if (entry.merchantId === merchantId || entry.merchantId === null) entries.delete(key);
      }
    },
  };
};
