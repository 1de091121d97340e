import { sha256 } from '../../../lib/tokens';

/** Up to two initials, letters and digits only (so nothing in them needs escaping in SVG). */
export const initialsOf = (name: string): string => {
  const words = name.split(/[\s._-]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const initials = words
    .slice(0, 2)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .join('');
  return initials === '' ? '?' : initials.toUpperCase();
};

/** GET /wps/member/info/icon: a round avatar with the member's initials, its colour fixed by the member id. */
export const avatarSvg = (name: string, seed: string): string => {
  const initials = initialsOf(name);
  const hue = Math.round(((sha256(seed)[0] ?? 0) * 360) / 256);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img"',
    ` aria-label="${initials}"><rect width="96" height="96" rx="48" fill="hsl(${hue} 55% 42%)"/>`,
    '<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="38"',
    ` font-weight="600" fill="#fff">${initials}</text></svg>`,
  ].join('');
};
