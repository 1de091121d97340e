import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

/**
 * The captcha alphabet (ADR 0021): upper-case letters and digits with every look-alike group cut down to at most one
 * member, so a wrong answer is a wrong answer and not a misread glyph. Left out, with the glyph each one is confused
 * with: 0 O Q D (one another), 1 I L 7 T? (kept T: 1, I, L and 7 are gone), 2 Z, 5 S, 6 G, 8 B, B E (kept E), N A
 * (kept A), X Y (kept Y), V U (kept U), R P (kept P), F E (kept E), G C (kept C), R K (kept K), X K.
 */
export const CAPTCHA_ALPHABET = 'ACEHJKMPTUWY349';

/** DejaVu Sans Bold (OFL-1.1 via @fontsource): wide, open shapes and heavy stems that survive a slight rotation. */
const FONT_FILE = '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff';

let font: opentype.Font | undefined;

/** Parsed once, on the first captcha, so a server that never draws one never reads the file. */
export const captchaFont = (): opentype.Font => {
  if (!font) {
    const bytes = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
};

export type Point = { x: number; y: number };

/** One drawing step of an outline in absolute coordinates: move, line, quadratic or cubic curve, close. */
export type OutlineCommand =
  | { type: 'M' | 'L'; to: Point }
  | { type: 'Q'; control: Point; to: Point }
  | { type: 'C'; control1: Point; control2: Point; to: Point }
  | { type: 'Z' };

const toOutline = (commands: opentype.PathCommand[]): OutlineCommand[] =>
  commands.map((command): OutlineCommand => {
    switch (command.type) {
      case 'M':
      case 'L':
        return { type: command.type, to: { x: command.x, y: command.y } };
      case 'Q':
        return { type: 'Q', control: { x: command.x1, y: command.y1 }, to: { x: command.x, y: command.y } };
      case 'C':
        return {
          type: 'C',
          control1: { x: command.x1, y: command.y1 },
          control2: { x: command.x2, y: command.y2 },
          to: { x: command.x, y: command.y },
        };
      default:
        return { type: 'Z' };
    }
  });

/** Outlines at 1 px, by character: parsing a glyph costs about half a millisecond, scaling it almost nothing. */
const unitOutlines = new Map<string, OutlineCommand[]>();

const scaled = (outline: OutlineCommand[], size: number): OutlineCommand[] => {
  const s = ({ x, y }: Point): Point => ({ x: x * size, y: y * size });
  return outline.map((c) => {
    if (c.type === 'Z') return c;
    if (c.type === 'Q') return { type: 'Q', control: s(c.control), to: s(c.to) };
    if (c.type === 'C') return { type: 'C', control1: s(c.control1), control2: s(c.control2), to: s(c.to) };
    return { type: c.type, to: s(c.to) };
  });
};

/**
 * The outline of one character at `sizePx`, its origin on the baseline at (0, 0), y downwards as in SVG. Glyph by
 * glyph (not `font.getPath` on a string), so no shaping feature of the font runs: opentype.js does not support all
 * of DejaVu's, and captcha glyphs are placed one by one anyway.
 */
export const glyphOutline = (char: string, sizePx: number): OutlineCommand[] => {
  let unit = unitOutlines.get(char);
  if (!unit) {
    const glyph = captchaFont().charToGlyph(char);
    if (glyph.index === 0) throw new Error(`The captcha font has no glyph for ${JSON.stringify(char)}`);
    unit = toOutline(glyph.getPath(0, 0, 1).commands);
    unitOutlines.set(char, unit);
  }
  return scaled(unit, sizePx);
};
