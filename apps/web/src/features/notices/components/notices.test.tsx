import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER, type Banner, type Notice, type NoticeGroups } from '@platform/contracts';
import { App } from '@/app/app';
import { changeLanguage, fullPackReady, initI18n } from '@/lib/i18n/i18n';
import { startSession } from '@/lib/session';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig, makeLoginResponse } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';
import { closeAnnouncements } from '../hooks/announcements';
import { AnnouncementPopup } from './announcement-popup';
import { GroupBanner } from './group-banner';
import { HomeBanner } from './home-banner';
import { NoticeBell } from './notice-bell';
import { NoticeMarquee } from './notice-marquee';

/** matchMedia that answers only the reduced-motion query, as the user's setting says. */
const stubMedia = (reducedMotion: boolean) => {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('prefers-reduced-motion') ? reducedMotion : false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
};

const banner = (id: string, url: string | null = null): Banner => ({
  id,
  groupName: 'w_home',
  imageUrl: `/wps/game/art/banner/${id}`,
  url,
  title: `Banner ${id}`,
});

let published = Date.parse('2026-05-01T00:00:00Z');
const notice = (id: string, type: Notice['type'], extra: Partial<Notice> = {}): Notice => {
  published -= 60_000;
  return {
    id,
    type,
    title: `${type} notice ${id}`,
    content: `Text of ${id}`,
    promotionType: type === 'PR' ? 'DEPOSIT_BONUS' : null,
    execution: 'B',
    publishedAt: new Date(published).toISOString(),
    ...extra,
  };
};

