import { VN_REGION_NAMES, type LotteryDefinition } from './catalogue';
import { DAY_MS } from './schedule';

/**
 * Vietnamese regional draws rotate provinces by weekday (domain-rules §1.8; ADR 0048). Each list is that weekday's
 * provinces in the order the results are published; the first is the main station (đài chính). Each province drawing
 * that day is the draw of one station slot lottery (vn-south, vn-south-2 …; ADR 0050). Index 0 is Sunday. The weekday is the lottery's business day in Vietnam time, never the server's UTC day.
 */
export const VN_STATIONS: Record<'north' | 'central' | 'south', readonly (readonly string[])[]> = {
  north: [['Thái Bình'], ['Hà Nội'], ['Quảng Ninh'], ['Bắc Ninh'], ['Hà Nội'], ['Hải Phòng'], ['Nam Định']],
  central: [
    ['Kon Tum', 'Khánh Hòa', 'Thừa Thiên Huế'],
    ['Thừa Thiên Huế', 'Phú Yên'],
    ['Đắk Lắk', 'Quảng Nam'],
    ['Đà Nẵng', 'Khánh Hòa'],
    ['Bình Định', 'Quảng Trị', 'Quảng Bình'],
    ['Gia Lai', 'Ninh Thuận'],
    ['Đà Nẵng', 'Quảng Ngãi', 'Đắk Nông'],
  ],
  south: [
    ['Tiền Giang', 'Kiên Giang', 'Đà Lạt'],
    ['TP. Hồ Chí Minh', 'Đồng Tháp', 'Cà Mau'],
    ['Bến Tre', 'Vũng Tàu', 'Bạc Liêu'],
    ['Đồng Nai', 'Cần Thơ', 'Sóc Trăng'],
    ['Tây Ninh', 'An Giang', 'Bình Thuận'],
    ['Vĩnh Long', 'Bình Dương', 'Trà Vinh'],
    ['TP. Hồ Chí Minh', 'Long An', 'Bình Phước', 'Hậu Giang'],
  ],
};

/** 0 = Sunday … 6 = Saturday, of a business day counted in days since the epoch (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number): number => (((day + 4) % 7) + 7) % 7;

/**
 * The province a regional VN draw's station slot is held for on a business day (ADR 0050): slot 1 is the main
 * station, slot n the n-th province listed for the weekday; null on a day with fewer provinces, and for every other
 * lottery.
 */
export const stationOf = (lottery: LotteryDefinition, day: number): string | null => {
  const region = lottery.region;
  if (lottery.vendor !== 'TCG_LOTTO_VN' || region === undefined || region === 'fast') return null;
  return VN_STATIONS[region][weekdayOfDay(day)]![(lottery.slot ?? 1) - 1] ?? null;
};

/** Whether the lottery draws on that business day: a regional VN station slot only on days with that many provinces. */
export const drawsOn = (lottery: LotteryDefinition, day: number): boolean =>
  lottery.vendor !== 'TCG_LOTTO_VN' || lottery.region === undefined || lottery.region === 'fast'
    ? true
    : stationOf(lottery, day) !== null;

/** Every province drawing that day in the region (the results page lists them). */
export const stationsOf = (lottery: LotteryDefinition, day: number): readonly string[] => {
  const region = lottery.region;
  if (lottery.vendor !== 'TCG_LOTTO_VN' || region === undefined || region === 'fast') return [];
  return VN_STATIONS[region][weekdayOfDay(day)]!;
};

/**
 * A regional VN draw's name with the province it is held for ("Vietnam South · Bến Tre"), in EN and TY; the
 * catalogue's name when no province is known (a slot with no issue ahead) and for every other lottery.
 */
export const nameWithStation = (
  lottery: LotteryDefinition,
  station: string | null,
): { readonly en: string; readonly ty: string } => {
  const region = lottery.region;
  if (station === null || lottery.vendor !== 'TCG_LOTTO_VN' || region === undefined || region === 'fast') {
    return lottery.name;
  }
  const base = VN_REGION_NAMES[region];
  return { en: `${base.en} · ${station}`, ty: `${base.ty} · ${station}` };
};

/** The station slot lotteries of a region, main station first (vn-south, vn-south-2 …). */
export const slotsOf = (lotteries: readonly LotteryDefinition[], region: 'north' | 'central' | 'south') =>
  lotteries
    .filter((l) => l.vendor === 'TCG_LOTTO_VN' && l.region === region && l.slot !== undefined)
    .sort((a, b) => (a.slot ?? 1) - (b.slot ?? 1));

/** The business day of a "2026-11-27" date label. */
export const dayOfLabel = (label: string): number => Math.round(Date.parse(`${label}T00:00:00Z`) / DAY_MS);
