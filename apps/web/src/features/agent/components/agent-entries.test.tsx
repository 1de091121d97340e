import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, STORAGE_KEYS } from '@platform/contracts';
import { mockApi } from '@/testing/api-mock';
import { renderApp, setViewport, signIn } from '@/testing/render-app';
import { frameRoutes, overview } from './agent.test-support';

const COLD = { timeout: 10_000 };

describe('agent centre entries and languages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setViewport(true);
    signIn(1);
  });

  it("should show the site's messages to the agent, each opened in place", async () => {
    mockApi({
      ...frameRoutes,
      'GET /wps/notices': () => ({
        banners: [],
        player: [
          {
            id: '31',
            type: 'PL',
            title: 'Maintenance on Sunday',
            content: 'Games pause from 02:00 to 03:00.',
            promotionType: null,
            execution: 'A',
            publishedAt: '2026-11-20T08:00:00.000Z',
          },
        ],
        popup: [],
        promotion: [],
      }),
    });
    const { user } = await renderApp('/agentHome?page=messages');
    const messages = within(await screen.findByTestId('agent-messages', {}, COLD));
    const item = await messages.findByTestId('agent-message', {}, COLD);
    expect(within(item).getByText('Games pause from 02:00 to 03:00.')).not.toBeVisible();
    await user.click(within(item).getByText('Maintenance on Sunday'));
    expect(within(item).getByText('Games pause from 02:00 to 03:00.')).toBeVisible();
    expect(screen.getByTestId('agent-page-title')).toHaveTextContent('Messages');
  });

  it('should keep the payment password beside the balance in the agent centre', async () => {
    mockApi(frameRoutes);
    await renderApp('/agentHome?page=paymentPassword');
    expect(await screen.findByTestId('agent-page-title', {}, COLD)).toHaveTextContent('Payment password');
    expect(await screen.findByText('Set payment password', {}, COLD)).toBeInTheDocument();
    expect(await screen.findByTestId('agent-balance')).toHaveTextContent('$1,250,000.50');
  });

  it('should speak Filipino when the agent chose TY', async () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'TY');
    mockApi({
      ...frameRoutes,
      'PUT /wps/system/language': () => null,
      [`GET ${API.agent.overview}`]: () => overview(),
    });
    await renderApp('/agentHome');
    const nav = within(await screen.findByRole('navigation', { name: 'Mga pahina ng agent centre' }, COLD));
    expect(nav.getByRole('link', { name: 'Buod ng team' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Pamamahala ng team' })).toBeVisible();
    const figures = within(await screen.findByTestId('team-figures', {}, COLD));
    expect(figures.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Datos',
      'Ngayon',
      'Kahapon',
      'Ngayong linggo',
      'Ngayong buwan',
    ]);
    expect(figures.getByRole('rowheader', { name: 'Kita at lugi' })).toBeVisible();
  });
});