const noticeGroups = (partial: Partial<NoticeGroups> = {}): NoticeGroups => ({
  banners: [],
  player: [],
  popup: [],
  promotion: [],
  ...partial,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The notices pieces as the default layout places them, around a page. */
function Harness() {
  return (
    <>
      <NoticeBell />
      <HomeBanner fallback={<p data-testid="hero">Brand hero</p>} />
      <NoticeMarquee />
      <aside data-testid="side">
        <GroupBanner group="w_leftmenu" />
      </aside>
      <Outlet />
      <Where />
      <AnnouncementPopup />
    </>
  );
}

const renderNotices = async (path = '/') => {
  const config = makeConfig();
  await initI18n(config.language);
  // Pages wait for the whole pack (router.tsx); so do components rendered on their own here.
  await fullPackReady();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Harness />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'member', element: <h1>Member centre</h1> },
          { path: 'promotions', element: <h1>Promotions</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(<App config={config} router={router} />);
  return { router, user };
};

type Api = {
  banners?: Partial<Record<string, Banner[]>>;
  notices?: (url: URL) => NoticeGroups;
};

const api = ({ banners = {}, notices = () => noticeGroups() }: Api = {}) =>
  mockApi({
    'GET /wps/content/banners': (_init, url) => ({ list: banners[url.searchParams.get('groupName') ?? ''] ?? [] }),
    'GET /wps/notices': (_init, url) => notices(url),
    'PUT /wps/system/language': () => null,
  });

beforeEach(() => stubMedia(false));
afterEach(async () => {
  closeAnnouncements();
  await act(() => changeLanguage('EN'));
});

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

describe('announcement popup', () => {
  const twelvePopups = () =>
    noticeGroups({
      popup: Array.from({ length: 11 }, (_, index) => notice(`pu${index + 1}`, 'PU')),
      promotion: [notice('pr1', 'PR', { publishedAt: '2026-06-01T00:00:00Z' })],
    });

  it('should open by itself with 9 items per page, a pager, and the chosen item on the right', async () => {
    api({ notices: twelvePopups });
    const { user } = await renderNotices();
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Announcements' })).toBeVisible();
    // Focus moves into it once it has been drawn, on its first control (the close button), as a dialog's should.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    const list = await within(dialog).findByTestId('announcement-list');
    expect(within(list).getAllByTestId('announcement-item')).toHaveLength(9);
    expect(within(dialog).getByTestId('announcement-page')).toHaveTextContent('Page 1 of 2');
    expect(within(dialog).getByTestId('announcement-prev')).toBeDisabled();

    await user.click(within(list).getAllByTestId('announcement-item')[3]!);
    expect(within(dialog).getByTestId('announcement-detail')).toHaveTextContent('PU notice pu3');

    await user.click(within(dialog).getByTestId('announcement-next'));
    expect(within(dialog).getByTestId('announcement-page')).toHaveTextContent('Page 2 of 2');
    const second = within(dialog).getAllByTestId('announcement-item');
    expect(second.map((item) => item.querySelector('.announcements__item-title')?.textContent)).toEqual([
      'PU notice pu9',
      'PU notice pu10',
      'PU notice pu11',
    ]);
    expect(within(dialog).getByTestId('announcement-next')).toBeDisabled();
    expect(within(dialog).getByTestId('announcement-detail')).toHaveTextContent('PU notice pu9');
  });

  it('should lead a promotion Go button to the reward centre', async () => {
    api({ notices: twelvePopups });
    const { user } = await renderNotices();
    const dialog = await screen.findByTestId('announcement-dialog');
    // Newest first: the promotion heads the list and is shown.
    expect(within(dialog).getByTestId('announcement-detail')).toHaveTextContent('PR notice pr1');
    const go = within(dialog).getByRole('link', { name: 'Go' });
    expect(go).toHaveAttribute('href', '/member?page=rewardCenter&promotionType=DEPOSIT_BONUS');
    await user.click(go);
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/member?page=rewardCenter&promotionType=DEPOSIT_BONUS',
    );
    expect(screen.queryByTestId('announcement-dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('ANONYMOUS')).not.toBeNull();
  });

  it('should not show a Go button on a plain popup notice', async () => {
    api({ notices: () => noticeGroups({ popup: [notice('pu1', 'PU')] }) });
    await renderNotices();
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(within(dialog).getByTestId('announcement-detail')).toHaveTextContent('PU notice pu1');
    expect(within(dialog).queryByRole('link', { name: 'Go' })).not.toBeInTheDocument();
  });

  it('should stay closed for the session once closed, per audience, and show the member popup after a login', async () => {
    const fetchMock = api({
      notices: (url) =>
        url.searchParams.get('execution') === 'A'
          ? noticeGroups({ popup: [notice('member', 'PU', { execution: 'A' })] })
          : noticeGroups({ popup: [notice('guest', 'PU')] }),
    });
    const { user } = await renderNotices();
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(within(dialog).getByTestId('announcement-detail')).toHaveTextContent('PU notice guest');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('announcement-dialog')).not.toBeInTheDocument());
    expect(sessionStorage.getItem('ANONYMOUS')).not.toBeNull();
    expect(callsTo(fetchMock, 'GET', '/wps/notices')[0]?.[0]).toContain('execution=B');

    // A login changes the audience: the member notices load and the member popup shows once.
    act(() => startSession(makeLoginResponse()));
    const member = await screen.findByTestId('announcement-dialog');
    expect(within(member).getByTestId('announcement-detail')).toHaveTextContent('PU notice member');
    expect(within(member).queryByText('PU notice guest')).not.toBeInTheDocument();
    expect(String(callsTo(fetchMock, 'GET', '/wps/notices').at(-1)?.[0])).toContain('execution=A');
    await user.click(within(member).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('announcement-dialog')).not.toBeInTheDocument());
    expect(sessionStorage.getItem('USER')).not.toBeNull();
  });

  it('should not open by itself when this audience closed it earlier in the session', async () => {
    sessionStorage.setItem('ANONYMOUS', 'closed');
    api({ notices: () => noticeGroups({ popup: [notice('pu1', 'PU')] }) });
    await renderNotices();
    expect(await screen.findAllByTestId('notice-marquee-empty')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('announcement-dialog')).not.toBeInTheDocument();
  });

  it('should load the notices again in the new language', async () => {
    sessionStorage.setItem('ANONYMOUS', 'closed');
    const fetchMock = api({
      notices: (url) =>
        noticeGroups({
          player: [notice('1', 'PL', { title: url.searchParams.get('language') === 'TY' ? 'Balita' : 'News' })],
        }),
    });
    await renderNotices();
    const titles = () =>
      screen.getAllByTestId('notice-marquee-item').map((item) => item.querySelector('strong')?.textContent);
    await waitFor(() => expect(titles()).toEqual(['News']));
    await act(() => changeLanguage('TY'));
    await waitFor(() => expect(titles()).toEqual(['Balita']));
    const languages = callsTo(fetchMock, 'GET', '/wps/notices').map(([input]) =>
      new URL(String(input), 'http://localhost').searchParams.get('language'),
    );
    expect(languages).toEqual(['EN', 'TY']);
  });
});

