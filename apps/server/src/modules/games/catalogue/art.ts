import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API, type ArtKind } from '@platform/contracts';
import { route } from '../../../lib/route';

/**
 * Artwork made in the repository (no external images): a deterministic SVG per kind and name, a gradient picked from
 * a hash of the name, with the name's initials and text. The seed points icon_url, large_icon_url and logo_url here.
 */

/** The path of a piece of artwork, e.g. artUrl('game', 'Café Fortuna') → /wps/game/art/game/Caf%C3%A9%20Fortuna. */
export const artUrl = (kind: ArtKind, name: string): string =>
  API.game.art.replace(':kind', kind).replace(':name', encodeURIComponent(name));

const SIZES: Record<ArtKind, { width: number; height: number }> = {
  game: { width: 300, height: 300 },
  vendor: { width: 360, height: 200 },
  logo: { width: 200, height: 80 },
  banner: { width: 1200, height: 400 },
};

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** FNV-1a, 32 bits: a stable number per name. */
const hashOf = (text: string): number => {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
};

const wordsOf = (name: string): string[] => name.split(/[\s_-]+/).filter((word) => word !== '');

const initialsOf = (name: string): string => {
  const words = wordsOf(name);
  const letters =
    words.length >= 2
      ? [...(words[0] ?? '')].slice(0, 1).concat([...(words[1] ?? '')].slice(0, 1))
      : [...name].slice(0, 2);
  return letters.join('').toLocaleUpperCase('en');
};

const clip = (text: string, max: number): string => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** The SVG text of one piece of artwork (pure: same kind and name, same bytes). */
export const renderArt = (kind: ArtKind, name: string): string => {
  const { width, height } = SIZES[kind];
  const hash = hashOf(`${kind}:${name}`);
  const hue = hash % 360;
  const hue2 = (hue + 40 + ((hash >>> 9) % 90)) % 360;
  const angle = (hash >>> 17) % 2 === 0 ? 'x2="1" y2="1"' : 'x2="1" y2="0"';
  const text = wordsOf(name).join(' ');
  const label = escapeXml(clip(text, kind === 'banner' ? 40 : kind === 'logo' ? 16 : 22));
  const defs = `<defs><linearGradient id="g" x1="0" y1="0" ${angle}><stop offset="0" stop-color="hsl(${hue} 70% 42%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 22%)"/></linearGradient></defs>`;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(text)}">`;
  const font = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';
  const rings = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="${Math.round(r / 5)}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.55)}" fill="#fff" fill-opacity=".08"/>`;
  const spotX = 40 + ((hash >>> 3) % Math.max(1, width - 80));
  const spotY = 30 + ((hash >>> 11) % Math.max(1, height - 60));
  let body: string;
  switch (kind) {
    case 'game':
      body =
        rings(spotX, spotY, 90) +
        `<text x="150" y="150" text-anchor="middle" dominant-baseline="central" ${font} font-size="96" font-weight="800" fill="#fff" fill-opacity=".92">${escapeXml(initialsOf(name))}</text>` +
        `<rect x="0" y="238" width="300" height="62" fill="#000" fill-opacity=".35"/>` +
        `<text x="150" y="269" text-anchor="middle" dominant-baseline="central" ${font} font-size="22" font-weight="700" fill="#fff">${label}</text>`;
      break;
    case 'vendor':
      body =
        rings(spotX, spotY, 80) +
        `<text x="180" y="100" text-anchor="middle" dominant-baseline="central" ${font} font-size="34" font-weight="800" fill="#fff" letter-spacing="1">${label}</text>`;
      break;
    case 'logo':
      body = `<text x="100" y="40" text-anchor="middle" dominant-baseline="central" ${font} font-size="24" font-weight="800" fill="#fff">${label}</text>`;
      break;
    case 'banner':
      body =
        rings(spotX, spotY, 220) +
        rings(width - spotX, height - spotY, 140) +
        `<text x="80" y="200" dominant-baseline="central" ${font} font-size="64" font-weight="800" fill="#fff">${label}</text>`;
      break;
  }
  const radius = kind === 'logo' ? 12 : kind === 'banner' ? 0 : 18;
  return `${open}${defs}<rect width="${width}" height="${height}" rx="${radius}" fill="url(#g)"/>${body}</svg>`;
};

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const MEMO_MAX = 1_000;

/** GET /wps/game/art/:kind/:name: image/svg+xml, immutable for a year, with an ETag. */
export const artRoutes = async (app: FastifyInstance) => {
  const memo = new Map<string, { svg: string; etag: string }>();
  route(app, 'GET', API.game.art, {
    what: { params: 'artwork' },
    handler: async ({ params: { kind, name }, request, reply }) => {
      const key = `${kind}/${name}`;
      let art = memo.get(key);
      if (art === undefined) {
        const svg = renderArt(kind, name);
        art = { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"` };
        if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value ?? '');
        memo.set(key, art);
      }
      reply
        .header('cache-control', `public, max-age=${ONE_YEAR_S}, immutable`)
        .header('etag', art.etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === art.etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(art.svg);
    },
  });
};
