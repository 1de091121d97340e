import { Resvg, renderAsync } from '@resvg/resvg-js';
import { formatHex, wcagContrast, type Hsl } from 'culori';
import { glyphOutline, type OutlineCommand, type Point } from './captcha.font';

/** The picture's size in CSS pixels; the PNG has twice as many, so it stays sharp on phones' dense screens. */
export const CAPTCHA_WIDTH = 180;
export const CAPTCHA_HEIGHT = 60;
export const CAPTCHA_PIXEL_RATIO = 2;

/** WCAG 2.2 SC 1.4.3 asks 4.5:1 of text; glyph colours are drawn until they clear it with a margin. */
export const MIN_GLYPH_CONTRAST = 4.5;
const GLYPH_CONTRAST_TARGET = 5.5;
/** ±12°: enough that glyphs do not sit on a grid a template matcher expects, little enough not to slow a reader. */
const MAX_ROTATION_RAD = (12 * Math.PI) / 180;
const FONT_SIZE_PX = 38;
const MARGIN_PX = 6;
const MIN_GAP_PX = 3;
const MAX_JITTER_PX = 4;
/** Noise strokes stay well under the glyph stems (about 5 px at this size), so they never read as a letter part. */
const NOISE_WIDTH_PX: [number, number] = [0.8, 1.5];
const NOISE_LINES = 5;

type Random = () => number;
type Box = { left: number; top: number; right: number; bottom: number };

const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const hex = (colour: Hsl): string => formatHex(colour);
const hsl = (h: number, s: number, l: number): Hsl => ({ mode: 'hsl', h, s, l });

const lightColour = (random: Random) =>
  hex(hsl(between(random, 0, 360), between(random, 0.2, 0.6), between(random, 0.88, 0.95)));
const darkColour = (random: Random) =>
  hex(hsl(between(random, 0, 360), between(random, 0.45, 0.85), between(random, 0.14, 0.32)));

/** A dark colour that keeps the target contrast against every background colour; near-black if none turns up. */
const glyphColour = (random: Random, backgrounds: string[]): string => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const colour = darkColour(random);
    if (backgrounds.every((background) => wcagContrast(colour, background) >= GLYPH_CONTRAST_TARGET)) return colour;
  }
  return '#1a1a2e';
};

const pointsOf = (commands: OutlineCommand[]): Point[] =>
  commands.flatMap((c) => {
    if (c.type === 'Z') return [];
    if (c.type === 'Q') return [c.control, c.to];
    if (c.type === 'C') return [c.control1, c.control2, c.to];
    return [c.to];
  });

/** Covers the outline: a Bézier curve lies inside the hull of its control points, and those are all counted. */
const boxOf = (points: Point[]): Box => ({
  left: Math.min(...points.map((p) => p.x)),
  top: Math.min(...points.map((p) => p.y)),
  right: Math.max(...points.map((p) => p.x)),
  bottom: Math.max(...points.map((p) => p.y)),
});

const mapPoints = (commands: OutlineCommand[], f: (p: Point) => Point): OutlineCommand[] =>
  commands.map((c) => {
    if (c.type === 'Z') return c;
    if (c.type === 'Q') return { type: 'Q', control: f(c.control), to: f(c.to) };
    if (c.type === 'C') return { type: 'C', control1: f(c.control1), control2: f(c.control2), to: f(c.to) };
    return { type: c.type, to: f(c.to) };
  });

/** One character's outline at its size, turned about its own centre; its box is where the layout places it. */
const turnedGlyph = (char: string, sizePx: number, angle: number) => {
  const outline = glyphOutline(char, sizePx);
  const box = boxOf(pointsOf(outline));
  const [cx, cy, cos, sin] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2, Math.cos(angle), Math.sin(angle)];
  const turned = mapPoints(outline, ({ x, y }) => ({
    x: (x - cx) * cos - (y - cy) * sin,
    y: (x - cx) * sin + (y - cy) * cos,
  }));
  return { outline: turned, box: boxOf(pointsOf(turned)) };
};

/**
 * Glyphs left to right, each at its own size and angle with a gap of at least MIN_GAP_PX between boxes, so no two
 * glyphs touch; the row shrinks as a whole when it would not fit, and sits at a random spot of the space left over.
 */
