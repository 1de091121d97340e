/**
 * Reads a Content-Security-Policy header as a browser does (directive names lower-cased, the first of a repeated
 * directive wins) and lists what would let arbitrary script run or data leave to origins nobody configured. Shared by
 * the server's header tests and the browser suite (e2e/security-headers.e2e.ts).
 */
export type Csp = Map<string, string[]>;

export const parseCsp = (header: string): Csp => {
  const csp: Csp = new Map();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name === undefined || name === '' || csp.has(name.toLowerCase())) continue;
    csp.set(name.toLowerCase(), values);
  }
  return csp;
};

/** The sources a directive falls back to (CSP3 §6.8.3): script-src, then default-src; none at all means anything. */
const effective = (csp: Csp, directive: string): string[] | null =>
  csp.get(directive) ?? csp.get('default-src') ?? null;

/** Script sources that allow script nobody reviewed: inline, eval, wildcards and whole schemes. */
const ARBITRARY_SCRIPT = [
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'unsafe-hashes'",
  "'wasm-unsafe-eval'",
  '*',
  'data:',
  'blob:',
  'http:',
  'https:',
  'ws:',
  'wss:',
  'filesystem:',
];

export type CspExpectations = {
  /** Origins connect-src and img-src may name besides 'self' (the merchant's origins, CDNs, the RGS, analytics). */
  allowedOrigins: readonly string[];
  /** Extra non-origin sources img-src may hold (e.g. data: for captcha pictures). */
  allowedImageSchemes?: readonly string[];
  /** Exactly which ancestors may frame the page; undefined: not checked. */
  frameAncestors?: readonly string[];
};

/** Every problem found, as readable lines (empty: the policy is as strict as expected). */
export const cspProblems = (header: string | undefined, expected: CspExpectations): string[] => {
  if (header === undefined || header === '') return ['no Content-Security-Policy'];
  const csp = parseCsp(header);
  const problems: string[] = [];
  const script = effective(csp, 'script-src');
  if (script === null) problems.push('no script-src and no default-src: any script may run');
  for (const source of script ?? []) {
    if (ARBITRARY_SCRIPT.includes(source.toLowerCase()) || source.includes('*')) {
      problems.push(`script-src allows ${source}`);
    }
  }
  const allowed = new Set(["'self'", "'none'", ...expected.allowedOrigins]);
  for (const directive of ['connect-src', 'img-src']) {
    const sources = effective(csp, directive);
    if (sources === null) problems.push(`no ${directive} and no default-src`);
    const extra = directive === 'img-src' ? (expected.allowedImageSchemes ?? []) : [];
    for (const source of sources ?? []) {
      if (!allowed.has(source) && !extra.includes(source)) problems.push(`${directive} allows ${source}`);
    }
  }
  if (expected.frameAncestors !== undefined) {
    const ancestors = csp.get('frame-ancestors') ?? [];
    if ([...ancestors].sort().join(' ') !== [...expected.frameAncestors].sort().join(' ')) {
      problems.push(`frame-ancestors is "${ancestors.join(' ')}", expected "${expected.frameAncestors.join(' ')}"`);
    }
  }
  return problems;
};
