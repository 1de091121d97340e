/** A table's column headings, each a column header for assistive technology. */
export function TableHead({ headers }: { headers: readonly string[] }) {
  return (
    <thead>
      <tr>
        {headers.map((header, index) => (
          <th scope="col" key={index}>
            {header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export type PagerProps = {
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
  /** The pager's name ("Pages", "Withdrawal orders"), its buttons' texts and "Page 2 of 5". */
  labels: { name: string; previous: string; next: string; page: string };
  /** Smaller buttons and text, on one line at the end (the back office's lists). */
  small?: boolean;
  testId?: string;
};

/** Previous and next around "page n of m"; nothing when there is one page. */
export function Pager(props: PagerProps) {
  const { pageNo, totalPages, onPage, labels, small = false, testId } = props;
  if (totalPages <= 1) return null;
  const buttonClass = small ? 'button button--ghost button--small' : 'button button--ghost';
  return (
    <nav className={small ? 'pager pager--compact' : 'pager'} aria-label={labels.name} data-testid={testId}>
      <button type="button" className={buttonClass} disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {labels.previous}
      </button>
      <span aria-current="page">{labels.page}</span>
      <button type="button" className={buttonClass} disabled={pageNo >= totalPages} onClick={() => onPage(pageNo + 1)}>
        {labels.next}
      </button>
    </nav>
  );
}
