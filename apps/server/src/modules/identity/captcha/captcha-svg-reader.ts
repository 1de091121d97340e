import { parseFragment } from 'parse5';

/**
 * Reads a rendered captcha SVG back the way a reviewer would measure it, for the tests: the background fills, each
 * glyph's fill and outline geometry, each noise stroke's width. Only what the SVG says counts, never the renderer's
 * constants.
 */
type Element = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Element[] };
type Point = { x: number; y: number };

export type GlyphGeometry = {
  fill: string;
  /** Ink area in square CSS pixels (holes subtracted). */
  area: number;
  /** Length of all contours. */
  perimeter: number;
  /** Mean stroke width of a glyph made of strokes: area = width × length and the outline runs both sides. */
  strokeWidth: number;
  box: { left: number; top: number; right: number; bottom: number };
};

export type CaptchaSvgReading = {
  width: number;
  height: number;
  backgroundFills: string[];
  glyphs: GlyphGeometry[];
  noiseStrokeWidths: number[];
  /** Drawn elements that are none of the three kinds: a test expects none. */
  unclassified: string[];
};

const attr = (element: Element, name: string): string => {
  const value = element.attrs?.find((a) => a.name === name)?.value;
  if (value === undefined) throw new Error(`<${element.nodeName}> has no ${name}`);
  return value;
};

const elements = (node: Element): Element[] => (node.childNodes ?? []).flatMap((child) => [child, ...elements(child)]);

const CURVE_STEPS = 24;

/** Flattens absolute M/L/Q/C/Z path data into closed polygons. */
const contoursOf = (d: string): Point[][] => {
  const contours: Point[][] = [];
  let current: Point[] = [];
  for (const [, command, args] of d.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
    const v = (args ?? '')
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const from = current.at(-1) ?? { x: 0, y: 0 };
    const curve = (at: (t: number) => Point) => {
      for (let s = 1; s <= CURVE_STEPS; s += 1) current.push(at(s / CURVE_STEPS));
    };
    if (command === 'M') {
      if (current.length > 0) contours.push(current);
      current = [{ x: v[0]!, y: v[1]! }];
    } else if (command === 'L') current.push({ x: v[0]!, y: v[1]! });
    else if (command === 'Q')
      curve((t) => ({
        x: (1 - t) ** 2 * from.x + 2 * (1 - t) * t * v[0]! + t ** 2 * v[2]!,
        y: (1 - t) ** 2 * from.y + 2 * (1 - t) * t * v[1]! + t ** 2 * v[3]!,
      }));
    else if (command === 'C')
      curve((t) => ({
        x: (1 - t) ** 3 * from.x + 3 * (1 - t) ** 2 * t * v[0]! + 3 * (1 - t) * t ** 2 * v[2]! + t ** 3 * v[4]!,
        y: (1 - t) ** 3 * from.y + 3 * (1 - t) ** 2 * t * v[1]! + 3 * (1 - t) * t ** 2 * v[3]! + t ** 3 * v[5]!,
      }));
  }
  if (current.length > 0) contours.push(current);
  return contours;
};

const measure = (fill: string, d: string): GlyphGeometry => {
  const contours = contoursOf(d);
  let signedArea = 0;
  let perimeter = 0;
  for (const contour of contours) {
    contour.forEach((p, i) => {
      const q = contour[(i + 1) % contour.length]!;
      signedArea += p.x * q.y - q.x * p.y;
      perimeter += Math.hypot(q.x - p.x, q.y - p.y);
    });
  }
  // Outer contours and holes run in opposite directions, so the signed sum is the ink's area.
  const area = Math.abs(signedArea) / 2;
  const points = contours.flat();
  return {
    fill,
    area,
    perimeter,
    strokeWidth: (2 * area) / perimeter,
    box: {
      left: Math.min(...points.map((p) => p.x)),
      top: Math.min(...points.map((p) => p.y)),
      right: Math.max(...points.map((p) => p.x)),
      bottom: Math.max(...points.map((p) => p.y)),
    },
  };
};

export const readCaptchaSvg = (svg: string): CaptchaSvgReading => {
  const all = elements(parseFragment(svg) as unknown as Element);
  const root = all.find((e) => e.nodeName === 'svg');
  if (!root) throw new Error('no <svg> element');
  const ofClass = (name: string) => all.filter((e) => e.attrs?.some((a) => a.name === 'class' && a.value === name));
  return {
    width: Number(attr(root, 'width')),
    height: Number(attr(root, 'height')),
    backgroundFills: ofClass('background').map((e) => attr(e, 'fill')),
    glyphs: ofClass('glyph').map((e) => measure(attr(e, 'fill'), attr(e, 'd'))),
    noiseStrokeWidths: ofClass('noise').map((e) => Number(attr(e, 'stroke-width'))),
    unclassified: elements(root)
      .filter((e) => !e.nodeName.startsWith('#'))
      .filter((e) => !['background', 'glyph', 'noise'].includes(e.attrs?.find((a) => a.name === 'class')?.value ?? ''))
      .map((e) => e.nodeName),
  };
};
