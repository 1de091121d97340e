import ipaddr from 'ipaddr.js';
import type { FieldError, OpsWhitelabelNode, WhitelabelNode } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { WhitelabelFlagRow } from './config-ops.repository';

/**
 * Rules of the configuration that need the stored rows (the contracts' schemas check everything that does not): pure
 * functions, each returning the field errors it finds, so a service collects them all and writes nothing when any.
 */

/** A VALIDATION_FAILED whose value names each failing field, the same shape parseInput gives (STAFF.md). */
export const fieldsError = (what: string, fields: readonly FieldError[]): AppError =>
  new AppError(
    'VALIDATION_FAILED',
    400,
    `Invalid ${what}: ${fields
      .slice(0, 5)
      .map((field) => (field.path === '' ? field.message : `${field.path}: ${field.message}`))
      .join('; ')}`,
    { value: { fields } },
  );

/** The names of a submitted list must be exactly the stored ones: none unknown (`<list>.<i>.<key>`), none missing. */
export const sameSetErrors = (
  list: string,
  key: string,
  submitted: readonly string[],
  stored: readonly string[],
  unknownMessage: string,
): FieldError[] => {
  const known = new Set(stored);
  const errors: FieldError[] = submitted.flatMap((name, index) =>
    known.has(name) ? [] : [{ path: `${list}.${index}.${key}`, message: unknownMessage }],
  );
  const missing = stored.filter((name) => !submitted.includes(name));
  if (missing.length > 0) errors.push({ path: list, message: `must list every entry; missing ${missing.join(', ')}` });
  return errors;
};

/** Deeper than any real tree (whitelabel-tree.ts has the same bound); stops a cycle in the rows. */
const MAX_DEPTH = 16;

/** The first ancestor of `modId` that is off in `flags`, or null when the whole chain above it is on. */
export const offAncestor = (
  modId: string,
  parents: ReadonlyMap<string, string | null>,
  flags: ReadonlyMap<string, boolean>,
): string | null => {
  let parent = parents.get(modId) ?? null;
  for (let depth = 0; parent !== null && depth < MAX_DEPTH; depth += 1) {
    if (flags.get(parent) !== true) return parent;
    parent = parents.get(parent) ?? null;
  }
  return null;
};

/**
 * The staff view of the tree the player side builds (buildWhitelabelTree): same nesting and order, `effective` from
 * the player tree, `enabled` the stored flag.
 */
export const opsWhitelabelTree = (
  playerTree: readonly WhitelabelNode[],
  rows: readonly WhitelabelFlagRow[],
): OpsWhitelabelNode[] => {
  const stored = new Map(rows.map((row) => [row.modId, row.enabled]));
  const walk = (nodes: readonly WhitelabelNode[]): OpsWhitelabelNode[] =>
    nodes.map((node) => ({
      modId: node.modId,
      enabled: stored.get(node.modId) ?? false,
      effective: node.enabled === 1,
      childrenNodes: walk(node.childrenNodes),
    }));
  return walk(playerTree);
};

/**
 * The PostgreSQL cidr type refuses a network with bits set right of the mask (203.0.113.7/24); say which network was
 * probably meant instead of failing at insert. A bare address is one host.
 */
export const cidrProblem = (cidr: string): string | null => {
  if (!cidr.includes('/')) return ipaddr.isValid(cidr) ? null : 'must be an IP address or a network';
  try {
    const [address, bits] = ipaddr.parseCIDR(cidr);
    const network =
      address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
    return network.toString() === address.toString()
      ? null
      : `has host bits set; the network is ${network.toString()}/${bits}`;
  } catch {
    return 'must be an IP address or a network';
  }
};
