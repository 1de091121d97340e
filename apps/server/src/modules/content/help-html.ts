import { parseFragment } from 'parse5';

/**
 * The markup a help section may hold. The player side sanitizes help HTML with DOMPurify (apps/web
 * features/help/utils/sanitize.ts: no scripts, handlers, forms, iframes, inline styles or ids); the staff API refuses
 * anything outside this smaller allowlist instead of storing it, so what staff see in the editor is what players get,
 * and the stored HTML stays safe even for a client that forgets to sanitize.
 */
const ALLOWED_TAGS = new Set([
  ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'div', 'span'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img'],
]);

const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'title']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
  th: new Set(['colspan', 'rowspan']),
  td: new Set(['colspan', 'rowspan']),
  ol: new Set(['start']),
};
const NO_ATTRIBUTES: ReadonlySet<string> = new Set();

/** Same-origin path (`/promotions`), not `//host` nor `/\host`. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;
/** An in-page anchor such as `#term`. */
const IN_PAGE = /^#[A-Za-z0-9_-]*$/;

const linkProblem = (href: string): string | null => {
  const value = href.trim();
  if (IN_PAGE.test(value) || SAME_ORIGIN_PATH.test(value)) return null;
  try {
    const url = new URL(value);
    if (['https:', 'http:', 'mailto:'].includes(url.protocol) && url.username === '' && url.password === '') {
      return null;
    }
  } catch {
    // not an absolute URL either
  }
  return `the link "${value.slice(0, 80)}" must be a path on this site, an in-page #anchor, or an http(s) or mailto address`;
};

/** Images are served by us, like banner images: an external image would let a third party see every reader. */
const imageProblem = (src: string): string | null =>
  SAME_ORIGIN_PATH.test(src.trim()) ? null : `the image "${src.slice(0, 80)}" must be a path on this site`;

const NUMBER = /^\d{1,4}$/;

type Node = {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
};

const attributeProblem = (tag: string, name: string, value: string): string | null => {
  if (!(ALLOWED_ATTRIBUTES[tag] ?? NO_ATTRIBUTES).has(name)) {
    return `the attribute ${name} is not allowed on <${tag}>`;
  }
  if (name === 'href') return linkProblem(value);
  if (name === 'src') return imageProblem(value);
  if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name) && !NUMBER.test(value.trim())) {
    return `the attribute ${name} must be a number`;
  }
  return null;
};

const nodeProblem = (node: Node): string | null => {
  if (node.tagName !== undefined) {
    if (!ALLOWED_TAGS.has(node.tagName)) return `the <${node.tagName}> tag is not allowed`;
    for (const attr of node.attrs ?? []) {
      const problem = attributeProblem(node.tagName, attr.name, attr.value);
      if (problem !== null) return problem;
    }
  }
  for (const child of node.childNodes ?? []) {
    const problem = nodeProblem(child);
    if (problem !== null) return problem;
  }
  return null;
};

/**
 * The first reason the help HTML cannot be stored, or null when every tag and attribute is allowed. Parsed with an
 * HTML5 parser (the same tree a browser builds), so tricks such as `<scr<script>ipt>` or unquoted handlers are seen
 * as the browser would see them.
 */
export const helpHtmlProblem = (html: string): string | null => nodeProblem(parseFragment(html) as unknown as Node);
