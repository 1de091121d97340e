import { useMemo, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { EffectCoverflow } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import { BANNER, type Banner } from '@platform/contracts';
import type { CarouselHandle } from './banner-controls';
import { BannerImage, BannerLink } from './banner-link';
import { timerAutoplay, type TimerAutoplay } from './timer-autoplay';

/**
 * Loop mode with centred slides needs enough slides around the centred one: Swiper rounds 1.272 per view up to 3 (odd
 * when centred) and keeps 2 on each side, so it asks for at least 5 slides. Fewer banners are repeated to get there.
 */
const MIN_LOOP_SLIDES = 5;

const slidesOf = (banners: readonly Banner[]): Banner[] => {
  const copies = Math.ceil(MIN_LOOP_SLIDES / Math.max(1, banners.length));
  return Array.from({ length: copies }, () => banners).flat();
};

const MODULES = [EffectCoverflow];
const COVERFLOW = { rotate: 0, stretch: 0, depth: 140, modifier: 1, slideShadows: false };

const handleOf = (swiper: SwiperInstance, autoplay: TimerAutoplay | null): CarouselHandle => ({
  next: () => swiper.slideNext(),
  prev: () => swiper.slidePrev(),
  goTo: (index) => swiper.slideToLoop(index),
  pause: () => autoplay?.pause('focus'),
  resume: () => autoplay?.resume('focus'),
  stop: () => autoplay?.stop(),
  start: () => autoplay?.start(),
});

/**
 * The Swiper of the home banner (spec §2, §9): loops, autoplays every 5000 ms (timer-autoplay.ts, not Swiper's module)
 * with 1000 ms transitions, shows 1.272 slides in a coverflow effect. The arrows, bullets and pause button are the banner's own (banner-controls.tsx): they
 * are on screen before this code loads, and drive it through the handle. Reduced motion: no autoplay, no animation.
 * `firstDelayMs`: what is left of the first banner's 5000 ms, which it has been showing since before Swiper came.
 */
export function BannerCarousel({
  banners,
  reducedMotion,
  firstDelayMs,
  onReady,
  onActive,
}: {
  banners: readonly Banner[];
  reducedMotion: boolean;
  firstDelayMs: number;
  onReady: (handle: CarouselHandle) => void;
  onActive: (index: number) => void;
}) {
  const slides = useMemo(() => slidesOf(banners), [banners]);
  const count = banners.length;
  // The first delay is read once; later ones are BANNER.autoplayMs.
  const [firstDelay] = useState(firstDelayMs);
  return (
    <Swiper
      className="banner-carousel__swiper"
      modules={MODULES}
      loop
      centeredSlides
      slidesPerView={BANNER.slidesPerView}
      speed={reducedMotion ? 0 : BANNER.transitionMs}
      effect="coverflow"
      coverflowEffect={COVERFLOW}
      onSwiper={(swiper) => {
        const autoplay = reducedMotion
          ? null
          : timerAutoplay(swiper, { firstDelayMs: firstDelay, delayMs: BANNER.autoplayMs });
        if (autoplay) swiper.on('destroy', autoplay.destroy);
        onReady(handleOf(swiper, autoplay));
      }}
      onRealIndexChange={(swiper) => onActive(swiper.realIndex % count)}
    >
      {slides.map((banner, index) => (
        <SwiperSlide key={`${banner.id}-${index}`} className="banner-carousel__slide" data-testid="banner-slide">
          {({ isActive }) => (
            <BannerLink banner={banner} className="home-banner__link" hidden={!isActive}>
              <BannerImage banner={banner} />
            </BannerLink>
          )}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
