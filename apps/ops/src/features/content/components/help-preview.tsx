import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The section as players see it: sanitized with the player app's DOMPurify settings (apps/web features/help
 * sanitize.ts), so staff notice here when markup would not survive. The server refuses such markup anyway.
 */
const sanitize = (html: string): string =>
  DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style', 'id'],
  });

export function HelpPreview({ title, html }: { title: string; html: string }) {
  const { t } = useTranslation();
  const clean = useMemo(() => sanitize(html), [html]);
  return (
    <section className="help-preview" aria-label={t('content.help.preview')} data-testid="help-preview">
      <h2>{title}</h2>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </section>
  );
}
