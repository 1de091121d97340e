import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { ApiFailure, callsTo, mockApi } from '@/testing/api-mock';
import { renderWithProviders } from '@/testing/render';
import { DataTable } from './data-table';

type Row = { id: string; name: string };
type Page = { list: Row[]; pageNo: number; totalPages: number };

function TestList() {
  const query = useQuery({ queryKey: ['rows'], queryFn: () => apiRequest<Page>('/wps/ops/rows') });
  return (
    <DataTable
      query={query}
      rows={(page) => page.list}
      rowKey={(row) => row.id}
      columns={[{ key: 'name', header: 'Name', cell: (row) => row.name }]}
      caption="Rows"
      emptyTitle="Nothing here yet"
      paging={{ pageNo: 1, totalPages: (page) => page.totalPages, onPage: () => undefined }}
      testId="rows"
    />
  );
}

describe('DataTable', () => {
  it('should show a skeleton, then the rows and the pager', async () => {
    mockApi({ 'GET /wps/ops/rows': () => ({ list: [{ id: '1', name: 'Alpha' }], pageNo: 1, totalPages: 3 }) });
    renderWithProviders(<TestList />);
    expect(await screen.findByTestId('rows-loading')).toHaveAttribute('aria-busy', 'true');
    const table = await screen.findByTestId('rows');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getAllByTestId('rows-row')).toHaveLength(1);
    expect(screen.getByTestId('rows-pager')).toHaveTextContent('Page 1 of 3');
  });

  it('should show the empty state when there are no rows', async () => {
    mockApi({ 'GET /wps/ops/rows': () => ({ list: [], pageNo: 1, totalPages: 0 }) });
    renderWithProviders(<TestList />);
    expect(await screen.findByTestId('rows-empty')).toHaveTextContent('Nothing here yet');
    expect(screen.queryByTestId('rows')).not.toBeInTheDocument();
  });

  it('should show the error with a retry that loads again', async () => {
    let calls = 0;
    const api = mockApi({
      'GET /wps/ops/rows': () => {
        calls += 1;
        if (calls === 1) throw new ApiFailure(503, 'SERVICE_UNAVAILABLE', 'Down for a moment');
        return { list: [{ id: '2', name: 'Beta' }], pageNo: 1, totalPages: 1 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TestList />);
    const error = await screen.findByTestId('rows-error');
    expect(error).toHaveTextContent('Something went wrong');
    await user.click(within(error).getByTestId('rows-error-retry'));
    expect(await screen.findByText('Beta')).toBeInTheDocument();
    expect(callsTo(api, 'GET', '/wps/ops/rows')).toHaveLength(2);
    expect(screen.queryByTestId('rows-pager')).not.toBeInTheDocument();
  });
});
