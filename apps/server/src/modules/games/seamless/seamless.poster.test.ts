import { describe, expect, it } from 'vitest';
import { groupCommitSeamlessPoster } from './seamless.poster';
import type { CallOutcome, CallRefusal } from './seamless.repository';

type Input = Record<string, unknown> & { tx: string };

/** A database stand-in: records every statement, answers each call by its id (refusals for ids starting with `no-`). */
const fakeRepository = (options: { failBatches?: boolean } = {}) => {
  const statements: string[][] = [];
  let open = 0;
  let maxOpen = 0;
  const answer = (input: Input): CallOutcome | CallRefusal =>
    input.tx.startsWith('no-')
      ? { refused: 'INSUFFICIENT_FUNDS', detail: '42' }
      : { duplicate: false, balance: input.tx.length.toString(), settled: false };
  const statement = async <T>(ids: string[], run: () => T): Promise<T> => {
    statements.push(ids);
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    await new Promise((resolve) => setTimeout(resolve, 5));
    open -= 1;
    return run();
  };
  return {
    statements,
    maxOpen: () => maxOpen,
    call: (input: Record<string, unknown>) =>
      statement([(input as Input).tx], () => {
        const outcome = answer(input as Input);
        if ('refused' in outcome) throw Object.assign(new Error(outcome.refused), { code: 'SW001', detail: '42' });
        return outcome;
      }),
    callBatch: (inputs: readonly Record<string, unknown>[]) =>
      statement(
        inputs.map((input) => (input as Input).tx),
        () => {
          if (options.failBatches === true) throw Object.assign(new Error('deadlock'), { code: '40P01' });
          return inputs.map((input) => answer(input as Input));
        },
      ),
  };
};

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as { code?: string; message: string; detail?: string } }),
  );

describe('seamless group commit', () => {
  it('should send calls that wait behind a busy lane as one batch, each answered on its own', async () => {
    const repository = fakeRepository();
    const poster = groupCommitSeamlessPoster(repository, { lanes: 1 });
    const first = settle(poster.submit({ tx: 'a' }, 0));
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = ['bb', 'no-1', 'ccc'].map((tx) => settle(poster.submit({ tx }, 0)));
    const answers = await Promise.all([first, ...waiting]);
    expect(repository.statements).toEqual([['a'], ['bb', 'no-1', 'ccc']]);
    expect(answers.map((answer) => (answer.ok ? answer.value.balance : answer.error.message))).toEqual([
      '1',
      '2',
      'INSUFFICIENT_FUNDS',
      '3',
    ]);
    // The refusal reads exactly as one raised by a call alone, balance included.
    expect(answers[2]).toMatchObject({ ok: false, error: { code: 'SW001', detail: '42' } });
  });

  it('should run the calls of a batch that failed whole one by one', async () => {
    const repository = fakeRepository({ failBatches: true });
    const poster = groupCommitSeamlessPoster(repository, { lanes: 1 });
    const first = settle(poster.submit({ tx: 'a' }, 0));
    await new Promise((resolve) => setImmediate(resolve));
    const rest = ['bb', 'no-2'].map((tx) => settle(poster.submit({ tx }, 0)));
    const answers = await Promise.all([first, ...rest]);
    expect(repository.statements).toEqual([['a'], ['bb', 'no-2'], ['bb'], ['no-2']]);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, false]);
  });

  it('should keep at most one batch in flight per lane, and run lanes side by side', async () => {
    const repository = fakeRepository();
    const poster = groupCommitSeamlessPoster(repository, { lanes: 2, maxBatch: 2 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => settle(poster.submit({ tx: `t${i}` }, i))));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(repository.maxOpen()).toBe(2);
    // Each statement holds calls of one lane only, at most two.
    for (const ids of repository.statements) {
      expect(ids.length).toBeLessThanOrEqual(2);
      expect(new Set(ids.map((id) => Number(id.slice(1)) % 2)).size).toBe(1);
    }
  });
});
