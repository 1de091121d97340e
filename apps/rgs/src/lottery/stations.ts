import type { LotteryDefinition } from './catalogue';
import { DAY_MS } from './schedule';

/**
 * Vietnamese regional draws rotate provinces by weekday (domain-rules §1.8; ADR 0048). Each list is that weekday's
 * provinces in the order the results are published; the first is the main station (đài chính), whose draw the issue
 * is. Index 0 is Sunday. The weekday is the lottery's business day in Vietnam time, never the server's UTC day.
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

/** The main station of a regional VN draw on a business day; null for every other lottery. */
export const stationOf = (lottery: LotteryDefinition, day: number): string | null => {
  const region = lottery.region;
  if (lottery.vendor !== 'TCG_LOTTO_VN' || region === undefined || region === 'fast') return null;
  return VN_STATIONS[region][weekdayOfDay(day)]![0]!;
};

/** Every province drawing that day in the region (the results page lists them). */
export const stationsOf = (lottery: LotteryDefinition, day: number): readonly string[] => {
  const region = lottery.region;
  if (lottery.vendor !== 'TCG_LOTTO_VN' || region === undefined || region === 'fast') return [];
  return VN_STATIONS[region][weekdayOfDay(day)]!;
};

/** The business day of a "2026-11-27" date label. */
export const dayOfLabel = (label: string): number => Math.round(Date.parse(`${label}T00:00:00Z`) / DAY_MS);
