import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import type { Banner, Notice, NoticeGroups } from '@platform/contracts';
import { App } from '@/app/app';
import { changeLanguage, fullPackReady, initI18n } from '@/lib/i18n/i18n';
import { mockApi } from '@/testing/api-mock';
import { makeConfig } from '@/testing/fixtures';
import { stubMatchMedia } from '@/testing/render-app';
import { closeAnnouncements } from '../hooks/announcements';
import { AnnouncementPopup } from './announcement-popup';
import { GroupBanner } from './group-banner';
import { HomeBanner } from './home-banner';
import { NoticeBell } from './notice-bell';
import { NoticeMarquee } from './notice-marquee';

// What the notices tests share (notices.test.tsx, announcements.test.tsx): fixtures, the harness and the fake API.

/** matchMedia that answers only the reduced-motion query, as the user's setting says. */
export const stubMedia = (reducedMotion: boolean) =>
  stubMatchMedia((query) => (query.includes('prefers-reduced-motion') ? reducedMotion : false));

export const banner = (id: string, url: string | null = null): Banner => ({
  id,
  groupName: 'w_home',
  imageUrl: `/wps/game/art/banner/${id}`,
  url,
  title: `Banner ${id}`,
});

let published = Date.parse('2026-05-01T00:00:00Z');
export const notice = (id: string, type: Notice['type'], extra: Partial<Notice> = {}): Notice => {
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

export const noticeGroups = (partial: Partial<NoticeGroups> = {}): NoticeGroups => ({
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

export const renderNotices = async (path = '/') => {
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

export const api = ({ banners = {}, notices = () => noticeGroups() }: Api = {}) =>
  mockApi({
    'GET /wps/content/banners': (_init, url) => ({ list: banners[url.searchParams.get('groupName') ?? ''] ?? [] }),
    'GET /wps/notices': (_init, url) => notices(url),
    'PUT /wps/system/language': () => null,
  });

/** Each test starts with motion allowed, and leaves no announcement closed and the language back to English. */
export const resetNoticesAfterEach = () => {
  beforeEach(() => stubMedia(false));
  afterEach(async () => {
    closeAnnouncements();
    await act(() => changeLanguage('EN'));
  });
};
