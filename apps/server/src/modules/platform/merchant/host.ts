/**
 * The host a merchant is looked up by: lower case, no port, no trailing dot, IPv6 without brackets
 * (`[::1]:8080` → `::1`, `Luckystar.Example.:443` → `luckystar.example`).
 */
export const normalizeHost = (host: string): string => {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end > 0 ? trimmed.slice(1, end) : '';
  }
  const withoutPort = trimmed.split(':', 1)[0] ?? '';
  return withoutPort.endsWith('.') ? withoutPort.slice(0, -1) : withoutPort;
};
