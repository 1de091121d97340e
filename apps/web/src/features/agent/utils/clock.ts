const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/** "GMT+08:00" for the browser's zone at `date` (getTimezoneOffset is minutes behind UTC, so the sign flips). */
export const gmtOffsetOf = (date: Date): string => {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  return `GMT${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
};

/** "2026-11-21 14:05:09" in local time: the same shape in every language, as reports use. */
export const clockTextOf = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
  `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
