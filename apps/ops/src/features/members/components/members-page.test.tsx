import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberSummary } from '@platform/contracts';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const SEARCH = '/wps/ops/members';

const member = (overrides: Partial<MemberSummary> = {}): MemberSummary => ({
  id: '7',
  username: 'demo_member',
  nickname: 'Demo Member',
  realName: 'Juan Dela Cruz',
  userType: 0,
  status: 'ACTIVE',
  countryDialingCode: '+63',
  mobileNum: '9171234567',
  upline: 'demo_agent',
  registeredAt: '2026-01-02T03:04:05.000Z',
  lastLoginAt: null,
  ...overrides,
});

const searchParams = (api: ReturnType<typeof mockApi>) =>
  callsTo(api, 'GET', SEARCH).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
  );

describe('members search', () => {
  // The route loads the page lazily; loading it once up front keeps a cold import out of the first test's waits.
  beforeAll(async () => {
    await import('./members-page');
  });

  it('should list the members the filters find, each linking to its page', async () => {
    const api = mockApi({
      [`GET ${SEARCH}`]: () => ({
        list: [member(), member({ id: '8', username: 'weak_member', status: 'LOCKED', realName: null })],
        pageNo: 1,
        totalPages: 1,
      }),
    });
    const { router } = renderApp('/members?username=demo&type=AGENT&status=ACTIVE', { staff: 'support' });
    // The first render of the whole app in a file is the slow one on a busy machine.
    const rows = await screen.findAllByTestId('members-row', {}, { timeout: 15_000 });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Juan Dela Cruz');
    expect(rows[0]).toHaveTextContent('+63 9171234567');
    expect(rows[1]).toHaveTextContent('Locked');
    expect(searchParams(api)).toEqual([{ username: 'demo', kind: 'AGENT', status: 'ACTIVE', pageNo: '1' }]);

    await userEvent.setup().click(within(rows[0] as HTMLElement).getByTestId('member-link'));
    expect(router.state.location.pathname).toBe('/members/7');
  });

  it('should send the filters typed in the bar, an exact agent type as userType', async () => {
    const user = userEvent.setup();
    const api = mockApi({ [`GET ${SEARCH}`]: () => ({ list: [member()], pageNo: 1, totalPages: 1 }) });
    const { router } = renderApp('/members', { staff: 'support' });
    await screen.findAllByTestId('members-row');
    await user.type(screen.getByTestId('filter-mobile'), '0917 123 4567');
    await user.selectOptions(screen.getByTestId('filter-type'), '41');
    await user.type(screen.getByTestId('filter-agent'), 'demo_agent');
    await user.click(screen.getByTestId('member-filters-apply'));
    await screen.findAllByTestId('members-row');
    expect(router.state.location.search).toContain('agent=demo_agent');
    expect(searchParams(api).at(-1)).toEqual({
      mobile: '0917 123 4567',
      userType: '41',
      agent: 'demo_agent',
      pageNo: '1',
    });
  });

  it('should open the agents page on agents', async () => {
    const api = mockApi({ [`GET ${SEARCH}`]: () => ({ list: [], pageNo: 1, totalPages: 0 }) });
    renderApp('/agents', { staff: 'risk' });
    expect(await screen.findByTestId('members-empty')).toHaveTextContent('No members match these filters.');
    expect(screen.getByTestId('agents-page')).toBeInTheDocument();
    expect(searchParams(api)).toEqual([{ kind: 'AGENT', pageNo: '1' }]);
  });

  it('should refuse a filter the server would refuse under it, without calling the server', async () => {
    const api = mockApi({ [`GET ${SEARCH}`]: () => ({ list: [], pageNo: 1, totalPages: 0 }) });
    renderApp('/members?username=a&registeredFrom=2026-02-01&registeredTo=2026-01-01', { staff: 'support' });
    const errors = await screen.findAllByTestId('field-error');
    expect(errors.map((e) => e.textContent)).toEqual([
      'type at least 2 characters',
      'must not be before the start date',
    ]);
    expect(screen.getByTestId('filter-username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('filter-registered-to')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'GET', SEARCH)).toHaveLength(0);
  });

  it("should show the server's field error under its filter", async () => {
    mockApi({
      [`GET ${SEARCH}`]: () => {
        throw new ApiFailure(400, 'VALIDATION_FAILED', 'agent: no agent has this username', {
          fields: [{ path: 'agent', message: 'no agent has this username' }],
        });
      },
    });
    renderApp('/members?agent=nobody', { staff: 'support' });
    expect(await screen.findByTestId('field-error')).toHaveTextContent('no agent has this username');
    expect(screen.getByTestId('filter-agent')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('members-error')).toBeInTheDocument();
  });

  it('should show a failed search with a retry that searches again', async () => {
    let calls = 0;
    mockApi({
      [`GET ${SEARCH}`]: () => {
        calls += 1;
        if (calls === 1) throw new ApiFailure(500, 'INTERNAL', 'failed');
        return { list: [member()], pageNo: 1, totalPages: 1 };
      },
    });
    renderApp('/members', { staff: 'support' });
    expect(await screen.findByTestId('members-error')).toHaveTextContent('Something went wrong');
    await userEvent.setup().click(screen.getByTestId('members-error-retry'));
    expect(await screen.findAllByTestId('members-row')).toHaveLength(1);
  });

  it('should not offer members to a role without members.view', async () => {
    mockApi({});
    renderApp('/members', { staff: 'content' });
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-members')).not.toBeInTheDocument();
  });
});
