import { CUSTOMER_SERVICE_WINDOW, decodeCsPath, type CustomerServiceEntry } from '@platform/contracts';

/**
 * Only web links may leave the app: a decoded path is operator data, and a `javascript:` or `data:` URL
 * in a window.open call would run in our origin.
 */
export const toSafeUrl = (value: string): string | null => {
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

export const decodeEntry = (entry: CustomerServiceEntry): string | null => {
  const decoded = decodeCsPath(entry.path);
  return decoded === null ? null : toSafeUrl(decoded);
};

/** The live-chat link (csType LIVECHAT), else the first entry that decodes (spec §3 customer service). */
export const customerServiceUrl = (entries: readonly CustomerServiceEntry[]): string | null => {
  const livechat = entries.find((entry) => entry.csType.toUpperCase() === 'LIVECHAT');
  const ordered = livechat ? [livechat, ...entries.filter((entry) => entry !== livechat)] : entries;
  for (const entry of ordered) {
    const url = decodeEntry(entry);
    if (url) return url;
  }
  return null;
};

const windowFeatures = () => {
  const { width, height } = CUSTOMER_SERVICE_WINDOW;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
};

/**
 * Opens the service window (spec §9: 440x750). Returns false when the browser blocked the popup so the
 * caller can say so ("Popup blocked, allow popups", spec §8).
 */
export const openCustomerService = (url: string): boolean => {
  const popup = window.open(url, 'customerService', windowFeatures());
  if (!popup) return false;
  // Cut the back-reference by hand: `noopener` in the features would also stop reuse of the named window.
  popup.opener = null;
  return true;
};
