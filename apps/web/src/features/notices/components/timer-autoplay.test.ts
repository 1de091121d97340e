import type { Swiper } from 'swiper';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timerAutoplay } from './timer-autoplay';

/** What timerAutoplay uses of a Swiper: its events, its element, its wrapper's transition and slideNext. */
const fakeSwiper = (transitionMs = 1000) => {
  const listeners = new Map<string, Set<() => void>>();
  const el = document.createElement('div');
  const wrapperEl = document.createElement('div');
  const swiper = {
    el,
    wrapperEl,
    destroyed: false,
    animating: false,
    slides: 0,
    on: (name: string, fn: () => void) => listeners.set(name, (listeners.get(name) ?? new Set()).add(fn)),
    off: (name: string, fn: () => void) => listeners.get(name)?.delete(fn),
    emit: (name: string) => listeners.get(name)?.forEach((fn) => fn()),
    /** A move with a transition, as Swiper makes it: slideChange at the start, the transition's end later. */
    slideNext: vi.fn(() => {
      swiper.slides += 1;
      wrapperEl.style.transitionDuration = `${transitionMs}ms`;
      swiper.emit('slideChange');
      swiper.animating = true;
      setTimeout(() => {
        swiper.animating = false;
        swiper.emit('slideChangeTransitionEnd');
      }, transitionMs);
    }),
  };
  return swiper;
};

describe('banner autoplay on a timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should show the first slide for what is left of its time, then each slide 5000 ms after its transition', () => {
    const swiper = fakeSwiper();
    timerAutoplay(swiper as unknown as Swiper, { firstDelayMs: 1500, delayMs: 5000 });
    vi.advanceTimersByTime(1499);
    expect(swiper.slides).toBe(0);
    vi.advanceTimersByTime(1);
    expect(swiper.slides).toBe(1);
    // 1000 ms of transition, then 5000 ms of showing.
    vi.advanceTimersByTime(5999);
    expect(swiper.slides).toBe(1);
    vi.advanceTimersByTime(1);
    expect(swiper.slides).toBe(2);
  });

  it('should hold while the keyboard or the pointer is on the banner, and go on with the time that was left', () => {
    const swiper = fakeSwiper();
    const autoplay = timerAutoplay(swiper as unknown as Swiper, { firstDelayMs: 5000, delayMs: 5000 });
    vi.advanceTimersByTime(3000);
    autoplay.pause('focus');
    swiper.el.dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(20_000);
    expect(swiper.slides).toBe(0);
    autoplay.resume('focus');
    vi.advanceTimersByTime(20_000);
    // Still held: the pointer is on it.
    expect(swiper.slides).toBe(0);
    swiper.el.dispatchEvent(new Event('pointerleave'));
    vi.advanceTimersByTime(1999);
    expect(swiper.slides).toBe(0);
    vi.advanceTimersByTime(1);
    expect(swiper.slides).toBe(1);
  });

  it('should stop for the visitor and start again with a full slide time', () => {
    const swiper = fakeSwiper();
    const autoplay = timerAutoplay(swiper as unknown as Swiper, { firstDelayMs: 5000, delayMs: 5000 });
    vi.advanceTimersByTime(4000);
    autoplay.stop();
    vi.advanceTimersByTime(60_000);
    expect(swiper.slides).toBe(0);
    autoplay.start();
    vi.advanceTimersByTime(4999);
    expect(swiper.slides).toBe(0);
    vi.advanceTimersByTime(1);
    expect(swiper.slides).toBe(1);
  });

  it("should keep the slide's time through an instant move (Swiper settling its loop) and stop after destroy", () => {
    const swiper = fakeSwiper();
    const autoplay = timerAutoplay(swiper as unknown as Swiper, { firstDelayMs: 2000, delayMs: 5000 });
    swiper.wrapperEl.style.transitionDuration = '0ms';
    swiper.emit('slideChange');
    vi.advanceTimersByTime(2000);
    expect(swiper.slides).toBe(1);
    autoplay.destroy();
    vi.advanceTimersByTime(60_000);
    expect(swiper.slides).toBe(1);
  });

  it('should never ask for animation frames while it plays (the browser renders only when a slide moves)', () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const swiper = fakeSwiper();
    timerAutoplay(swiper as unknown as Swiper, { firstDelayMs: 5000, delayMs: 5000 });
    vi.advanceTimersByTime(60_000);
    expect(swiper.slides).toBeGreaterThanOrEqual(9);
    expect(frames).not.toHaveBeenCalled();
    frames.mockRestore();
  });
});
