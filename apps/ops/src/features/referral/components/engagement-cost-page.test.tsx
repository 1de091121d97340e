import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFERRAL_OPS_API } from '@platform/contracts';
import { callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const SLOW = { timeout: 45_000 };
const COST = `GET ${REFERRAL_OPS_API.engagementCost}`;

describe('invite friends and raffle costs', () => {
  it('should show what each programme offered and paid over the days chosen, and ask again for other days', async () => {
    const api = mockApi({
      [COST]: (_init, url) =>
        url.searchParams.get('from') === '2026-11-01'
          ? { rows: [] }
          : {
              rows: [
                { kind: 'RAFFLE', offered: '1500.00', paid: '1000.00', count: 2, paidCount: 1 },
                { kind: 'REFERRAL', offered: '12345.60', paid: '2000.00', count: 620, paidCount: 100 },
              ],
            },
    });
    renderApp('/reports/engagement-cost', { staff: 'finance' });
    const rows = await screen.findAllByTestId('engagement-cost-row', {}, SLOW);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Raffles', 'Invite friends']);
    expect(rows[1]).toHaveTextContent(/620\s*12,345\.60\s*100\s*2,000\.00/);
    const first = new URL(String(callsTo(api, 'GET', REFERRAL_OPS_API.engagementCost)[0]?.[0]), 'http://localhost');
    expect(first.searchParams.get('from')! <= first.searchParams.get('to')!).toBe(true);

    fireEvent.change(screen.getByTestId('engagement-cost-range-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('engagement-cost-range-to'), { target: { value: '2026-11-30' } });
    expect(await screen.findByTestId('engagement-cost-empty')).toHaveTextContent('Nothing offered in these days');
    await waitFor(() => {
      const last = callsTo(api, 'GET', REFERRAL_OPS_API.engagementCost).at(-1);
      const url = new URL(String(last?.[0]), 'http://localhost');
      expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual(['2026-11-01', '2026-11-30']);
    });
  });

  it('should keep a role without reports.view out, though it manages promotions', async () => {
    const api = mockApi({ [COST]: () => ({ rows: [] }) });
    renderApp('/reports/engagement-cost', { staff: 'content' });
    expect(await screen.findByTestId('forbidden-page', {}, SLOW)).toBeInTheDocument();
    expect(callsTo(api, 'GET', REFERRAL_OPS_API.engagementCost)).toHaveLength(0);
  });
});