const layoutGlyphs = (text: string, random: Random): OutlineCommand[][] => {
  const chars = [...text];
  const styles = chars.map(() => ({
    size: between(random, 0.92, 1.05),
    angle: between(random, -1, 1) * MAX_ROTATION_RAD,
  }));
  const gaps = chars.map(() => between(random, MIN_GAP_PX, MIN_GAP_PX + 4));
  const build = (scale: number) =>
    chars.map((char, i) => turnedGlyph(char, FONT_SIZE_PX * scale * styles[i]!.size, styles[i]!.angle));
  const rowWidth = (glyphs: ReturnType<typeof build>) =>
    glyphs.reduce((sum, g, i) => sum + g.box.right - g.box.left + (i > 0 ? gaps[i]! : 0), 0);
  const available = CAPTCHA_WIDTH - 2 * MARGIN_PX;
  let glyphs = build(1);
  // Too wide: the gaps close to their minimum first, and only then does the row shrink, so the glyphs keep their size.
  if (rowWidth(glyphs) > available) gaps.fill(MIN_GAP_PX);
  if (rowWidth(glyphs) > available) glyphs = build((0.98 * available) / rowWidth(glyphs));
  let cursor = MARGIN_PX + random() * Math.max(0, available - rowWidth(glyphs));
  return glyphs.map((glyph, i) => {
    const [width, height] = [glyph.box.right - glyph.box.left, glyph.box.bottom - glyph.box.top];
    // A small vertical jitter only: a glyph far below its neighbours reads as lower case (P as p).
    const jitter = Math.min(MAX_JITTER_PX, Math.max(0, (CAPTCHA_HEIGHT - 2 * MARGIN_PX - height) / 2));
    const top = (CAPTCHA_HEIGHT - height) / 2 + between(random, -jitter, jitter);
    const [dx, dy] = [cursor + (i > 0 ? gaps[i]! : 0) - glyph.box.left, top - glyph.box.top];
    cursor += width + (i > 0 ? gaps[i]! : 0);
    return mapPoints(glyph.outline, ({ x, y }) => ({ x: x + dx, y: y + dy }));
  });
};

const n = (value: number) => Number(value.toFixed(2)).toString();
const pointText = (p: Point) => `${n(p.x)} ${n(p.y)}`;
const pathData = (commands: OutlineCommand[]): string =>
  commands
    .map((c) => {
      if (c.type === 'Z') return 'Z';
      if (c.type === 'Q') return `Q${pointText(c.control)} ${pointText(c.to)}`;
      if (c.type === 'C') return `C${pointText(c.control1)} ${pointText(c.control2)} ${pointText(c.to)}`;
      return `${c.type}${pointText(c.to)}`;
    })
    .join('');

/** A thin curve from the left edge to the right, through the glyph band. */
const noiseLine = (random: Random): string => {
  const y = () => between(random, MARGIN_PX, CAPTCHA_HEIGHT - MARGIN_PX);
  const d = `M0 ${n(y())}C${n(CAPTCHA_WIDTH / 3)} ${n(y())} ${n((2 * CAPTCHA_WIDTH) / 3)} ${n(y())} ${CAPTCHA_WIDTH} ${n(y())}`;
  const width = n(between(random, ...NOISE_WIDTH_PX));
  return `<path class="noise" d="${d}" fill="none" stroke="${darkColour(random)}" stroke-width="${width}"/>`;
};

/**
 * The captcha as SVG (ADR 0021): a light background with a few lighter patches, the glyphs of `text` from a real
 * font filled with dark colours, and thin curves across them, some under the glyphs and some over. Every element
 * carries the attributes a test reads back: the fills, the glyph outlines and the noise's stroke widths.
 */
export const renderCaptchaSvg = (text: string, random: Random = Math.random): string => {
  const backgrounds = [lightColour(random), ...Array.from({ length: 3 }, () => lightColour(random))];
  const [base, ...patches] = backgrounds;
  const patchElements = patches.map(
    (fill) =>
      `<ellipse class="background" cx="${n(between(random, 0, CAPTCHA_WIDTH))}" cy="${n(between(random, 0, CAPTCHA_HEIGHT))}" rx="${n(between(random, 20, 60))}" ry="${n(between(random, 12, 30))}" fill="${fill}"/>`,
  );
  const glyphs = layoutGlyphs(text, random).map(
    (outline) => `<path class="glyph" d="${pathData(outline)}" fill="${glyphColour(random, backgrounds)}"/>`,
  );
  const noise = Array.from({ length: NOISE_LINES }, () => noiseLine(random));
  const under = Math.floor(NOISE_LINES / 2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">`,
    `<rect class="background" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" fill="${base}"/>`,
    ...patchElements,
    ...noise.slice(0, under),
    ...glyphs,
    ...noise.slice(under),
    '</svg>',
  ].join('');
};

const RESVG_OPTIONS = {
  fitTo: { mode: 'width' as const, value: CAPTCHA_WIDTH * CAPTCHA_PIXEL_RATIO },
  // Paths only: no text element, so no system font needs loading.
  font: { loadSystemFonts: false },
};

/** The SVG rasterised by resvg, on the calling thread (tests, the sample script). */
export const captchaSvgToPng = (svg: string): Buffer => new Resvg(svg, RESVG_OPTIONS).render().asPng();

/**
 * The captcha as the PNG the client shows. A PNG rather than the SVG, so the outlines a script could match against
 * the font never leave the server; the rate limits and locks behind it bound a determined attacker (DESIGN.md §7).
 * Rasterised on libuv's pool (about 20 ms a picture) so the event loop keeps serving other requests meanwhile.
 */
export const renderCaptchaPng = async (text: string, random: Random = Math.random): Promise<Buffer> =>
  (await renderAsync(renderCaptchaSvg(text, random), RESVG_OPTIONS)).asPng();
