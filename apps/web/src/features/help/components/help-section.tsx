import { useMemo } from 'react';
import type { HelpCentre } from '@platform/contracts';
import { sanitizeHelpHtml } from '../utils/sanitize';

type Section = HelpCentre['sections'][number];

export function HelpSection({ section }: { section: Section }) {
  const html = useMemo(() => sanitizeHelpHtml(section.html), [section.html]);
  const headingId = `${section.anchor}-title`;
  return (
    <section id={section.anchor} className="help-section" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId}>{section.title}</h2>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
