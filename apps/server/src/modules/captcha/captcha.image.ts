import { PNG } from 'pngjs';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphInk } from './captcha.font';

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 56;

type Rgb = [number, number, number];
type Random = () => number;

/** An RGB canvas; the PNG is written from it at the end. */
type Canvas = { pixels: Uint8ClampedArray; set(x: number, y: number, rgb: Rgb): void; get(x: number, y: number): Rgb };

const canvas = (): Canvas => {
  const pixels = new Uint8ClampedArray(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 3);
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < CAPTCHA_WIDTH && y < CAPTCHA_HEIGHT;
  return {
    pixels,
    set: (x, y, [r, g, b]) => {
      if (!inside(x, y)) return;
      const i = (y * CAPTCHA_WIDTH + x) * 3;
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
    },
    get: (x, y) => {
      const cx = Math.min(CAPTCHA_WIDTH - 1, Math.max(0, x));
      const cy = Math.min(CAPTCHA_HEIGHT - 1, Math.max(0, y));
      const i = (cy * CAPTCHA_WIDTH + cx) * 3;
      return [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0];
    },
  };
};

const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const darkColour = (random: Random): Rgb => [
  between(random, 0, 110),
  between(random, 0, 110),
  between(random, 20, 130),
];

const paintBackground = (target: Canvas, random: Random): void => {
  const base: Rgb = [between(random, 215, 245), between(random, 215, 245), between(random, 215, 245)];
  for (let y = 0; y < CAPTCHA_HEIGHT; y += 1) {
    for (let x = 0; x < CAPTCHA_WIDTH; x += 1) {
      const shade = Math.sin(x / 17 + y / 11) * 8 + between(random, -6, 6);
      target.set(x, y, [base[0] + shade, base[1] - shade, base[2] + shade / 2]);
    }
  }
};

/** Each character scaled, rotated and sheared on its own, at a jittered position. */
const paintGlyph = (target: Canvas, char: string, index: number, count: number, random: Random): void => {
  const scale = between(random, 4, 5);
  const angle = between(random, -0.35, 0.35);
  const shear = between(random, -0.3, 0.3);
  const slot = CAPTCHA_WIDTH / (count + 0.5);
  const cx = slot * (index + 0.75) + between(random, -3, 3);
  const cy = CAPTCHA_HEIGHT / 2 + between(random, -6, 6);
  const colour = darkColour(random);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const reach = Math.ceil(scale * GLYPH_HEIGHT);
  for (let y = Math.floor(cy - reach); y <= cy + reach; y += 1) {
    for (let x = Math.floor(cx - reach); x <= cx + reach; x += 1) {
      // Inverse mapping: which glyph cell does this pixel come from?
      const [dx, dy] = [x - cx, y - cy];
      const v = -dx * sin + dy * cos;
      const u = dx * cos + dy * sin - shear * v;
      const gx = Math.floor(u / scale + GLYPH_WIDTH / 2);
      const gy = Math.floor(v / scale + GLYPH_HEIGHT / 2);
      if (glyphInk(char, gx, gy)) target.set(x, y, colour);
    }
  }
};

const paintLine = (target: Canvas, random: Random): void => {
  const colour = darkColour(random);
  const [x0, y0] = [between(random, 0, CAPTCHA_WIDTH / 3), between(random, 0, CAPTCHA_HEIGHT)];
  const [x1, y1] = [between(random, (2 * CAPTCHA_WIDTH) / 3, CAPTCHA_WIDTH), between(random, 0, CAPTCHA_HEIGHT)];
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
  const bend = between(random, -8, 8);
  for (let s = 0; s <= steps; s += 1) {
    const t = s / steps;
    const x = Math.round(x0 + (x1 - x0) * t);
    const y = Math.round(y0 + (y1 - y0) * t + Math.sin(t * Math.PI) * bend);
    target.set(x, y, colour);
    target.set(x, y + 1, colour);
  }
};

/** A sine warp of the whole picture in both directions, so glyph edges are not straight lines. */
const warp = (source: Canvas, random: Random): Canvas => {
  const out = canvas();
  // Gentle: about half a period over a glyph's height, so strokes bend rather than zigzag.
  const [ax, ay] = [between(random, 1.5, 2.5), between(random, 1.5, 2.5)];
  const [lx, ly] = [between(random, 60, 90), between(random, 50, 80)];
  const [px, py] = [between(random, 0, Math.PI * 2), between(random, 0, Math.PI * 2)];
  for (let y = 0; y < CAPTCHA_HEIGHT; y += 1) {
    for (let x = 0; x < CAPTCHA_WIDTH; x += 1) {
      const sx = Math.round(x + ax * Math.sin((2 * Math.PI * y) / lx + px));
      const sy = Math.round(y + ay * Math.sin((2 * Math.PI * x) / ly + py));
      out.set(x, y, source.get(sx, sy));
    }
  }
  return out;
};

const sprinkle = (target: Canvas, random: Random): void => {
  const dots = Math.floor(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 0.06);
  for (let i = 0; i < dots; i += 1) {
    const x = Math.floor(random() * CAPTCHA_WIDTH);
    const y = Math.floor(random() * CAPTCHA_HEIGHT);
    target.set(x, y, random() < 0.5 ? darkColour(random) : [255, 255, 255]);
  }
};

/**
 * Renders the captcha text as a PNG: distorted glyphs, crossing lines and dot noise. It stops casual scripts; the
 * rate limits and locks behind it are what bound a determined attacker (DESIGN.md §7).
 */
export const renderCaptchaPng = (text: string, random: Random = Math.random): Buffer => {
  const draft = canvas();
  paintBackground(draft, random);
  [...text].forEach((char, i) => paintGlyph(draft, char, i, text.length, random));
  for (let i = 0; i < 3; i += 1) paintLine(draft, random);
  const final = warp(draft, random);
  sprinkle(final, random);
  const png = new PNG({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, colorType: 2, inputHasAlpha: false });
  png.data = Buffer.from(final.pixels.buffer);
  return PNG.sync.write(png, { colorType: 2, inputHasAlpha: false });
};
