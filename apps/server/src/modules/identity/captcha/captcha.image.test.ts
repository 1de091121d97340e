import { PNG } from 'pngjs';
import { parse, wcagContrast } from 'culori';
import { describe, expect, it } from 'vitest';
import { readCaptchaSvg } from './captcha-svg-reader';
import { CAPTCHA_ALPHABET } from './captcha.font';
import { CAPTCHA_HEIGHT, CAPTCHA_PIXEL_RATIO, CAPTCHA_WIDTH, captchaSvgToPng, renderCaptchaSvg } from './captcha.image';
import { CAPTCHA_LENGTH, randomCaptchaText } from './captcha.service';

/** The look-alike groups a careful reader confused (issue 16) and the usual ones: at most one of each may appear. */
const LOOK_ALIKES = ['0OQD', '1IL7', '2Z', '5S', '8B', 'BE', 'GS6', 'NA', 'XY', 'PR', 'UV', 'CG', 'EF', 'KX', 'KR'];
const SAMPLES = 200;

/** Exact-colour pixels of the PNG per CSS pixel of area. */
const pixelsOfColour = (png: PNG, colour: string): number => {
  const rgb = parse(colour);
  if (!rgb || rgb.mode !== 'rgb') throw new Error(colour);
  const [r, g, b] = [rgb.r, rgb.g, rgb.b].map((c) => Math.round(c * 255));
  let count = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (png.data[i] === r && png.data[i + 1] === g && png.data[i + 2] === b) count += 1;
  }
  return count / CAPTCHA_PIXEL_RATIO ** 2;
};

describe('captcha image', () => {
  const samples = Array.from({ length: SAMPLES }, () => {
    const text = randomCaptchaText();
    const svg = renderCaptchaSvg(text);
    return { text, svg, reading: readCaptchaSvg(svg) };
  });

  it('should draw only characters of an alphabet that holds at most one of every look-alike group', () => {
    for (const group of LOOK_ALIKES)
      expect([...group].filter((c) => CAPTCHA_ALPHABET.includes(c)).length).toBeLessThan(2);
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z0-9]+$/);
    const seen = new Set(samples.flatMap(({ text }) => [...text]));
    for (const { text } of samples) expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
    // 200 × 5 draws from 15 characters: a character never drawn would mean a broken draw.
    expect([...seen].sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''));
  });

  it('should draw one glyph per character and nothing but background, glyphs and noise', () => {
    for (const { text, reading } of samples) {
      expect(reading.glyphs).toHaveLength(text.length);
      expect(reading.unclassified).toEqual([]);
      expect([reading.width, reading.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    }
  });

  it('should give every glyph a contrast of at least 4.5:1 against every background colour', () => {
    let lowest = Infinity;
    for (const { reading } of samples) {
      expect(reading.backgroundFills.length).toBeGreaterThan(0);
      for (const glyph of reading.glyphs) {
        for (const background of reading.backgroundFills)
          lowest = Math.min(lowest, wcagContrast(glyph.fill, background));
      }
    }
    expect(lowest).toBeGreaterThanOrEqual(4.5);
  });

  it('should draw noise strokes thinner than the thinnest glyph stroke of the same captcha', () => {
    for (const { reading } of samples) {
      const thinnestGlyph = Math.min(...reading.glyphs.map((g) => g.strokeWidth));
      expect(reading.noiseStrokeWidths.length).toBeGreaterThan(0);
      expect(Math.max(...reading.noiseStrokeWidths)).toBeLessThan(thinnestGlyph / 2);
    }
  });

  it('should keep every glyph inside the picture, large, and apart from the others', () => {
    for (const { reading } of samples) {
      const boxes = reading.glyphs.map((g) => g.box).sort((a, b) => a.left - b.left);
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(CAPTCHA_WIDTH);
        expect(box.bottom).toBeLessThanOrEqual(CAPTCHA_HEIGHT);
        // Cap height of the glyphs: large enough to read at a glance (about 1.5 times body text).
        expect(box.bottom - box.top).toBeGreaterThan(22);
      }
      // Left to right, each box ends before the next begins: no two glyphs overlap or touch.
      boxes.slice(1).forEach((box, i) => expect(box.left).toBeGreaterThan(boxes[i]!.right));
    }
  });

  it('should rasterise to a PNG at twice the size that shows each glyph in its own colour', () => {
    for (const { svg, reading } of samples.slice(0, 20)) {
      const png = PNG.sync.read(captchaSvgToPng(svg));
      expect([png.width, png.height]).toEqual([
        CAPTCHA_WIDTH * CAPTCHA_PIXEL_RATIO,
        CAPTCHA_HEIGHT * CAPTCHA_PIXEL_RATIO,
      ]);
      // Most of a glyph's ink is its exact fill: edges are blended, and thin noise crosses a little of it.
      for (const glyph of reading.glyphs) expect(pixelsOfColour(png, glyph.fill)).toBeGreaterThan(glyph.area * 0.5);
    }
  });

  it('should differ for the same text', () => {
    expect(renderCaptchaSvg('ACE34')).not.toBe(renderCaptchaSvg('ACE34'));
  });
});
