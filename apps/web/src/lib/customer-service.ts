import { CUSTOMER_SERVICE_WINDOW, ROUTES, decodeCsPath, type CustomerServiceEntry } from '@platform/contracts';

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

/**
 * The service window's address: a LIVECHAT entry opens our own chat (issue 22: /service in the 440x750 window);
 * without one, the first entry that decodes (Telegram, WhatsApp... spec §3 customer service).
 */
export const customerServiceUrl = (entries: readonly CustomerServiceEntry[]): string | null => {
  if (entries.some((entry) => entry.csType.toUpperCase() === 'LIVECHAT')) {
    return new URL(ROUTES.service, window.location.origin).href;
  }
  for (const entry of entries) {
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
