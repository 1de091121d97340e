import sanitizeHtml from 'sanitize-html';

/**
 * The markup a help section may hold, applied by sanitize-html when staff write a section: what is stored is already
 * safe, so a client that forgets to sanitize (or an export, or a future screen) cannot run operator markup. The player
 * side sanitizes again when it shows the section (apps/web features/help/utils/sanitize.ts, DOMPurify: no scripts,
 * handlers, forms, iframes, inline styles or ids); this allowlist is a subset of what DOMPurify keeps there, so a
 * stored section renders the same in the editor's preview and for players.
 */
const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'div', 'span'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img'],
];

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** Same-origin path (`/promotions`), not `//host` nor `/\host`. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;
/** An in-page anchor such as `#term`. */
const IN_PAGE = /^#[A-Za-z0-9_-]*$/;
const NUMBER = /^\d{1,4}$/;

const isSafeLink = (href: string): boolean => {
  const value = href.trim();
  if (IN_PAGE.test(value) || SAME_ORIGIN_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return ['https:', 'http:', 'mailto:'].includes(url.protocol) && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/** Images are served by us, like banner images: an external image would let a third party see every reader. */
const isSafeImage = (src: string): boolean => SAME_ORIGIN_PATH.test(src.trim());

/** Drops an attribute whose value is not allowed (sanitize-html checks names; values are checked here). */
const keepAttributes = (
  attribs: Record<string, string>,
  allowed: (name: string, value: string) => boolean,
): Record<string, string> =>
  Object.fromEntries(Object.entries(attribs).filter(([name, value]) => allowed(name, value)));

const numeric = (name: string, value: string): boolean =>
  !['width', 'height', 'colspan', 'rowspan', 'start'].includes(name) || NUMBER.test(value.trim());

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  // Links are checked whole by isSafeLink (schemes, user info, protocol-relative); sanitize-html's own scheme filter
  // runs first and drops javascript:, data: and the like however they are spelled.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Script and style bodies go with their tags; any other disallowed tag leaves its text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: keepAttributes(attribs, (name, value) => name !== 'href' || isSafeLink(value)),
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: keepAttributes(attribs, (name, value) => (name === 'src' ? isSafeImage(value) : numeric(name, value))),
    }),
    ...Object.fromEntries(
      ['th', 'td', 'ol'].map((tag) => [
        tag,
        (tagName: string, attribs: Record<string, string>) => ({ tagName, attribs: keepAttributes(attribs, numeric) }),
      ]),
    ),
  },
  // An image without a picture is nothing to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && (frame.attribs.src ?? '') === '',
};

/**
 * The help HTML as it is stored: every tag, attribute and address outside the allowlist removed (scripts and styles
 * with their content, other tags keeping their text). Parsed by htmlparser2 and written back out, so what is stored
 * is well-formed markup with its text escaped.
 */
export const sanitizeHelpHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
