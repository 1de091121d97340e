import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';
import { fieldErrorOf, notice, page, section, SITE } from './content-pages.test-support';

describe('content pages', () => {
  // The pages are lazy chunks: compile them before the first test, so its waits measure the page, not the build.
  beforeAll(async () => {
    await Promise.all([import('./banners-page'), import('./notices-page'), import('./help-page')]);
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
          audience: 'PLAYERS',
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

    it('should write an announcement for agents and list and filter notices by their readers', async () => {
      const sent: unknown[] = [];
      const api = mockApi({
        'GET /wps/ops/notices': () =>
          page([notice(), notice({ id: '23', audience: 'AGENTS', title: 'New commission rates' })]),
        'GET /wps/system/permission': () => SITE,
        'POST /wps/ops/notices': (init) => {
          sent.push(bodyOf(init));
          return notice({ id: '24', audience: 'AGENTS', title: 'Agent meeting' });
        },
      });
      const user = userEvent.setup();
      renderApp('/content/notices', { staff: 'content' });
      const rows = await screen.findAllByTestId('notices-row');
      expect(rows[0]).toHaveTextContent('Players (the site');
      expect(rows[1]).toHaveTextContent('Agents (agent centre announcements)');
      await user.selectOptions(screen.getByTestId('notice-filter-readers'), 'AGENTS');
      await user.click(screen.getByTestId('notice-filters-apply'));
      await waitFor(() => expect(callsTo(api, 'GET', '/wps/ops/notices').length).toBeGreaterThan(1));
      const url = new URL(String(callsTo(api, 'GET', '/wps/ops/notices').at(-1)?.[0]), 'http://localhost');
      expect(url.searchParams.get('audience')).toBe('AGENTS');

      await user.click(screen.getByTestId('notice-create'));
      const dialog = await screen.findByTestId('notice-dialog');
      expect(within(dialog).getByTestId('notice-readers')).toHaveValue('PLAYERS');
      await user.selectOptions(within(dialog).getByTestId('notice-readers'), 'AGENTS');
      await user.type(within(dialog).getByTestId('notice-title'), 'Agent meeting');
      await user.type(within(dialog).getByTestId('notice-body'), 'Friday at ten.');
      await user.click(within(dialog).getByTestId('notice-submit'));
      expect(await screen.findByTestId('toast')).toHaveTextContent('Notice “Agent meeting” created');
      expect(sent).toEqual([expect.objectContaining({ audience: 'AGENTS', title: 'Agent meeting' })]);
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
