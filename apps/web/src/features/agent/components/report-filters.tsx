import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form-field';

/**
 * A username search over a team list: applied on submit (Enter or the button), not on every key, so typing a name
 * does not send a query per letter. An empty search shows everyone.
 */
export function UsernameSearch({
  testId,
  onSearch,
  children,
}: {
  testId: string;
  onSearch: (username: string) => void;
  /** Further filters beside the search (a game type, a transaction type). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <form
      className="agent-report__filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextField
        label={t('agent.searchUsername')}
        testId={`${testId}-search`}
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {children}
      <button
        type="submit"
        className="button button--ghost agent-report__search"
        data-testid={`${testId}-search-submit`}
      >
        {t('agent.search')}
      </button>
    </form>
  );
}
