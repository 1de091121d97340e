import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, PageHeader } from '@/components/data-table';
import './config.css';

type ConfigPageProps<Data> = {
  title: string;
  /** Explains the area: what players see, how the rules work. */
  intro: string;
  query: { data: Data | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  testId: string;
  /** The editor, given the stored state (rendered again with a new key after each save). */
  children: (data: Data) => ReactNode;
};

/** The frame of a configuration page: title, explanation, then loading, error with retry, or the editor. */
export function ConfigPage<Data>({ title, intro, query, testId, children }: ConfigPageProps<Data>) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p className="page-spinner" role="status" data-testid={`${testId}-loading`}>
        {t('common.loading')}
      </p>
    );
  } else if (query.isError || query.data === undefined) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} testId={`${testId}-error`} />;
  } else body = children(query.data);
  return (
    <section className="page" data-testid={testId}>
      <PageHeader title={title} />
      <p className="field__hint">{intro}</p>
      {body}
    </section>
  );
}

type RowActionsProps = {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove?: () => void;
  /** Names the row for screen readers ("Move Telegram up"). */
  name: string;
  testId: string;
};

/** Up, down and (for lists that can shrink) remove buttons of an ordered row. */
export function RowActions({ index, count, onMove, onRemove, name, testId }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <span className="table__actions">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={t('config.moveUp', { name })}
        disabled={index === 0}
        data-testid={`${testId}-up`}
        onClick={() => onMove(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={t('config.moveDown', { name })}
        disabled={index === count - 1}
        data-testid={`${testId}-down`}
        onClick={() => onMove(index, index + 1)}
      >
        ↓
      </button>
      {onRemove && (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('config.remove', { name })}
          data-testid={`${testId}-remove`}
          onClick={onRemove}
        >
          {t('config.removeShort')}
        </button>
      )}
    </span>
  );
}

/** The dotted paths of every input of a list form (`entries.0.path`…), so server field errors land under them. */
export const listPaths = (list: string, count: number, keys: readonly string[]): string[] => [
  list,
  ...Array.from({ length: count }, (_, index) => keys.map((key) => `${list}.${index}.${key}`)).flat(),
];

/** An error about a whole list ("must list every entry"), under the list. */
export function ListError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="field__error" role="alert" data-testid="field-error">
      {message}
    </p>
  ) : null;
}
