import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepPreviousData, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/provider';
import { fullPackReady, i18n, initI18n } from '@/lib/i18n/i18n';
import { makeConfig } from '@/testing/fixtures';
import { SectionState } from './section-state';

type Answer = { rows: string[] };

/** A filtered list whose answers the test hands out one by one, as a slow server would. */
function Records({ answers }: { answers: Map<string, Promise<Answer>> }) {
  const [period, setPeriod] = useState('THIS_MONTH');
  const query = useQuery({
    queryKey: ['records', period],
    queryFn: () => answers.get(period) as Promise<Answer>,
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <button type="button" onClick={() => setPeriod('LAST_MONTH')}>
        last month
      </button>
      <SectionState
        query={query}
        emptyText="No records"
        emptyTestId="records-empty"
        isEmpty={(answer) => answer.rows.length === 0}
      >
        {(answer) => (
          <ul>
            {answer.rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </SectionState>
    </>
  );
}

describe('section state', () => {
  beforeAll(async () => {
    await initI18n(makeConfig().language);
    await fullPackReady();
  });

  it("says loading, not 'no records', while another filter's answer is on its way after an empty one", async () => {
    let answerLastMonth: (answer: Answer) => void = () => undefined;
    const answers = new Map<string, Promise<Answer>>([
      ['THIS_MONTH', Promise.resolve({ rows: [] })],
      ['LAST_MONTH', new Promise<Answer>((resolve) => (answerLastMonth = resolve))],
    ]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Records answers={answers} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('records-empty')).toHaveTextContent('No records');

    await userEvent.click(screen.getByRole('button', { name: 'last month' }));
    expect(screen.queryByTestId('records-empty')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(i18n.t('common.loading'));

    await act(async () => answerLastMonth({ rows: ['600.00 120.00 Paid'] }));
    expect(await screen.findByText('600.00 120.00 Paid')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
