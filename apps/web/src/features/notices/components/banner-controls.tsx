import { useTranslation } from 'react-i18next';

/** What the controls ask of the carousel once Swiper is there (banner-carousel.tsx). */
export type CarouselHandle = {
  next: () => void;
  prev: () => void;
  goTo: (index: number) => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  start: () => void;
};

/**
 * The carousel's previous and next arrows, its pause button (WCAG 2.2.2) and one bullet per banner (spec §2: arrows
 * and clickable pagination). They belong to the banner, not to Swiper: they are on screen with the first picture,
 * before Swiper has loaded, and a click then is carried out once it has.
 */
export function BannerControls({
  count,
  active,
  stopped,
  reducedMotion,
  onPrev,
  onNext,
  onGoTo,
  onToggle,
}: {
  count: number;
  active: number;
  stopped: boolean;
  reducedMotion: boolean;
  onPrev: () => void;
  onNext: () => void;
  onGoTo: (index: number) => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="banner-carousel__arrow banner-carousel__arrow--prev"
        aria-label={t('notices.previousBanner')}
        data-testid="banner-prev"
        onClick={onPrev}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" fill="currentColor" />
        </svg>
      </button>
      <button
        type="button"
        className="banner-carousel__arrow banner-carousel__arrow--next"
        aria-label={t('notices.nextBanner')}
        data-testid="banner-next"
        onClick={onNext}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6z" fill="currentColor" />
        </svg>
      </button>
      <div className="banner-carousel__controls">
        {!reducedMotion && (
          <button
            type="button"
            className="banner-carousel__toggle"
            aria-label={stopped ? t('notices.playBanners') : t('notices.pauseBanners')}
            data-testid="banner-autoplay"
            onClick={onToggle}
          >
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path d={stopped ? 'M7 4v16l13-8z' : 'M6 4h4v16H6zm8 0h4v16h-4z'} fill="currentColor" />
            </svg>
          </button>
        )}
        <div className="banner-carousel__pagination" role="group" aria-label={t('notices.bannerPages')}>
          {Array.from({ length: count }, (_, index) => (
            <button
              key={index}
              type="button"
              className="banner-carousel__bullet"
              aria-label={t('notices.showBanner', { index: index + 1, total: count })}
              aria-current={index === active ? 'true' : undefined}
              data-testid="banner-bullet"
              onClick={() => onGoTo(index)}
            />
          ))}
        </div>
      </div>
    </>
  );
}