describe('notice bell', () => {
  it('should count unseen notices and open the full list, then count none', async () => {
    sessionStorage.setItem('ANONYMOUS', 'closed');
    api({
      notices: () =>
        noticeGroups({
          banners: [notice('b1', 'B')],
          player: [notice('pl1', 'PL'), notice('h1', 'H')],
          popup: [notice('pu1', 'PU')],
          promotion: [notice('pr1', 'PR')],
        }),
    });
    const { user } = await renderNotices();
    const bell = screen.getByTestId('notice-bell');
    expect(await screen.findByTestId('notice-bell-count')).toHaveTextContent('5');
    expect(bell).toHaveAccessibleName('Notices, 5 unread');
    await user.click(bell);
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(within(dialog).getByRole('heading', { name: 'All notices' })).toBeVisible();
    expect(
      within(dialog)
        .getAllByTestId('announcement-item')
        .map((item) => item.dataset.type),
    ).toEqual(['B', 'PL', 'H', 'PU', 'PR']);
    expect(screen.queryByTestId('notice-bell-count')).not.toBeInTheDocument();
    expect(bell).toHaveAccessibleName('Notices');
  });

  it('should show the error state in the list when the notices cannot load', async () => {
    mockApi({ 'GET /wps/content/banners': () => ({ list: [] }) });
    const { user } = await renderNotices();
    // One retry first (the app's query default), then the error.
    expect(await screen.findByTestId('notice-marquee-error', {}, { timeout: 4000 })).toBeVisible();
    await user.click(screen.getByTestId('notice-bell'));
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(await within(dialog).findByTestId('announcement-error')).toBeVisible();
  });
});

describe('in the default layout', () => {
  it('should put the carousel, the marquee and the bell around the page, and the group banners in the dialogs', async () => {
    setViewport(true);
    sessionStorage.setItem('ANONYMOUS', 'closed');
    mockApi({
      'GET /wps/system/help': () => ({ lang: 'EN', device: 'WEB', sections: [] }),
      'GET /wps/content/banners': (_init, url) => {
        const group = url.searchParams.get('groupName') as Banner['groupName'];
        const list = group === 'w_home' ? [banner('1'), banner('2')] : [{ ...banner(`${group}-1`), groupName: group }];
        return { list };
      },
      'GET /wps/notices': () => noticeGroups({ player: [notice('1', 'PL')] }),
    });
    const { user } = await renderApp('/help');
    const header = within(await screen.findByTestId('app-header'));
    expect(await header.findByTestId('notice-bell-count')).toHaveTextContent('1');
    expect(await screen.findByTestId('home-banner')).toHaveAttribute('data-count', '2');
    expect(screen.queryByTestId('app-banner')).not.toBeInTheDocument();
    expect(await screen.findAllByTestId('notice-marquee-item')).toHaveLength(1);
    expect(await within(screen.getByTestId('side-menu')).findByTestId('banner-w_leftmenu')).toBeInTheDocument();

    await user.click(header.getByRole('button', { name: 'Register' }));
    const register = await screen.findByTestId('register-dialog');
    expect(await within(register).findByTestId('banner-w_reg')).toBeVisible();
    await user.click(within(register).getByTestId('register-login-link'));
    const login = await screen.findByTestId('login-dialog');
    await user.click(within(login).getByRole('button', { name: /forgot/i }));
    const forgot = await screen.findByTestId('forgot-dialog');
    expect(await within(forgot).findByTestId('banner-w_forget')).toBeVisible();
  });
});
