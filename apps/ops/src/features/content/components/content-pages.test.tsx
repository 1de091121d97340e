import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpsBanner, OpsHelpSection, OpsNotice } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const SITE = {
  language: {
    default: 'EN',
    supported: [
      { code: 'EN', locale: 'en-US', label: 'English' },
      { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
    ],
  },
};

const banner = (overrides: Partial<OpsBanner> = {}): OpsBanner => ({
  id: '7',
  groupName: 'w_home',
  language: null,
  title: 'Welcome bonus',
  imageUrl: '/banners/home-welcome.svg',
  url: '/promotions',
  sort: 1,
  startsAt: null,
  endsAt: null,
  enabled: true,
  ...overrides,
});

const notice = (overrides: Partial<OpsNotice> = {}): OpsNotice => ({
  id: '21',
  type: 'PU',
  execution: 'B',
  language: 'EN',
  title: 'Weekend cashback',
  content: 'Ten percent back.',
  promotionType: null,
  sort: 0,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  enabled: true,
  ...overrides,
});

const section = (overrides: Partial<OpsHelpSection> = {}): OpsHelpSection => ({
  lang: 'EN',
  anchor: 'about',
  title: 'About us',
  html: '<p>Hello</p>',
  sort: 0,
  ...overrides,
});

const page = <T,>(list: T[]) => ({ list, pageNo: 1, totalPages: 1, total: list.length });
const fieldErrorOf = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

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

  describe('notices', () => {
    it('should list notices with their type and audience, and filter them', async () => {
      const api = mockApi({
        'GET /wps/ops/notices': () =>
          page([notice(), notice({ id: '22', type: 'PL', execution: 'A', title: 'Members marquee' })]),
        'GET /wps/system/permission': () => SITE,
      });
      const user = userEvent.setup();
      renderApp('/content/notices', { staff: 'content' });
      const rows = await screen.findAllByTestId('notices-row');
      expect(rows[0]).toHaveTextContent('Announcement popup');
      expect(rows[0]).toHaveTextContent('Guests (not signed in)');
      expect(rows[1]).toHaveTextContent('Marquee');
      expect(rows[1]).toHaveTextContent('Members (signed in)');
      await user.selectOptions(screen.getByTestId('notice-filter-type'), 'PL');
      await user.selectOptions(screen.getByTestId('notice-filter-audience'), 'A');
      await user.click(screen.getByTestId('notice-filters-apply'));
      await waitFor(() => expect(callsTo(api, 'GET', '/wps/ops/notices').length).toBeGreaterThan(1));
      const url = new URL(String(callsTo(api, 'GET', '/wps/ops/notices').at(-1)?.[0]), 'http://localhost');
      expect([url.searchParams.get('type'), url.searchParams.get('execution')]).toEqual(['PL', 'A']);
    });

    it('should create a members-only popup, asking a promotion for its promotion type', async () => {
      const sent: unknown[] = [];
      const api = mockApi({
        'GET /wps/ops/notices': () => page([]),
        'GET /wps/system/permission': () => SITE,
        'POST /wps/ops/notices': (init) => {
          sent.push(bodyOf(init));
          return notice({ title: 'VIP night' });
        },
      });
      const user = userEvent.setup();
      renderApp('/content/notices', { staff: 'content' });
      await user.click(await screen.findByTestId('notice-create'));
      const dialog = await screen.findByTestId('notice-dialog');
      await user.selectOptions(within(dialog).getByTestId('notice-type'), 'PR');
      await user.selectOptions(within(dialog).getByTestId('notice-audience'), 'A');
      await user.type(within(dialog).getByTestId('notice-title'), 'VIP night');
      await user.type(within(dialog).getByTestId('notice-body'), 'Double points.{enter}Tonight only.');
      await user.click(within(dialog).getByTestId('notice-submit'));
      await waitFor(() =>
        expect(fieldErrorOf(within(dialog).getByTestId('notice-promotion-type'))).toBe(
          'a promotion (PR) notice needs a promotionType',
        ),
      );
      expect(callsTo(api, 'POST', '/wps/ops/notices')).toHaveLength(0);

      // A popup has no promotion type: what was typed for the promotion is not sent.
      await user.type(within(dialog).getByTestId('notice-promotion-type'), 'VIP_BONUS');
      await user.selectOptions(within(dialog).getByTestId('notice-type'), 'PU');
      expect(within(dialog).queryByTestId('notice-promotion-type')).not.toBeInTheDocument();
      await user.click(within(dialog).getByTestId('notice-submit'));
      expect(await screen.findByTestId('toast')).toHaveTextContent('Notice “VIP night” created');
      expect(sent).toEqual([
        {
          type: 'PU',
          execution: 'A',
          language: null,
          title: 'VIP night',
          content: 'Double points.\nTonight only.',
          promotionType: null,
          sort: 0,
          endsAt: null,
          enabled: true,
        },
      ]);
    });

    it('should put a server refusal under its field and keep the dialog open', async () => {
      mockApi({
        'GET /wps/ops/notices': () => page([notice()]),
        'GET /wps/system/permission': () => SITE,
        'PATCH /wps/ops/notices/21': () => {
          throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid notice', {
            fields: [{ path: 'endsAt', message: 'must be after startsAt' }],
          });
        },
      });
      const user = userEvent.setup();
      renderApp('/content/notices', { staff: 'content' });
      await user.click(await screen.findByTestId('notice-edit'));
      const dialog = await screen.findByTestId('notice-dialog');
      expect(within(dialog).getByTestId('notice-title')).toHaveValue('Weekend cashback');
      await user.click(within(dialog).getByTestId('notice-submit'));
      await waitFor(() =>
        expect(fieldErrorOf(within(dialog).getByTestId('notice-ends-at'))).toBe('must be after startsAt'),
      );
      expect(screen.getByTestId('notice-dialog')).toBeInTheDocument();
    });
  });

  describe('help centre', () => {
    it('should list the sections with the terms marked and not deletable', async () => {
      mockApi({
        'GET /wps/ops/help-sections': () => ({
          list: [section(), section({ anchor: 'term', title: 'Terms and Conditions', sort: 1 })],
        }),
        'GET /wps/system/permission': () => SITE,
      });
      renderApp('/content/help', { staff: 'content' });
      const rows = await screen.findAllByTestId('help-sections-row');
      expect(rows).toHaveLength(2);
      expect(within(rows[0]!).getByTestId('help-delete')).toBeInTheDocument();
      expect(within(rows[1]!).getByTestId('help-terms')).toHaveTextContent('Terms');
      expect(within(rows[1]!).queryByTestId('help-delete')).not.toBeInTheDocument();
    });

    it('should edit the terms with a sanitized preview and show a refused body under the body', async () => {
      const patches: unknown[] = [];
      mockApi({
        'GET /wps/ops/help-sections': () => ({ list: [section({ anchor: 'term', title: 'Terms and Conditions' })] }),
        'GET /wps/system/permission': () => SITE,
        'PATCH /wps/ops/help-sections/EN/term': (init) => {
          const body = bodyOf(init) as { html: string };
          patches.push(body);
          if (body.html.includes('<iframe')) {
            throw new ApiFailure(400, 'VALIDATION_FAILED', 'Invalid help section', {
              fields: [{ path: 'html', message: 'the <iframe> tag is not allowed' }],
            });
          }
          return section({ anchor: 'term', title: 'Terms and Conditions', html: body.html });
        },
      });
      const user = userEvent.setup();
      renderApp('/content/help', { staff: 'content' });
      await user.click(await screen.findByTestId('help-edit'));
      const dialog = await screen.findByTestId('help-dialog');
      expect(within(dialog).getByRole('heading', { name: 'Edit the terms and conditions' })).toBeInTheDocument();
      expect(within(dialog).getByTestId('help-anchor')).toHaveAttribute('readonly');
      const body = within(dialog).getByTestId('help-body');
      fireEvent.change(body, { target: { value: '<p>New terms</p><img src="/x.png" onerror="alert(1)">' } });
      await user.click(within(dialog).getByTestId('help-preview-toggle'));
      const preview = within(dialog).getByTestId('help-preview');
      expect(preview).toHaveTextContent('New terms');
      expect(preview.querySelector('img')?.hasAttribute('onerror')).toBe(false);

      fireEvent.change(body, { target: { value: '<p>x</p><iframe src="/x"></iframe>' } });
      await user.click(within(dialog).getByTestId('help-submit'));
      await waitFor(() => expect(fieldErrorOf(body)).toBe('the <iframe> tag is not allowed'));

      fireEvent.change(body, { target: { value: '<p>Fair play for all.</p>' } });
      await user.click(within(dialog).getByTestId('help-submit'));
      expect(await screen.findByTestId('toast')).toHaveTextContent('Section “Terms and Conditions” saved');
      expect(patches.at(-1)).toEqual({ title: 'Terms and Conditions', html: '<p>Fair play for all.</p>', sort: 0 });
    });

    it('should create a section in the chosen language and refuse a bad anchor before sending', async () => {
      const sent: unknown[] = [];
      const api = mockApi({
        'GET /wps/ops/help-sections': () => ({ list: [] }),
        'GET /wps/system/permission': () => SITE,
        'POST /wps/ops/help-sections': (init) => {
          sent.push(bodyOf(init));
          return section({ lang: 'TY', anchor: 'deposito', title: 'Deposito' });
        },
      });
      const user = userEvent.setup();
      renderApp('/content/help', { staff: 'content' });
      expect(await screen.findByTestId('help-sections-empty')).toBeInTheDocument();
      await user.click(screen.getByTestId('help-create'));
      const dialog = await screen.findByTestId('help-dialog');
      await within(dialog).findByRole('option', { name: 'Filipino (TY)' });
      await user.selectOptions(within(dialog).getByTestId('help-language'), 'TY');
      await user.type(within(dialog).getByTestId('help-anchor'), 'Deposito Guide');
      await user.type(within(dialog).getByTestId('help-title'), 'Deposito');
      fireEvent.change(within(dialog).getByTestId('help-body'), { target: { value: '<p>Paano mag-deposito</p>' } });
      await user.click(within(dialog).getByTestId('help-submit'));
      await waitFor(() =>
        expect(fieldErrorOf(within(dialog).getByTestId('help-anchor'))).toBe(
          'must start with a letter and hold only lower-case letters, digits and dashes',
        ),
      );
      expect(callsTo(api, 'POST', '/wps/ops/help-sections')).toHaveLength(0);
      await user.clear(within(dialog).getByTestId('help-anchor'));
      await user.type(within(dialog).getByTestId('help-anchor'), 'deposito');
      await user.click(within(dialog).getByTestId('help-submit'));
      expect(await screen.findByTestId('toast')).toHaveTextContent('Section “Deposito” created');
      expect(sent).toEqual([
        { lang: 'TY', anchor: 'deposito', title: 'Deposito', html: '<p>Paano mag-deposito</p>', sort: 0 },
      ]);
    });
  });
});
