/** Outcomes hold bigints (minor units): stored and sent as decimal strings of minor units, functions dropped. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const toJson = (value: unknown): Json => {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') {
    return value;
  }
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined || typeof item === 'function') continue;
      out[key] = toJson(item);
    }
    return out;
  }
  return null;
};
