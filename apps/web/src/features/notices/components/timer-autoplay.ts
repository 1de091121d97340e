import type { Swiper } from 'swiper';

/** Why the autoplay holds still: the keyboard is on the banner, or the pointer is over it (WCAG 2.2.2). */
export type PauseReason = 'focus' | 'pointer';

export type TimerAutoplay = {
  /** Holds the current slide, keeping what is left of its time, until every reason is resumed. */
  pause: (reason: PauseReason) => void;
  resume: (reason: PauseReason) => void;
  /** The visitor's stop and play control: play starts the current slide's time afresh. */
  stop: () => void;
  start: () => void;
  destroy: () => void;
};

/**
 * The banner's autoplay on one timeout per slide. Swiper's Autoplay module keeps a requestAnimationFrame loop running for
 * as long as it plays, to report the time left, so the browser renders a frame sixty times a second for a picture that
 * changes every five seconds; on a throttled phone that was most of the page's main-thread time once it had loaded.
 *
 * Each slide shows for `delayMs` (the first for `firstDelayMs`, what is left of it since before Swiper came) counted
 * from the end of the transition that brought it, whatever moved it there (this timer, an arrow, a bullet).
 */
export const timerAutoplay = (
  swiper: Swiper,
  { firstDelayMs, delayMs }: { firstDelayMs: number; delayMs: number },
): TimerAutoplay => {
  const paused = new Set<PauseReason>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = 0;
  /** What is left of the current slide's time while it is held. */
  let left = firstDelayMs;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const arm = (ms: number) => {
    clear();
    left = ms;
    if (stopped || paused.size > 0 || swiper.destroyed) return;
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      timer = undefined;
      if (!swiper.destroyed) swiper.slideNext();
    }, ms);
  };

  // A move with a transition stops the clock until the transition ends. An instant one (Swiper settling its loop when it
  // starts, at 0 ms) leaves the current slide's time running: no transition end follows it.
  const onSlideChange = () => {
    if (swiper.wrapperEl?.style.transitionDuration !== '0ms') clear();
  };
  const onTransitionEnd = () => arm(delayMs);
  const onPointerEnter = () => pause('pointer');
  const onPointerLeave = () => resume('pointer');

  function pause(reason: PauseReason) {
    if (paused.size === 0 && timer !== undefined) left = Math.max(0, dueAt - Date.now());
    paused.add(reason);
    clear();
  }
  function resume(reason: PauseReason) {
    paused.delete(reason);
    if (paused.size === 0 && timer === undefined && !swiper.animating) arm(left);
  }

  swiper.on('slideChange', onSlideChange);
  swiper.on('slideChangeTransitionEnd', onTransitionEnd);
  swiper.el.addEventListener('pointerenter', onPointerEnter);
  swiper.el.addEventListener('pointerleave', onPointerLeave);
  arm(firstDelayMs);

  return {
    pause,
    resume,
    stop: () => {
      stopped = true;
      clear();
    },
    start: () => {
      stopped = false;
      if (!swiper.animating) arm(delayMs);
    },
    destroy: () => {
      clear();
      swiper.off('slideChange', onSlideChange);
      swiper.off('slideChangeTransitionEnd', onTransitionEnd);
      swiper.el?.removeEventListener('pointerenter', onPointerEnter);
      swiper.el?.removeEventListener('pointerleave', onPointerLeave);
    },
  };
};
