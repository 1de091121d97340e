import './inline-controls.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_STATUSES, type GameStatus } from '@platform/contracts';

/** A status picker inside a table row (ACTIVE, MAINTENANCE, DISABLED). */
export function StatusSelect({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: GameStatus;
  onChange: (status: GameStatus) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <select
      className="field__control field__control--inline"
      aria-label={label}
      data-testid={testId}
      value={value}
      onChange={(event) => onChange(event.target.value as GameStatus)}
    >
      {GAME_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`games.statuses.${status}`)}
        </option>
      ))}
    </select>
  );
}

const SORT_LIMIT = 1_000_000;

/** The whole number a sort box holds, or null when it is not one the server accepts. */
export const sortOf = (text: string): number | null => {
  if (!/^-?\d{1,7}$/.test(text.trim())) return null;
  const sort = Number(text);
  return Math.abs(sort) <= SORT_LIMIT ? sort : null;
};

/**
 * An order box inside a table row: saved when it loses focus or on Enter, only when it changed; a value that is not a
 * whole number between -1,000,000 and 1,000,000 is shown as an error and not sent.
 */
export function SortInput({
  label,
  value,
  onCommit,
  testId,
}: {
  label: string;
  value: number;
  onCommit: (sort: number) => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  const [invalid, setInvalid] = useState(false);
  // The row was reloaded with another order (saved here or elsewhere): show it.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const commit = () => {
    const sort = sortOf(text);
    setInvalid(sort === null);
    if (sort === null || sort === value) return;
    void onCommit(sort).catch(() => setText(String(value)));
  };
  return (
    <span className="inline-field">
      <input
        className="field__control field__control--inline field__control--number"
        inputMode="numeric"
        aria-label={label}
        aria-invalid={invalid || undefined}
        data-testid={testId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {invalid && (
        <span className="field__error" role="alert" data-testid="field-error">
          {t('games.sortInvalid')}
        </span>
      )}
    </span>
  );
}
