import { useId, type ReactNode } from 'react';
import { useConfig } from '@/lib/config';
import { useDocumentTitle } from '@/lib/document-title';

/** A page: one h1 (also the document title) and its content. */
export function PageFrame({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const headingId = useId();
  useDocumentTitle(title, useConfig().brand.name);
  return (
    <section className="page" aria-labelledby={headingId} data-testid={testId}>
      <h1 id={headingId} className="page__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
