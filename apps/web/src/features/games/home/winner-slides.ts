import { WINNER_BOARD_ITEMS, WINNER_BOARD_PER_SLIDE } from '@platform/contracts';

/**
 * The winner board's slides (spec §2, §9: 20 items, 4 per slide): at most WINNER_BOARD_ITEMS items, cut into slides
 * of WINNER_BOARD_PER_SLIDE (the last one may be shorter).
 */
export const winnerSlides = <T>(items: readonly T[], perSlide = WINNER_BOARD_PER_SLIDE): T[][] => {
  const capped = items.slice(0, WINNER_BOARD_ITEMS);
  const slides: T[][] = [];
  for (let start = 0; start < capped.length; start += perSlide) slides.push(capped.slice(start, start + perSlide));
  return slides;
};

/** The slide after `step` moves from `index`, wrapping around at both ends. */
export const stepSlide = (index: number, step: number, count: number): number =>
  count === 0 ? 0 : (((index + step) % count) + count) % count;
