import { currentLocale } from './i18n';

/** "21 Nov 2026, 16:42" in the language in use and the browser's time zone; '' for null, the text for a bad date. */
export const formatDateTime = (iso: string | null, locale = currentLocale()): string => {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** "21 Nov 2026, 16:42" as the clocks of `timeZone` (an IANA zone, the merchant's) show it; '' for null. */
export const formatDateTimeIn = (iso: string | null, timeZone: string, locale = currentLocale()): string => {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    // An unknown zone: the browser's, rather than nothing.
    return formatDateTime(iso, locale);
  }
};

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** How far `timeZone`'s clocks are ahead of UTC at an instant, in ms. */
const zoneOffsetMs = (instantMs: number, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  }).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instantMs / 1000) * 1000;
};

/**
 * A datetime-local input's text ("2026-12-01T20:00") read as the clocks of `timeZone` show it (the merchant's, not the
 * browser's), as an ISO instant. Anything else is returned as it is, for the schema to refuse. The offset is taken
 * twice so a time just after a daylight-saving change lands on the zone's own offset.
 */
export const zonedTimeToIso = (local: string, timeZone: string): string => {
  const match = LOCAL_TIME.exec(local.trim());
  if (match === null) return local;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  try {
    const first = wall - zoneOffsetMs(wall, timeZone);
    return new Date(wall - zoneOffsetMs(first, timeZone)).toISOString();
  } catch {
    return local;
  }
};
