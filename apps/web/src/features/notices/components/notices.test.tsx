import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BANNER } from '@platform/contracts';
import {
  api,
  banner,
  notice,
  noticeGroups,
  renderNotices,
  resetNoticesAfterEach,
  stubMedia,
} from './notices.test-support';

resetNoticesAfterEach();

describe('home banner', () => {
  it('should keep the brand hero when there is no banner', async () => {
    api();
    await renderNotices();
    expect(await screen.findByTestId('hero')).toBeVisible();
    expect(screen.queryByTestId('home-banner')).not.toBeInTheDocument();
  });

  it('should show one banner as a picture, without a carousel', async () => {
    api({ banners: { w_home: [banner('1')] } });
    await renderNotices();
    const area = await screen.findByTestId('home-banner');
    const image = within(area).getByRole('img', { name: 'Banner 1' });
    expect(image).toHaveAttribute('fetchpriority', 'high');
    fireEvent.load(image);
    // Nothing to rotate: no Swiper, no arrows, no bullets.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('banner-carousel')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next banner' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('hero')).not.toBeInTheDocument();
  });

  it('should become a carousel with arrows and one bullet per banner for more than one banner', async () => {
    api({ banners: { w_home: [banner('1'), banner('2'), banner('3')] } });
    const { user } = await renderNotices();
    const area = await screen.findByTestId('home-banner');
    // The first banner is a plain picture at once, with the arrows and bullets; Swiper is not loaded yet.
    expect(within(area).getByRole('img', { name: 'Banner 1' })).toHaveAttribute('fetchpriority', 'high');
    expect(within(area).getByRole('button', { name: 'Previous banner' })).toBeInTheDocument();
    expect(within(area).getByRole('button', { name: 'Next banner' })).toBeInTheDocument();
    const bullets = within(area).getAllByRole('button', { name: /^Banner \d of 3$/ });
    expect(bullets).toHaveLength(3);
    expect(bullets[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByTestId('banner-carousel')).not.toBeInTheDocument();

    // A bullet clicked before Swiper is there loads it, and is carried out once it is.
    await user.click(bullets[2]!);
    const carousel = await screen.findByTestId('banner-carousel');
    await waitFor(() => expect(carousel).toHaveAttribute('data-ready', 'true'));
    expect(screen.queryByTestId('home-banner-first')).not.toBeInTheDocument();
    expect(within(carousel).getAllByTestId('banner-slide').length).toBeGreaterThanOrEqual(5);
    await waitFor(() => expect(bullets[2]).toHaveAttribute('aria-current', 'true'));
    expect(bullets[0]).not.toHaveAttribute('aria-current');
    await user.click(bullets[1]!);
    await waitFor(() => expect(bullets[1]).toHaveAttribute('aria-current', 'true'));
  });

  it('should load Swiper when the visitor reaches for the banner', async () => {
    api({ banners: { w_home: [banner('1'), banner('2')] } });
    await renderNotices();
    const area = await screen.findByTestId('home-banner');
    fireEvent.pointerEnter(area);
    const carousel = await screen.findByTestId('banner-carousel');
    await waitFor(() => expect(carousel).toHaveAttribute('data-ready', 'true'));
  });

  it('should load Swiper by itself shortly before the first slide change is due', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api({ banners: { w_home: [banner('1'), banner('2')] } });
      await renderNotices();
      fireEvent.load(await screen.findByRole('img', { name: 'Banner 1' }));
      act(() => vi.advanceTimersByTime(BANNER.autoplayMs - 2000));
      expect(screen.queryByTestId('banner-carousel')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      expect(await screen.findByTestId('banner-carousel')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  // The arrows and the loop need real layout (jsdom has no sizes, so Swiper locks): e2e/notices.e2e.ts covers them.
  it('should not autoplay for a user who asked for reduced motion', async () => {
    stubMedia(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api({ banners: { w_home: [banner('1'), banner('2')] } });
      await renderNotices();
      fireEvent.load(await screen.findByRole('img', { name: 'Banner 1' }));
      // No pause button (nothing plays), and nothing loads by itself.
      expect(screen.queryByTestId('banner-autoplay')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(BANNER.autoplayMs * 2));
      expect(screen.queryByTestId('banner-carousel')).not.toBeInTheDocument();
      // Two banners are repeated for the loop, but the bullets stay one per banner.
      expect(screen.getAllByTestId('banner-bullet')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should link a banner with a path in the app, another site in a new tab, and not link one without url', async () => {
    api({ banners: { w_home: [banner('1', '/promotions')] } });
    const { user } = await renderNotices();
    const link = await screen.findByRole('link', { name: 'Banner 1' });
    expect(link).toHaveAttribute('href', '/promotions');
    expect(link).not.toHaveAttribute('target');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Promotions' })).toBeVisible();
  });

  it('should open an external banner in a new tab without an opener', async () => {
    api({ banners: { w_home: [banner('1', 'https://partner.example/offer')] } });
    await renderNotices();
    const link = await screen.findByRole('link', { name: /Banner 1/ });
    expect(link).toHaveAttribute('href', 'https://partner.example/offer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('should show a banner without url as a plain picture', async () => {
    api({ banners: { w_home: [banner('1', null)] } });
    await renderNotices();
    const image = await screen.findByRole('img', { name: 'Banner 1' });
    expect(image.closest('a')).toBeNull();
  });

  it('should show the w_leftmenu banner only when the group has one', async () => {
    api({ banners: { w_leftmenu: [{ ...banner('9', '/promotions'), groupName: 'w_leftmenu' }] } });
    await renderNotices();
    expect(await within(screen.getByTestId('side')).findByTestId('banner-w_leftmenu')).toBeVisible();
  });
});

describe('notice marquee', () => {
  it('should show the player notices (PL), not the history (H)', async () => {
    api({ notices: () => noticeGroups({ player: [notice('1', 'PL'), notice('2', 'H'), notice('3', 'PL')] }) });
    await renderNotices();
    const items = await screen.findAllByTestId('notice-marquee-item');
    expect(items.map((item) => item.textContent)).toEqual(['PL notice 1 Text of 1', 'PL notice 3 Text of 3']);
    // Scrolling: a second, hidden copy follows the first.
    expect(screen.getByTestId('notice-marquee-track')).toBeInTheDocument();
    expect(screen.getByTestId('notice-marquee')).toHaveAttribute('data-motion', 'scroll');
  });

  it('should stand still as a list with reduced motion', async () => {
    stubMedia(true);
    api({ notices: () => noticeGroups({ player: [notice('1', 'PL')] }) });
    await renderNotices();
    expect(await screen.findAllByTestId('notice-marquee-item')).toHaveLength(1);
    expect(screen.queryByTestId('notice-marquee-track')).not.toBeInTheDocument();
    expect(screen.getByTestId('notice-marquee')).toHaveAttribute('data-motion', 'static');
  });

  it('should say so when there is no notice', async () => {
    api();
    await renderNotices();
    expect(await screen.findByTestId('notice-marquee-empty')).toHaveTextContent('No announcements right now.');
  });

  it('should open the popup on the notice clicked', async () => {
    sessionStorage.setItem('ANONYMOUS', 'closed');
    api({ notices: () => noticeGroups({ player: [notice('1', 'PL'), notice('2', 'PL')] }) });
    const { user } = await renderNotices();
    const items = await screen.findAllByTestId('notice-marquee-item');
    await user.click(items[1]!);
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(within(dialog).getByTestId('announcement-detail')).toHaveTextContent('PL notice 2');
  });
});
