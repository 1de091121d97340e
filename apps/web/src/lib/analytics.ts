/**
 * Google Analytics is loaded only when the operator configured a measurement id (analytics.gtagId):
 * no third-party script, cookie or request otherwise (spec §4: configuration, then analytics, then the app).
 */
const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';
const GTAG_ID_PATTERN = /^[A-Z]{1,3}-[A-Z0-9-]{4,20}$/;

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

export const loadAnalytics = (gtagId: string | null, doc: Document = document): boolean => {
  // The id ends up in a script URL: accept only the documented shape (G-XXXX, UA-XXXX-1, AW-XXXX).
  if (!gtagId || !GTAG_ID_PATTERN.test(gtagId)) return false;
  if (doc.querySelector(`script[data-gtag-id]`)) return true;
  const win = window as GtagWindow;
  win.dataLayer = win.dataLayer ?? [];
  // gtag.js reads `arguments` objects from dataLayer, so this must push `arguments`, not an array copy.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer?.push(arguments);
  };
  win.gtag('js', new Date());
  win.gtag('config', gtagId);
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTAG_SRC}?id=${encodeURIComponent(gtagId)}`;
  script.dataset.gtagId = gtagId;
  doc.head.appendChild(script);
  return true;
};
