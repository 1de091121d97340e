import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER, type Banner } from '@platform/contracts';
import { useBanners } from '../hooks/use-banners';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { BannerControls, type CarouselHandle } from './banner-controls';
import { BannerImage, BannerLink } from './banner-link';

// Swiper loads only for more than one banner, never in the first page's JavaScript, and only when it is needed: when
// the visitor reaches for the banner, or shortly before the first slide change is due. Until then the first banner is
// a plain picture and the page's start-up has the main thread to itself.
const BannerCarousel = lazy(() => import('./banner-carousel').then((m) => ({ default: m.BannerCarousel })));

/** Swiper is loaded this long before the first banner's 5000 ms are up. */
const LOAD_AHEAD_MS = 1500;
/** Shortest first delay once Swiper is there, so a late load does not turn the slide at once. */
const MIN_FIRST_DELAY_MS = 500;

/** The first banner as a plain picture, where the carousel will put its current slide. */
function FirstBanner({ banner, single, onSettled }: { banner: Banner; single: boolean; onSettled?: () => void }) {
  return (
    <div className={single ? 'home-banner__single' : 'home-banner__first'} data-testid="home-banner-first">
      <BannerLink banner={banner} className="home-banner__link">
        <BannerImage banner={banner} priority {...(onSettled ? { onSettled } : {})} />
      </BannerLink>
    </div>
  );
}

/** More than one banner: the first as a picture with the controls at once, then Swiper (spec: a carousel). */
function Carousel({ banners, first }: { banners: readonly Banner[]; first: Banner }) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const shownAt = useRef<number | null>(null);
  const [firstShown, setFirstShown] = useState(false);
  const [load, setLoad] = useState<{ firstDelayMs: number } | null>(null);
  const [handle, setHandle] = useState<CarouselHandle | null>(null);
  const [active, setActive] = useState(0);
  const [stopped, setStopped] = useState(false);
  // A click before Swiper is there: carried out when it is.
  const pending = useRef<((carousel: CarouselHandle) => void) | null>(null);

  const requestLoad = () =>
    setLoad(
      (current) =>
        current ?? {
          firstDelayMs: Math.max(
            MIN_FIRST_DELAY_MS,
            BANNER.autoplayMs - (shownAt.current === null ? 0 : performance.now() - shownAt.current),
          ),
        },
    );

  useEffect(() => {
    if (!firstShown || reducedMotion || stopped || load) return;
    const timer = window.setTimeout(requestLoad, BANNER.autoplayMs - LOAD_AHEAD_MS);
    return () => window.clearTimeout(timer);
  }, [firstShown, reducedMotion, stopped, load]);

  const act = (action: (carousel: CarouselHandle) => void) => {
    if (handle) {
      action(handle);
      return;
    }
    pending.current = action;
    requestLoad();
  };

  const onReady = (carousel: CarouselHandle) => {
    if (stopped) carousel.stop();
    pending.current?.(carousel);
    pending.current = null;
    setHandle(carousel);
  };

  const toggle = () => {
    const next = !stopped;
    setStopped(next);
    if (next) handle?.stop();
    else handle?.start();
  };

  return (
    <section
      className="home-banner"
      aria-label={t('notices.bannersLabel')}
      aria-roledescription={t('notices.carousel')}
      data-testid="home-banner"
      data-count={banners.length}
      onPointerEnter={requestLoad}
      onTouchStart={requestLoad}
      // Autoplay holds still while the keyboard is on the banner (WCAG 2.2.2).
      onFocus={() => {
        requestLoad();
        handle?.pause();
      }}
      onBlur={() => {
        if (!stopped) handle?.resume();
      }}
    >
      {!handle && (
        <FirstBanner
          banner={first}
          single={false}
          onSettled={() => {
            shownAt.current = performance.now();
            setFirstShown(true);
          }}
        />
      )}
      {load && (
        <div className="banner-carousel" data-ready={handle !== null} data-testid="banner-carousel">
          <Suspense fallback={null}>
            <BannerCarousel
              banners={banners}
              reducedMotion={reducedMotion}
              firstDelayMs={load.firstDelayMs}
              onReady={onReady}
              onActive={setActive}
            />
          </Suspense>
        </div>
      )}
      <BannerControls
        count={banners.length}
        active={active}
        stopped={stopped}
        reducedMotion={reducedMotion}
        onPrev={() => act((carousel) => carousel.prev())}
        onNext={() => act((carousel) => carousel.next())}
        onGoTo={(index) => act((carousel) => carousel.goTo(index))}
        onToggle={toggle}
      />
    </section>
  );
}

/**
 * The w_home banner at the top of the default layout (spec §2 home lobby banner). The area keeps one size whatever
 * arrives (CSS), so nothing below it moves: a placeholder while loading, `fallback` (the brand hero) when there is no
 * banner or the call failed, one picture for one banner, and a carousel for more (spec: only with more than one).
 */
export function HomeBanner({ fallback }: { fallback: ReactNode }) {
  const { t } = useTranslation();
  const query = useBanners('w_home');
  const banners = query.data ?? [];
  const first = banners[0];
  let content: ReactNode;
  if (query.isPending) {
    content = <div className="home-banner__placeholder" data-testid="home-banner-loading" aria-hidden="true" />;
  } else if (!first) {
    content = fallback;
  } else if (banners.length === 1) {
    content = (
      <section className="home-banner" aria-label={t('notices.bannersLabel')} data-testid="home-banner" data-count={1}>
        <FirstBanner banner={first} single />
      </section>
    );
  } else {
    // Other banners (another language): a fresh carousel.
    content = <Carousel key={banners.map((banner) => banner.id).join()} banners={banners} first={first} />;
  }
  return (
    <div className="home-banner-area" data-testid="banner-area">
      {content}
    </div>
  );
}
