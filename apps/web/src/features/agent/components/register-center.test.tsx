import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, type InviteLink } from '@platform/contracts';
import { ApiFailure, bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { openSealed } from '@/testing/seal-keys';
import { frameRoutes } from './agent.test-support';

const COLD = { timeout: 10_000 };
const PAGE = '/agentHome?page=registerCenter';

const link = (overrides: Partial<InviteLink> = {}): InviteLink => ({
  id: '7',
  code: 'AGT7XK',
  type: 'MEMBER',
  createdAt: '2026-11-20T08:00:00.000Z',
  disabled: false,
  registrations: 4,
  ...overrides,
});

describe('registerCenter', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(1);
  });

  it('should create a downline agent account within the limits, sealed, and count it', async () => {
    let created = 3;
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.limits}`]: () => ({ mayCreateAgents: true, maxAccounts: 10, created }),
      [`GET ${API.agent.links}`]: () => ({ list: [] }),
      [`POST ${API.agent.downlines}`]: () => {
        created += 1;
        return { username: 'new_agent', type: 'AGENT' };
      },
    });
    const { user } = await renderApp(PAGE);
    const page = within(await screen.findByTestId('register-center', {}, COLD));
    expect(await page.findByTestId('agent-limits', {}, COLD)).toHaveTextContent(
      '3 of 10 accounts created. You may create member and agent accounts.',
    );
    const type = page.getByTestId('create-downline-type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Member', 'Agent']);
    await user.click(page.getByTestId('create-downline-submit'));
    expect(await page.findAllByText('Input cannot be empty')).toHaveLength(2);
    expect(callsTo(api, 'POST', API.agent.downlines)).toHaveLength(0);
    await user.type(page.getByTestId('create-downline-username'), ' new_agent ');
    await user.type(page.getByTestId('create-downline-password'), 'Agent#2027');
    await user.selectOptions(type, 'AGENT');
    await user.click(page.getByTestId('create-downline-submit'));
    expect(await screen.findByText('Agent account new_agent created')).toBeVisible();
    const [[, init]] = callsTo(api, 'POST', API.agent.downlines) as [[unknown, RequestInit]];
    expect(await openSealed(JSON.parse(String(init.body)))).toEqual({
      username: 'new_agent',
      password: 'Agent#2027',
      type: 'AGENT',
    });
    await waitFor(() => expect(page.getByTestId('agent-limits')).toHaveTextContent('4 of 10 accounts created.'));
    expect(page.getByTestId('create-downline-username')).toHaveValue('');
  });

  it('should offer members only when the agent may not create agents, and show the server refusal', async () => {
    mockApi({
      ...frameRoutes,
      [`GET ${API.agent.limits}`]: () => ({ mayCreateAgents: false, maxAccounts: null, created: 0 }),
      [`GET ${API.agent.links}`]: () => ({ list: [] }),
      [`POST ${API.agent.downlines}`]: () => {
        throw new ApiFailure(409, 'USERNAME_TAKEN', 'taken');
      },
    });
    const { user } = await renderApp(PAGE);
    const page = within(await screen.findByTestId('register-center', {}, COLD));
    expect(await page.findByTestId('agent-limits', {}, COLD)).toHaveTextContent(
      '0 accounts created, no limit. You may create member accounts.',
    );
    for (const select of [page.getByTestId('create-downline-type'), page.getByTestId('invite-link-type')]) {
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Member']);
    }
    await user.type(page.getByTestId('create-downline-username'), 'demo_member');
    await user.type(page.getByTestId('create-downline-password'), 'Agent#2027');
    await user.click(page.getByTestId('create-downline-submit'));
    expect(await page.findByTestId('create-downline-error')).toHaveTextContent('This username is already registered');
  });

  it('should stop creating accounts when the limit is used up', async () => {
    mockApi({
      ...frameRoutes,
      [`GET ${API.agent.limits}`]: () => ({ mayCreateAgents: true, maxAccounts: 2, created: 2 }),
      [`GET ${API.agent.links}`]: () => ({ list: [] }),
    });
    await renderApp(PAGE);
    expect(await screen.findByTestId('create-downline-full', {}, COLD)).toHaveTextContent(
      'You have created all the accounts your limit allows.',
    );
    expect(screen.getByTestId('create-downline-submit')).toBeDisabled();
  });

  it('should list the invitation links with the code, a QR code and registrations, copy one and create another', async () => {
    let links = [link()];
    const api = mockApi({
      ...frameRoutes,
      [`GET ${API.agent.limits}`]: () => ({ mayCreateAgents: true, maxAccounts: null, created: 1 }),
      [`GET ${API.agent.links}`]: () => ({ list: links }),
      [`POST ${API.agent.links}`]: (init) => {
        const created = link({
          id: '8',
          code: 'AGT8QQ',
          type: (bodyOf(init) as { type: 'AGENT' }).type,
          registrations: 0,
        });
        links = [created, ...links];
        return created;
      },
    });
    const { user } = await renderApp(PAGE);
    const section = within(await screen.findByTestId('invite-links', {}, COLD));
    const [first] = await section.findAllByTestId('invite-link', {}, COLD);
    const card = within(first as HTMLElement);
    const url = `${window.location.origin}/register?affiliateCode=AGT7XK`;
    expect(card.getByTestId('invite-link-url')).toHaveTextContent(url);
    expect(card.getByTestId('invite-link-registrations')).toHaveTextContent('4 registrations');
    expect(card.getByTitle('QR code of invitation link AGT7XK')).toBeInTheDocument();
    await user.click(card.getByTestId('invite-link-copy'));
    // user-event's stand-in clipboard holds what the page wrote.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('Link copied')).toBeVisible();
    await user.selectOptions(section.getByTestId('invite-link-type'), 'AGENT');
    await user.click(section.getByTestId('invite-link-create'));
    await waitFor(() => expect(section.getAllByTestId('invite-link')).toHaveLength(2));
    expect(bodyOf(callsTo(api, 'POST', API.agent.links)[0]?.[1])).toEqual({ type: 'AGENT' });
    expect(section.getAllByTestId('invite-link')[0]).toHaveAttribute('data-code', 'AGT8QQ');
  });

  it('should say so when there are no links yet', async () => {
    mockApi({
      ...frameRoutes,
      [`GET ${API.agent.limits}`]: () => ({ mayCreateAgents: false, maxAccounts: 5, created: 0 }),
      [`GET ${API.agent.links}`]: () => ({ list: [] }),
    });
    await renderApp(PAGE);
    expect(await screen.findByTestId('invite-links-empty', {}, COLD)).toHaveTextContent('No invitation links yet');
  });
});
