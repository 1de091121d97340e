import DOMPurify from 'dompurify';

// Operator links open in a new tab without handing over window.opener.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Help content is operator-authored HTML (contracts HelpSectionSchema): keep the document markup, drop
 * scripts, handlers, forms and inline styles (the page's theme must stay readable in dark and light).
 */
export const sanitizeHelpHtml = (html: string): string =>
  DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style', 'id'],
  });
