import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { POINTS_OPS_API, type OpsMallItem } from '@platform/contracts';
import { bodyOf, callsTo, mockApi } from '@/testing/api-mock';
import { renderApp } from '@/testing/render';

const SLOW = { timeout: 45_000 };

const item = (overrides: Partial<OpsMallItem> = {}): OpsMallItem => ({
  ...{ id: '3', kind: 'GOODS', name: 'Lucky Star hoodie', nameTy: 'Hoodie ng Lucky Star', description: '' },
  ...{ pricePoints: '1200', value: '0.00', turnoverMultiple: 0, stock: null, perMemberLimit: null },
  ...{ status: 'ACTIVE', redeemed: 0 },
  ...overrides,
});

const routes = (list: OpsMallItem[]) => ({
  [`GET ${POINTS_OPS_API.items}`]: () => ({ list }),
  [`GET ${POINTS_OPS_API.settings}`]: () => ({
    enabled: true,
    convertPointsPerUnit: 10,
    convertMinPoints: 50,
    rates: [],
  }),
});

/** The mall item dialog takes the English name (required) and the Filipino one (optional); the list shows English. */
describe('mall item names', () => {
  it('should send the Filipino name with a new item, and refuse an item without an English name before sending', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...routes([]),
      [`POST ${POINTS_OPS_API.items}`]: (init) => item({ ...(bodyOf(init) as Partial<OpsMallItem>), id: '9' }),
    });
    renderApp('/points/items', { staff: 'content' });
    await user.click(await screen.findByRole('button', { name: 'New item' }, SLOW));
    const dialog = await screen.findByTestId('item-dialog');
    await user.selectOptions(within(dialog).getByTestId('item-kind'), 'GOODS');
    await user.type(within(dialog).getByTestId('item-nameTy'), 'Payong na dilaw');
    await user.type(within(dialog).getByTestId('item-pricePoints'), '300');
    await user.click(within(dialog).getByTestId('item-save'));
    expect(await within(dialog).findByText('is required')).toBeInTheDocument();
    expect(callsTo(api, 'POST', POINTS_OPS_API.items)).toHaveLength(0);

    await user.type(within(dialog).getByTestId('item-name'), 'Yellow umbrella');
    await user.click(within(dialog).getByTestId('item-save'));
    await waitFor(() => expect(callsTo(api, 'POST', POINTS_OPS_API.items)).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', POINTS_OPS_API.items)[0]?.[1])).toMatchObject({
      name: 'Yellow umbrella',
      nameTy: 'Payong na dilaw',
      pricePoints: 300,
    });
  });

  it('should show the English name in the list and keep or clear the Filipino name when editing', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...routes([item()]),
      [`PUT ${POINTS_OPS_API.item.replace(':id', '3')}`]: (init) => item(bodyOf(init) as Partial<OpsMallItem>),
    });
    renderApp('/points/items', { staff: 'content' });
    const row = await screen.findByTestId('mall-items-row', {}, SLOW);
    expect(row).toHaveTextContent('Lucky Star hoodie');
    expect(row).not.toHaveTextContent('Hoodie ng Lucky Star');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByTestId('item-dialog');
    expect(within(dialog).getByTestId('item-nameTy')).toHaveValue('Hoodie ng Lucky Star');
    await user.clear(within(dialog).getByTestId('item-nameTy'));
    await user.click(within(dialog).getByTestId('item-save'));
    const put = () => callsTo(api, 'PUT', POINTS_OPS_API.item.replace(':id', '3'));
    await waitFor(() => expect(put()).toHaveLength(1));
    expect(bodyOf(put()[0]?.[1])).toMatchObject({ name: 'Lucky Star hoodie', nameTy: null });
  });
});
