import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';
import { banner, fieldErrorOf, page, SITE } from './content-pages.test-support';

describe('content pages', () => {
  // The pages are lazy chunks: compile them before the first test, so its waits measure the page, not the build.
  beforeAll(async () => {
    await Promise.all([import('./banners-page'), import('./notices-page'), import('./help-page')]);
  });

  it('should show the content entries in the nav only to roles with content.manage', async () => {
    mockApi({ 'GET /wps/ops/banners': () => page([]), 'GET /wps/system/permission': () => SITE });
    const { unmount } = renderApp('/content/banners', { staff: 'content' });
    expect(await screen.findByTestId('banners-page')).toBeInTheDocument();
    expect(screen.getByTestId('nav-content-notices')).toBeInTheDocument();
    expect(screen.getByTestId('nav-content-help')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /wps/system/permission': () => SITE });
    renderApp('/content/banners', { staff: 'cashier' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-content-banners')).not.toBeInTheDocument();
  });

  describe('banners', () => {
    it('should list banners of a group with a preview, and filter by group', async () => {
      const api = mockApi({
        'GET /wps/ops/banners': (_init, url) =>
          page(url.searchParams.get('groupName') === 'w_reg' ? [] : [banner(), banner({ id: '8', language: 'TY' })]),
        'GET /wps/system/permission': () => SITE,
      });
      const user = userEvent.setup();
      renderApp('/content/banners', { staff: 'content' });
      const rows = await screen.findAllByTestId('banners-row');
      expect(rows).toHaveLength(2);
      // The thumbnail is decorative (the title is beside it): alt="" keeps it out of the accessibility tree.
      expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/banners/home-welcome.svg');
      expect(rows[0]).toHaveTextContent('All languages');
      expect(rows[0]).toHaveTextContent('Always');
      expect(rows[1]).toHaveTextContent('TY');
      await user.selectOptions(screen.getByTestId('banner-filter-group'), 'w_reg');
      await user.click(screen.getByTestId('banner-filters-apply'));
      expect(await screen.findByTestId('banners-empty')).toBeInTheDocument();
      const last = callsTo(api, 'GET', '/wps/ops/banners').at(-1)?.[0];
      expect(new URL(String(last), 'http://localhost').searchParams.get('groupName')).toBe('w_reg');
    });

    it('should create a banner: field errors from the client first, then from the server, then saved', async () => {
      const sent: unknown[] = [];
      const api = mockApi({
        'GET /wps/ops/banners': () => page([]),
        'GET /wps/system/permission': () => SITE,
        'POST /wps/ops/banners': (init) => {
          const body = bodyOf(init) as { language: string | null };
          sent.push(body);
          if (sent.length === 1) {
            throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid banner', {
              fields: [{ path: 'language', message: 'TY is not a language of this site' }],
            });
          }
          return banner({ id: '9', title: 'Spring offer' });
        },
      });
      const user = userEvent.setup();
      renderApp('/content/banners', { staff: 'content' });
      await user.click(await screen.findByTestId('banner-create'));
      const dialog = await screen.findByTestId('banner-dialog');
      await within(dialog).findByRole('option', { name: 'Filipino (TY)' });
      await user.type(within(dialog).getByTestId('banner-title'), 'Spring offer');
      await user.type(within(dialog).getByTestId('banner-image'), 'https://cdn.example.com/a.png');
      fireEvent.change(within(dialog).getByTestId('banner-starts-at'), { target: { value: '2030-02-01T10:00' } });
      fireEvent.change(within(dialog).getByTestId('banner-ends-at'), { target: { value: '2030-01-01T10:00' } });
      await user.click(within(dialog).getByTestId('banner-submit'));
      await waitFor(() =>
        expect(fieldErrorOf(within(dialog).getByTestId('banner-image'))).toBe(
          'must be a path on this site such as /banners/welcome.svg',
        ),
      );
      expect(fieldErrorOf(within(dialog).getByTestId('banner-ends-at'))).toBe('must be after startsAt');
      expect(callsTo(api, 'POST', '/wps/ops/banners')).toHaveLength(0);

      await user.clear(within(dialog).getByTestId('banner-image'));
      await user.type(within(dialog).getByTestId('banner-image'), '/banners/home-slots.svg');
      expect(within(within(dialog).getByTestId('banner-preview')).getByRole('img')).toHaveAttribute(
        'src',
        '/banners/home-slots.svg',
      );
      fireEvent.change(within(dialog).getByTestId('banner-ends-at'), { target: { value: '' } });
      await user.selectOptions(within(dialog).getByTestId('banner-language'), 'TY');
      await user.clear(within(dialog).getByTestId('banner-sort'));
      await user.type(within(dialog).getByTestId('banner-sort'), '-5');
      await user.click(within(dialog).getByTestId('banner-submit'));
      await waitFor(() =>
        expect(fieldErrorOf(within(dialog).getByTestId('banner-language'))).toBe('TY is not a language of this site'),
      );
      expect(within(dialog).getByTestId('banner-language')).toHaveAttribute('aria-invalid', 'true');

      await user.selectOptions(within(dialog).getByTestId('banner-language'), '');
      await user.click(within(dialog).getByTestId('banner-submit'));
      expect(await screen.findByTestId('toast')).toHaveTextContent('Banner “Spring offer” created');
      expect(screen.queryByTestId('banner-dialog')).not.toBeInTheDocument();
      expect(sent[1]).toEqual({
        groupName: 'w_home',
        title: 'Spring offer',
        imageUrl: '/banners/home-slots.svg',
        url: null,
        language: null,
        sort: -5,
        startsAt: new Date('2030-02-01T10:00').toISOString(),
        endsAt: null,
        enabled: true,
      });
    });

    it('should edit a banner with its stored values and delete one only after confirming', async () => {
      const patches: unknown[] = [];
      let deleted = false;
      const api = mockApi({
        'GET /wps/ops/banners': () => page(deleted ? [] : [banner({ startsAt: '2030-01-01T00:00:00.000Z' })]),
        'GET /wps/system/permission': () => SITE,
        'PATCH /wps/ops/banners/7': (init) => {
          patches.push(bodyOf(init));
          return banner({ title: 'Welcome back' });
        },
        'DELETE /wps/ops/banners/7': () => {
          deleted = true;
          return null;
        },
      });
      const user = userEvent.setup();
      renderApp('/content/banners', { staff: 'content' });
      await user.click(await screen.findByTestId('banner-edit'));
      const dialog = await screen.findByTestId('banner-dialog');
      expect(within(dialog).getByTestId('banner-title')).toHaveValue('Welcome bonus');
      expect(within(dialog).getByTestId('banner-link')).toHaveValue('/promotions');
      await user.clear(within(dialog).getByTestId('banner-title'));
      await user.type(within(dialog).getByTestId('banner-title'), 'Welcome back');
      await user.click(within(dialog).getByTestId('banner-enabled'));
      await user.click(within(dialog).getByTestId('banner-submit'));
      expect(await screen.findByTestId('toast')).toHaveTextContent('Banner “Welcome back” saved');
      expect(patches).toEqual([
        expect.objectContaining({
          title: 'Welcome back',
          enabled: false,
          url: '/promotions',
          startsAt: '2030-01-01T00:00:00.000Z',
        }),
      ]);

      await user.click(screen.getByTestId('banner-delete'));
      const confirm = await screen.findByTestId('banner-delete-dialog');
      expect(confirm).toHaveTextContent('“Welcome bonus” disappears from the site at once');
      expect(callsTo(api, 'DELETE', '/wps/ops/banners/7')).toHaveLength(0);
      await user.click(within(confirm).getByTestId('banner-delete-dialog-confirm'));
      expect(await screen.findByTestId('banners-empty')).toBeInTheDocument();
      expect(callsTo(api, 'DELETE', '/wps/ops/banners/7')).toHaveLength(1);
    });
  });
});
