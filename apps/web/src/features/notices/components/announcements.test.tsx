import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Banner } from '@platform/contracts';
import { changeLanguage } from '@/lib/i18n/i18n';
import { startSession } from '@/lib/session';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeLoginResponse } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';
import { api, banner, notice, noticeGroups, renderNotices, resetNoticesAfterEach } from './notices.test-support';

resetNoticesAfterEach();

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
