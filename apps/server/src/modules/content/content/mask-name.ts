/** Stars put in place of the hidden part: always this many, so the mask does not tell the name's length either. */
export const MASK = '***';

/**
 * A member name as the winner board shows it (spec §3: "names partly masked"): the first two and last two characters
 * of a long name (8 or more), the first and last of a middling one (5 to 7, so at least three stay hidden), only the
 * first of a short one. Counted in code points, so a name in any script masks the same way.
 */
export const maskName = (name: string): string => {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return MASK;
  const kept = chars.length >= 8 ? 2 : chars.length >= 5 ? 1 : 0;
  const head = chars.slice(0, Math.max(kept, 1)).join('');
  const tail = kept === 0 ? '' : chars.slice(chars.length - kept).join('');
  return `${head}${MASK}${tail}`;
};
