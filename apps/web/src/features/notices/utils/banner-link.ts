/**
 * Where a banner click goes (spec §3 banner url): a path on this site opens in the app (router link); an http(s)
 * address elsewhere opens in a new tab without an opener; anything else (no url, or a scheme such as javascript:) is
 * not a link at all, the banner is a plain image.
 */
export type BannerTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string } | { kind: 'none' };

export const bannerTarget = (url: string | null, origin: string = window.location.origin): BannerTarget => {
  const text = url?.trim() ?? '';
  if (text === '') return { kind: 'none' };
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return { kind: 'internal', to: text };
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return { kind: 'none' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { kind: 'none' };
  if (parsed.origin === origin) return { kind: 'internal', to: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { kind: 'external', href: parsed.href };
};
